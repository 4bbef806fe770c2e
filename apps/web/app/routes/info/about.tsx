import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { Prose } from '../../components/legal/legal-parts.tsx';
import { tFor } from '../../lib/i18n.ts';
import { absoluteUrl, breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import type { Route } from './+types/about';
import { loadPage } from './info.server.ts';
import '../../styles/legal.css';

/** spec platform §2 Static, /about: what Экран is — the catalogue, TV, kids, devices (the editors' text from the API). */
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context.get(visitorContext).api, 'about') };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = tFor('ru');
  if (!loaderData) return [{ title: t('meta.defaultTitle') }];
  const { page } = loaderData;
  const origin = originOf(matches);
  return seoMeta(origin, {
    title: `${page.title} — онлайн-кинотеатр`,
    description: page.description,
    path: '/about',
    jsonLd: [
      breadcrumbListLd(origin, [{ title: 'Главная', url: '/' }, { title: t('legal.about.crumb') }], '/about'),
      { '@type': 'AboutPage', name: page.title, description: page.description, url: absoluteUrl(origin, '/about'), inLanguage: 'ru' },
    ],
  });
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page } = loaderData;
  return (
    <div className="page legal info-page">
      <Breadcrumbs items={[{ title: t('legal.about.crumb') }]} />
      <h1 className="legal__title">{page.title}</h1>
      <Prose html={page.html} testId="page-text" />
      <p className="info-page__actions">
        <Link to="/movies" className="btn btn--primary btn--lg">
          {t('legal.about.toCatalog')}
        </Link>
        <Link to="/tariffs" className="btn btn--ghost btn--lg">
          {t('legal.about.toTariffs')}
        </Link>
      </p>
    </div>
  );
}
