import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { CompanyRequisites, formatDay } from '../../components/legal/legal-parts.tsx';
import { tFor } from '../../lib/i18n.ts';
import { breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import type { Route } from './+types/legal-index';
import '../../styles/legal.css';

/** spec platform §2 Legal, /legal: every published document with its version in force, and the requisites. */
export async function loader({ context }: Route.LoaderArgs) {
  return context.get(visitorContext).api.legalDocuments();
}

export function meta({ matches }: Route.MetaArgs) {
  const t = tFor('ru');
  const origin = originOf(matches);
  return seoMeta(origin, {
    title: t('legal.index.metaTitle'),
    description: t('legal.index.metaDescription'),
    path: '/legal',
    jsonLd: [breadcrumbListLd(origin, [{ title: 'Главная', url: '/' }, { title: t('legal.index.title') }], '/legal')],
  });
}

export default function LegalIndex({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="page legal">
      <Breadcrumbs items={[{ title: t('legal.index.title') }]} />
      <h1 className="legal__title">{t('legal.index.title')}</h1>
      <p className="legal__lead">{t('legal.index.lead')}</p>
      {i18n.language !== 'ru' ? <p className="legal__note">{t('legal.doc.russianOnly')}</p> : null}
      <ul className="legal-list" data-testid="legal-list">
        {loaderData.items.map((doc) => (
          <li key={doc.alias} className="legal-list__item">
            <h2 className="legal-list__name">
              <Link to={`/legal/${doc.alias}`}>{doc.title}</Link>
            </h2>
            <p className="legal-list__description">{doc.description}</p>
            <p className="legal-list__meta">
              <span>{t('legal.index.effective', { date: formatDay(doc.effective_from, i18n.language) })}</span> · <span>{t('legal.index.version', { version: doc.version })}</span>
            </p>
          </li>
        ))}
      </ul>
      <CompanyRequisites company={loaderData.company} />
      <p className="legal__more">
        <Link to="/corporateinfo">{t('legal.index.corporate')}</Link>
      </p>
    </div>
  );
}
