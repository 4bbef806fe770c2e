import type { GenrePage } from '@ekran/contracts';
import { HOME_CRUMB_TITLE } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { GenreSection } from '../../components/genres/genre-section.tsx';
import { countsLine, kindsPhrase } from '../../components/genres/genre-view.ts';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { isNothingThere } from '../../lib/api.server.ts';
import { toCardView } from '../../lib/card-view.ts';
import { tFor } from '../../lib/i18n.ts';
import { imageUrl } from '../../lib/images.ts';
import { absoluteUrl, breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import genresCss from '../../styles/genres.css?url';
import type { Route } from './+types/genre';
import { notFound } from '../../lib/not-found.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: genresCss }];

const GENRE_ALIAS = /^[a-z][a-z0-9-]{1,39}$/;

/**
 * /genres/{genre} (catalogue §2): the genre's sections per kind with their marketing texts (§9) and most popular
 * titles. An unknown genre, or one the viewer has no titles of (an adult genre for a child profile), is not found.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const alias = params.genre;
  if (!GENRE_ALIAS.test(alias)) throw notFound();
  const { api, auth } = context.get(visitorContext);
  let page: GenrePage;
  try {
    page = await api.genre(alias, auth?.profile_for_child ?? false);
  } catch (err) {
    if (isNothingThere(err)) throw notFound();
    throw err;
  }
  const lead = [...page.sections].sort((a, b) => b.items_total - a.items_total)[0]?.items[0];
  return {
    alias: page.alias,
    title: page.title,
    counts: page.counts,
    sections: page.sections.map((s) => ({ kind: s.kind, text: s.text, total: s.items_total, items: s.items.map(toCardView) })),
    // The link preview shows the art of the most popular title of the genre's largest section.
    image: lead ? imageUrl(lead.horizontal_poster, 1280, 'jpeg') : null,
  };
}

type GenreData = Awaited<ReturnType<typeof loader>>;

/** The section whose text speaks for the page in search results: the kind with the most titles that has a text. */
function primaryText(d: GenreData) {
  return [...d.sections].sort((a, b) => b.total - a.total).find((s) => s.text)?.text ?? null;
}

/** The page's H1: a single section's own heading, or the genre with its kinds. */
function pageHeading(d: GenreData, t: ReturnType<typeof tFor>) {
  const only = d.sections.length === 1 ? d.sections[0] : undefined;
  return only?.text?.heading ?? t('genres.pageHeading', { genre: d.title, kinds: kindsPhrase(d.sections.map((s) => s.kind), t) });
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d) return [];
  const t = tFor('ru');
  const origin = originOf(matches);
  const path = `/genres/${d.alias}`;
  const kinds = kindsPhrase(d.sections.map((s) => s.kind), t);
  const text = primaryText(d);
  const title = text ? t('genres.metaSuffix', { heading: text.heading }) : t('genres.metaGenreTitle', { genre: d.title, kinds });
  const description = text?.description ?? t('genres.metaGenreDescription', { genre: d.title, kinds });
  const items = d.sections.flatMap((s) => s.items);
  return seoMeta(origin, {
    title,
    description,
    path,
    image: d.image,
    jsonLd: [
      breadcrumbListLd(origin, [{ title: HOME_CRUMB_TITLE, url: '/' }, { title: t('genres.title'), url: '/genres' }, { title: d.title }], path),
      {
        '@type': 'CollectionPage',
        name: pageHeading(d, t),
        description,
        url: absoluteUrl(origin, path),
        mainEntity: {
          '@type': 'ItemList',
          numberOfItems: items.length,
          itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.title, url: absoluteUrl(origin, `/watch/${item.alias}`) })),
        },
      },
    ],
  });
}

export default function GenrePageView({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const d = loaderData;
  const single = d.sections.length === 1;
  return (
    <div className="page genre-page">
      <Breadcrumbs items={[{ title: t('genres.title'), url: '/genres' }, { title: d.title }]} />
      <header className="genre-page__head">
        <h1>{pageHeading(d, t)}</h1>
        <p className="page__count">{countsLine(d.counts, t)}</p>
        {single ? null : (
          <nav className="chips genre-page__nav" aria-label={t('genres.sectionsLabel')}>
            {d.sections.map((s) => (
              <a key={s.kind} className="chip" href={`#${s.kind}`}>
                {t(`category.${s.kind}`)}
              </a>
            ))}
          </nav>
        )}
      </header>
      {d.sections.map((s) => (
        <GenreSection
          key={s.kind}
          genre={{ alias: d.alias, title: d.title }}
          section={s}
          heading={single || !s.text ? t(`genres.sectionHeading.${s.kind}`, { genre: d.title }) : s.text.heading}
        />
      ))}
    </div>
  );
}
