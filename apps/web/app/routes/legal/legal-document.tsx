import type { LegalDocument } from '@ekran/contracts';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { formatDay, Prose } from '../../components/legal/legal-parts.tsx';
import { isNothingThere } from '../../lib/api.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { notFound } from '../../lib/not-found.ts';
import { breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import type { Route } from './+types/legal-document';
import '../../styles/legal.css';

/** A version in the address: ?version=N, a whole number from 1 (anything else is not a page). */
const VERSION = /^[1-9]\d{0,5}$/;

/**
 * spec platform §2 Legal, /legal/{alias}: the version in force, or an earlier (or upcoming) one at ?version=N, with
 * its effective date, a table of contents and every version to choose from. The canonical address is always the
 * document's own: an earlier version is the same document, not a page of its own. An unknown document or version
 * is the not-found screen; the short aliases (/privacy, …) never reach here (platform §2: they are not-found).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { api } = context.get(visitorContext);
  const asked = new URL(request.url).searchParams.get('version');
  if (asked !== null && !VERSION.test(asked)) throw notFound();
  try {
    const doc = asked === null ? await api.legalDocument(params.alias) : await api.legalVersion(params.alias, Number(asked));
    return { doc };
  } catch (err) {
    if (isNothingThere(err)) throw notFound();
    throw err;
  }
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = tFor('ru');
  if (!loaderData) return [{ title: t('meta.defaultTitle') }];
  const { doc } = loaderData;
  const origin = originOf(matches);
  const path = `/legal/${doc.alias}`;
  const isCurrent = doc.status === 'current';
  return seoMeta(origin, {
    title: isCurrent ? t('legal.doc.metaTitle', { title: doc.title }) : t('legal.doc.metaTitleVersion', { title: doc.title, version: doc.version }),
    description: doc.description,
    path,
    type: 'article',
    // An earlier or upcoming version is readable, but search engines should show the one in force.
    noindex: !isCurrent,
    jsonLd: [breadcrumbListLd(origin, [{ title: 'Главная', url: '/' }, { title: t('legal.index.title'), url: '/legal' }, { title: doc.title }], path)],
  });
}

function TocList({ toc }: { toc: LegalDocument['toc'] }) {
  return (
    <ol>
      {toc.map((entry) => (
        <li key={entry.id} className={entry.level > 2 ? 'legal-toc__sub' : undefined}>
          <a href={`#${entry.id}`}>{entry.title}</a>
        </li>
      ))}
    </ol>
  );
}

export default function LegalDocumentPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { doc } = loaderData;
  const lang = i18n.language;
  const day = (iso: string) => formatDay(iso, lang);
  // The versions are newest first: the one after this in time is just before it in the list.
  const index = doc.versions.findIndex((v) => v.version === doc.version);
  const next = index > 0 ? doc.versions[index - 1] : undefined;
  return (
    <div className="page legal legal--document">
      <Breadcrumbs items={[{ title: t('legal.index.title'), url: '/legal' }, { title: doc.title }]} />
      <header className="legal__header">
        <h1 className="legal__title">{doc.title}</h1>
        <p className="legal__effective" data-testid="legal-effective">
          {t('legal.doc.versionItem', { version: doc.version })} ·{' '}
          {doc.status === 'upcoming' ? t('legal.doc.willTakeEffect', { date: day(doc.effective_from) }) : t('legal.doc.effectiveFrom', { date: day(doc.effective_from) })}
        </p>
        {lang !== 'ru' ? <p className="legal__note">{t('legal.doc.russianOnly')}</p> : null}
      </header>
      {doc.status !== 'current' ? (
        <div className="legal__notice" role="note" data-testid="legal-notice">
          <p>
            {doc.status === 'previous' && next
              ? t('legal.doc.previousNotice', { from: day(doc.effective_from), to: formatDay(next.effective_from, lang, true) })
              : t('legal.doc.upcomingNotice', { date: day(doc.effective_from) })}
          </p>
          <Link to={`/legal/${doc.alias}`} className="btn btn--ghost">
            {t('legal.doc.toCurrent')}
          </Link>
        </div>
      ) : null}
      <div className="legal__layout">
        <aside className="legal__aside">
          {doc.toc.length > 1 ? (
            <>
              {/* Folded above the text on a phone, beside it and open on a wide screen. */}
              <details className="legal-toc legal-toc--narrow">
                <summary>{t('legal.doc.toc')}</summary>
                <TocList toc={doc.toc} />
              </details>
              <nav className="legal-toc legal-toc--wide" aria-label={t('legal.doc.toc')}>
                <h2 className="legal-toc__title">{t('legal.doc.toc')}</h2>
                <TocList toc={doc.toc} />
              </nav>
            </>
          ) : null}
          {doc.versions.length > 1 ? (
            <nav className="legal-versions" aria-label={t('legal.doc.versions')} data-testid="legal-versions">
              <h2 className="legal-versions__title">{t('legal.doc.versions')}</h2>
              <ul>
                {doc.versions.map((v) => {
                  const isShown = v.version === doc.version;
                  const label = (
                    <>
                      <span className="legal-versions__name">{t('legal.doc.versionItem', { version: v.version })}</span>
                      <span className="legal-versions__date">
                        {t('legal.doc.effectiveSince', { date: day(v.effective_from) })} · {t(`legal.doc.status.${v.status}`)}
                      </span>
                    </>
                  );
                  return (
                    <li key={v.version}>
                      {isShown ? (
                        <span className="legal-versions__item legal-versions__item--shown" aria-current="page">
                          {label}
                        </span>
                      ) : (
                        <Link className="legal-versions__item" to={v.status === 'current' ? `/legal/${doc.alias}` : `/legal/${doc.alias}?version=${v.version}`}>
                          {label}
                        </Link>
                      )}
                    </li>
                  );
                })}
              </ul>
            </nav>
          ) : null}
        </aside>
        <article className="legal__body">
          {doc.summary ? (
            <section className="legal__changes">
              <h2>{t('legal.doc.changes')}</h2>
              <p>{doc.summary}</p>
            </section>
          ) : null}
          <Prose html={doc.html} testId="legal-text" />
          <p className="legal__more">
            <Link to="/legal">{t('legal.doc.allDocuments')}</Link>
          </p>
        </article>
      </div>
    </div>
  );
}
