// The journal of the demo (docs/decisions/052-journal.md): its rubrics and the editors' articles about the demo
// catalogue's titles. Dates are counted back from the catalogue's reference day, never from the wall clock, so a
// re-run changes nothing; every article is published by then.
import { embeddedTitleAliases, JOURNAL_AUTHOR } from '@ekran/core';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { journalArticles, journalArticleTitles, journalRubrics, titles } from '../schema.ts';
import { DEFAULT_REFERENCE_DATE } from './content/index.ts';
import { JOURNAL_ARTICLES, type SeedArticle } from './journal-articles.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** A rubric of the demo journal, in the order of its tabs. */
export interface SeedRubric { alias: string; title: string; description: string }

export const JOURNAL_RUBRICS: readonly SeedRubric[] = [
  { alias: 'retsenzii', title: 'Рецензии', description: 'Что мы думаем о фильмах и сериалах каталога — честно и без спойлеров.' },
  { alias: 'podborki', title: 'Подборки', description: 'Что посмотреть на вечер, выходные и каникулы: списки редакции по жанрам и настроению.' },
  { alias: 'novosti', title: 'Новости каталога', description: 'Премьеры и новые сезоны на Экране.' },
  { alias: 'intervyu', title: 'Интервью', description: 'Разговоры с режиссёрами и актёрами о том, как снималось кино.' },
  { alias: 'esse', title: 'Эссе', description: 'Размышления редакции о кино, сериалах и о том, как мы их смотрим.' },
];

const DAY_MS = 86_400_000;
// Moscow keeps UTC+3 all year.
const publishedAt = (a: SeedArticle) => new Date(Date.parse(`${DEFAULT_REFERENCE_DATE}T00:00:00+03:00`) - a.daysBefore * DAY_MS + (a.hour ?? 10) * 3_600_000);

/** Every title an article mentions: its body's embeds first, then the rest of its list, each once. */
export function mentionedAliases(article: Pick<SeedArticle, 'body' | 'alsoMentions'>): string[] {
  return [...new Set([...embeddedTitleAliases(article.body), ...(article.alsoMentions ?? [])])];
}

/**
 * Upserts the rubrics and articles on their aliases and rewrites each article's titles (those the catalogue has);
 * answers how many articles were written. Idempotent like the rest of the seed.
 */
export async function seedJournal(tx: Tx, articles: readonly SeedArticle[] = JOURNAL_ARTICLES): Promise<number> {
  const rubricRows = await tx
    .insert(journalRubrics)
    .values(JOURNAL_RUBRICS.map((r, position) => ({ ...r, position })))
    .onConflictDoUpdate({ target: journalRubrics.alias, set: { title: sql`excluded.title`, description: sql`excluded.description`, position: sql`excluded.position` } })
    .returning({ id: journalRubrics.id, alias: journalRubrics.alias });
  const rubricId = new Map(rubricRows.map((r) => [r.alias, r.id]));
  if (articles.length === 0) return 0;
  const rows = await tx
    .insert(journalArticles)
    .values(
      articles.map((a) => {
        const rubric = rubricId.get(a.rubric);
        if (!rubric) throw new Error(`seed: unknown journal rubric ${a.rubric}`);
        const at = publishedAt(a);
        return {
          alias: a.alias, rubricId: rubric, title: a.title, lead: a.lead, cover: a.cover, body: a.body.trim(), author: JOURNAL_AUTHOR, tags: a.tags,
          publishedAt: at, updatedAt: new Date(at.getTime() + (a.editedAfterDays ?? 0) * DAY_MS),
        };
      }),
    )
    .onConflictDoUpdate({
      target: journalArticles.alias,
      set: Object.fromEntries(
        ['rubric_id', 'title', 'lead', 'cover', 'body', 'author', 'tags', 'published_at', 'updated_at'].map((c) => [c.replace(/_([a-z])/g, (_, l: string) => l.toUpperCase()), sql.raw(`excluded.${c}`)]),
      ),
    })
    .returning({ id: journalArticles.id, alias: journalArticles.alias });
  const articleId = new Map(rows.map((r) => [r.alias, r.id]));

  const wanted = [...new Set(articles.flatMap(mentionedAliases))];
  const found = wanted.length ? await tx.select({ id: titles.id, alias: titles.alias }).from(titles).where(inArray(titles.alias, wanted)) : [];
  const titleId = new Map(found.map((t) => [t.alias, t.id]));
  const links = articles.flatMap((a) =>
    mentionedAliases(a).flatMap((alias, position) => {
      const id = titleId.get(alias);
      return id ? [{ articleId: articleId.get(a.alias)!, titleId: id, position }] : [];
    }),
  );
  await tx.delete(journalArticleTitles).where(inArray(journalArticleTitles.articleId, [...articleId.values()]));
  if (links.length) await tx.insert(journalArticleTitles).values(links);
  return rows.length;
}

/** Seeds the journal of a database seeded before it existed (the catalogue must be there); a journal with any article is left as its editors keep it. */
export async function ensureJournal(db: Db): Promise<number> {
  const [any] = await db.select({ id: journalArticles.id }).from(journalArticles).limit(1);
  if (any) return 0;
  const [title] = await db.select({ id: titles.id }).from(titles).where(eq(titles.isDisabled, false)).limit(1);
  if (!title) return 0;
  return db.transaction((tx) => seedJournal(tx));
}
