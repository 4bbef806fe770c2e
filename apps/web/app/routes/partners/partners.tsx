import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { tFor } from '../../lib/i18n.ts';
import { PARTNERS } from '../../lib/partners.ts';
import { originOf, seoMeta } from '../../lib/seo.ts';
import type { Route } from './+types/partners';
import '../pages/pages.css';

/** spec platform §2 Partners: /partners lists every partner of lib/partners.ts. */
export function loader() {
  return { partners: PARTNERS.map((p) => ({ slug: p.slug, path: p.path, kind: p.kind })) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = tFor('ru');
  return seoMeta(originOf(matches), { title: t('partnersInfo.metaTitle'), description: t('partnersInfo.metaDescription'), path: '/partners' });
}

export default function Partners({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page partners-page">
      <Breadcrumbs items={[{ title: t('partnersInfo.title') }]} />
      <h1>{t('partnersInfo.title')}</h1>
      <p className="partner-page__lead">{t('partnersInfo.lead')}</p>
      <ul className="partners-page__list" data-testid="partners-list">
        {loaderData.partners.map((p) => (
          <li key={p.slug}>
            <h2>
              <Link to={p.path}>{t(`partnersInfo.items.${p.slug}.name`)}</Link>
            </h2>
            <p className="partners-page__kind">{t(`partnersInfo.kinds.${p.kind}`)}</p>
            <p>{t(`partnersInfo.items.${p.slug}.offer`)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
