import { embeddedTitleAliases, journalPath, parseArtRef, scopeAllows, scopeKey, type KidsScope } from '@ekran/core';
import type { Article, ArticleList, ArticleSummary, JournalRubric, JournalRubricList, TitleArticles } from '@ekran/contracts';
import type { Db } from '@ekran/db';
import { Feed } from 'feed';
import { notFound } from '../../lib/errors.ts';
import { createTtlCache, type CacheRevision } from '../../lib/ttl-cache.ts';
import type { CatalogTitlesService } from '../catalog/catalog-titles.service.ts';
import { posterImage } from '../images/poster-url.ts';
import { articleReadingMinutes, artOf, bodyBlocks, fallbackArt, type EmbedSource } from './journal-body.ts';
import { createJournalRepo, type ArticleRow, type TitleRow } from './journal.repo.ts';

const RELATED = 3;
const FEED_ITEMS = 30;

const rubricOf = (r: { alias: string; title: string; description: string }): JournalRubric => ({
  alias: r.alias, title: r.title, description: r.description, url: journalPath(r.alias),
});

/**
 * The journal (spec platform §2 /journal, /journal/{alias}; decision 052): published articles only (published_at has
 * come by the service's clock), their body blocks with the cards and galleries of the titles the caller may see,
 * and the articles that mention a title. The same for every visitor but a child profile, whose cards keep to its
 * scope; kept like the public catalogue.
 */
