import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { formatDay, Prose } from '../../components/legal/legal-parts.tsx';
import { tFor } from '../../lib/i18n.ts';
import { breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import type { Route } from './+types/corporateinfo';
import { loadPage } from './info.server.ts';
import '../../styles/legal.css';

/**
 * spec platform §2 Static, /corporateinfo: the requisites (the page's text fills them in from the API's settings),
 * the contacts for the press, advertisers and content partners, and the legal documents.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { api } = context.get(visitorContext);
  const [page, documents] = await Promise.all([loadPage(api, 'corporateinfo'), api.legalDocuments()]);
  return { page, documents: documents.items };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = tFor('ru');
  if (!loaderData) return [{ title: t('meta.defaultTitle') }];
  const { page } = loaderData;
  const origin = originOf(matches);
  return seoMeta(origin, {
    title: `${page.title} — Экран`,
    description: page.description,
    path: '/corporateinfo',
    jsonLd: [
      breadcrumbListLd(origin, [{ title: 'Главная', url: '/' }, { title: t('legal.corporate.crumb') }], '/corporateinfo'),
      {
        '@type': 'Organization',
        name: page.company.name,
        email: page.company.email,
        telephone: page.company.phone,
        address: page.company.address,
        taxID: page.company.inn,
        url: origin ?? undefined,
      },
    ],
  });
}

export default function CorporateInfo({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { page, documents } = loaderData;
  return (
    <div className="page legal info-page">
      <Breadcrumbs items={[{ title: t('legal.corporate.crumb') }]} />
      <h1 className="legal__title">{page.title}</h1>
      {page.company.is_demo ? (
        <p className="requisites__demo" role="note">
          {t('legal.company.demo')}
        </p>
      ) : null}
      <Prose html={page.html} testId="page-text" />
      <section className="info-page__documents" aria-labelledby="documents-title">
        <h2 id="documents-title">{t('legal.corporate.documents')}</h2>
        <ul className="legal-list legal-list--compact" data-testid="legal-list">
          {documents.map((doc) => (
            <li key={doc.alias} className="legal-list__item">
              <Link to={`/legal/${doc.alias}`}>{doc.title}</Link>
              <span className="legal-list__meta">{t('legal.index.effective', { date: formatDay(doc.effective_from, i18n.language) })}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