export function createJournalService(
  db: Db,
  options: { cacheTtlMs: number; revision?: CacheRevision | undefined; now: () => Date; siteOrigin: string },
  { catalog }: { catalog: Pick<CatalogTitlesService, 'titleByRef' | 'toCards'> },
) {
  const repo = createJournalRepo(db);
  const cache = createTtlCache<unknown>({ name: 'journal', ttlMs: options.cacheTtlMs, revision: options.revision, maxEntries: 500 });
  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> => (options.cacheTtlMs > 0 ? (cache.get(key, load) as Promise<T>) : load());

  /** The titles the caller may see among these, as art and (when asked) as cards. */
  async function embedSource(aliases: string[], kids: KidsScope | null, withCards: boolean): Promise<EmbedSource> {
    const rows = (await repo.titlesByAlias([...new Set(aliases)])).filter((t) => scopeAllows(kids, t));
    const cards = withCards ? await catalog.toCards(rows) : [];
    return {
      art: new Map(rows.map((t) => [t.alias, { title: t.title, poster: t.poster }])),
      cards: new Map(cards.map((c) => [c.alias, c])),
    };
  }

  const coverAlias = (row: ArticleRow) => {
    const ref = parseArtRef(row.cover);
    return ref?.kind === 'title' ? [ref.alias] : [];
  };

  function summary(row: ArticleRow, source: EmbedSource): ArticleSummary {
    const ref = parseArtRef(row.cover);
    const art = ref ? artOf(ref, source) : null;
    return {
      alias: row.alias,
      url: journalPath(row.alias),
      title: row.title,
      lead: row.lead,
      cover: art?.image ?? posterImage(fallbackArt(row.alias), 'horizontal'),
      cover_alt: art?.title ?? row.title,
      rubric: rubricOf(row.rubric),
      author: row.author,
      tags: row.tags,
      published_at: row.publishedAt.toISOString(),
      updated_at: (row.updatedAt > row.publishedAt ? row.updatedAt : row.publishedAt).toISOString(),
      reading_minutes: articleReadingMinutes(row.body),
    };
  }

  async function summaries(rows: ArticleRow[], kids: KidsScope | null): Promise<ArticleSummary[]> {
    const source = await embedSource(rows.flatMap(coverAlias), kids, false);
    return rows.map((row) => summary(row, source));
  }

  async function rubricByAlias(alias: string) {
    const rubrics = await cached('rubrics', () => repo.rubrics());
    return rubrics.find((r) => r.alias === alias) ?? null;
  }

  const service = {
    /** The rubrics, in the order of the journal's tabs. */
    rubrics(): Promise<JournalRubricList> {
      return cached('rubrics:list', async () => ({ items: (await repo.rubrics()).map(rubricOf) }));
    },

    /** A page of the published articles, all or a rubric's (an unknown rubric is not found), newest first. */
    list(query: { rubric?: string | undefined; skip: number; limit: number }, kids: KidsScope | null): Promise<ArticleList> {
      const { rubric, skip, limit } = query;
      return cached(`list:${rubric ?? ''}:${skip}:${limit}:${scopeKey(kids)}`, async () => {
        const found = rubric ? await rubricByAlias(rubric) : null;
        if (rubric && !found) throw notFound(`Rubric ${rubric}`);
        const { rows, total } = await repo.page(options.now(), found?.id ?? null, skip, limit);
        return { items: await summaries(rows, kids), items_total: total, skip, limit };
      });
    },

    /** A published article with its body's blocks, the titles it mentions and related articles. */
    article(alias: string, kids: KidsScope | null): Promise<Article> {
      return cached(`article:${alias}:${scopeKey(kids)}`, async () => {
        const now = options.now();
        const row = await repo.byAlias(alias, now);
        if (!row) throw notFound(`Article ${alias}`);
        const [mentioned, related] = await Promise.all([repo.titlesOf(row.id), repo.related(row, row.rubric.alias, now, RELATED)]);
        const source = await embedSource([...embeddedTitleAliases(row.body), ...coverAlias(row), ...mentioned.map((t) => t.alias)], kids, true);
        const visible = mentioned.filter((t: TitleRow) => scopeAllows(kids, t));
        return {
          ...summary(row, source),
          blocks: bodyBlocks(row.body, source),
          titles: visible.flatMap((t) => source.cards.get(t.alias) ?? []),
          related: await summaries(related, kids),
        };
      });
    },

    /** The published articles that mention a title the caller may see (by alias or id), newest first. */
    forTitle(ref: string, kids: KidsScope | null): Promise<TitleArticles> {
      return cached(`title:${ref}:${scopeKey(kids)}`, async () => {
        const title = await catalog.titleByRef(ref);
        if (!title || !scopeAllows(kids, title)) throw notFound(`Title ${ref}`);
        return { items: await summaries(await repo.mentioning(title.id, options.now()), kids) };
      });
    },

    /** The journal's RSS 2.0 feed: the newest published articles with their text, links on the site's origin. */
    rss(): Promise<string> {
      return cached('rss', async () => {
        const origin = options.siteOrigin;
        const { rows } = await repo.page(options.now(), null, 0, FEED_ITEMS);
        const source = await embedSource(rows.flatMap((r) => [...coverAlias(r), ...embeddedTitleAliases(r.body)]), null, true);
        const feed = new Feed({
          title: 'Журнал Экрана',
          description: 'Рецензии, подборки, новости каталога и интервью онлайн-кинотеатра Экран',
          id: `${origin}${journalPath()}`,
          link: `${origin}${journalPath()}`,
          language: 'ru',
          copyright: '© Экран',
          updated: rows[0]?.publishedAt ?? options.now(),
          generator: false,
          feedLinks: { rss: `${origin}/journal/rss.xml` },
        });
        for (const row of rows) {
          const s = summary(row, source);
          const link = `${origin}${s.url}`;
          const html = bodyBlocks(row.body, source)
            .map((b) => (b.type === 'html' ? b.html : b.type === 'title' ? `<p><a href="${origin}/watch/${b.title.alias}">${escapeHtml(b.title.title)} (${b.title.year})</a></p>` : ''))
            .join('\n');
          feed.addItem({
            title: row.title,
            id: link,
            link,
            date: new Date(s.updated_at),
            published: row.publishedAt,
            description: row.lead,
            content: html,
            author: [{ name: row.author }],
            category: [{ name: row.rubric.title }],
            image: { url: `${origin}${s.cover.url}?w=1280&type=jpeg`, type: 'image/jpeg' },
          });
        }
        return feed.rss2();
      });
    },
  };
  return service;
}
export type JournalService = ReturnType<typeof createJournalService>;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
