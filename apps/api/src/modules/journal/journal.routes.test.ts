// The journal's API (decision 052): lists, an article with its body blocks, a title's articles, the RSS feed.
import { ArticleListSchema, ArticleSchema, JournalRubricListSchema, TitleArticlesSchema } from '@ekran/contracts';
import { journalArticles, titles } from '@ekran/db';
import { seedJournal, type SeedArticle } from '@ekran/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { childSession } from '../profiles/profiles.test-helpers.ts';

let t: TestApp;
let kid: Awaited<ReturnType<typeof childSession>>;

// The harness's clock is 2026-11-21T12:00Z; the seed counts back from 2026-11-01 (Moscow), so daysBefore -30 is
// 2026-12-01: not yet published.
const article = (o: Partial<SeedArticle> & Pick<SeedArticle, 'alias'>): SeedArticle => ({
  rubric: 'retsenzii', title: `Статья ${o.alias}`, lead: 'Коротко о главном.', cover: 'tayna-mayaka', tags: ['тест'], daysBefore: 10,
  body: 'Текст статьи о кино.', ...o,
});
const words = (n: number) => Array.from({ length: n }, (_, i) => `слово${i}`).join(' ');

beforeAll(async () => {
  t = await createTestApp();
  const drama = await t.make.genre({ alias: 'drama', title: 'Драма' });
  await t.make.title({ alias: 'tayna-mayaka', title: 'Тайна маяка', year: 2021, genreIds: [drama.id], poster: { hue: 200, hue2: 30, pattern: 'waves', seed: 11 } });
  await t.make.title({ alias: 'vzroslyy', title: 'Взрослый фильм', ratingAge: '18+' });
  await t.make.title({ alias: 'yozhik', title: 'Ёжик', ratingAge: '0+', forKids: true });
  await t.make.title({ alias: 'snyatyy', title: 'Снятый с показа', isDisabled: true });
  kid = await childSession(t, { age_cap: '6+' });
  await seedJournal(t.db, [
    article({
      alias: 'o-mayake',
      title: 'О маяке',
      daysBefore: 3,
      tags: ['маяк', 'драма'],
      body: [
        '## Начало',
        '',
        `Первый абзац. ${words(400)}`,
        '',
        '::title[tayna-mayaka]',
        '::title[net-takogo]',
        '::title[snyatyy]',
        '::title[Bad Alias!]',
        '::title[vzroslyy]',
        '',
        '<script>alert(1)</script> [ссылка](javascript:alert(1)) <img src=x onerror=alert(1)>',
        '',
        '::gallery[tayna-mayaka#1 = Маяк ночью | waves-120-40-7 = Волны | net-takogo = Ничего | nonsense-art-x-y = Мусор]{Кадры из фильма}',
        '::gallery[net-takogo = Нет]{Пустая галерея}',
        '',
        '```',
        '::title[tayna-mayaka]',
        '```',
        '',
        '::unknown[directive]',
      ].join('\n'),
      alsoMentions: ['yozhik'],
    }),
    article({ alias: 'pro-ezhika', rubric: 'podborki', title: 'Про ёжика', cover: 'yozhik', daysBefore: 5, body: '::title[yozhik]\n\nМультфильм для самых маленьких.' }),
    article({ alias: 'novost-1', rubric: 'novosti', daysBefore: 7, cover: 'peaks-10-300-5', body: 'Новость о каталоге. ::title[tayna-mayaka] в строке — просто текст.' }),
    article({ alias: 'novost-2', rubric: 'novosti', daysBefore: 8, cover: 'net-takogo' }),
    article({ alias: 'budushchaya', rubric: 'novosti', daysBefore: -30, body: '::title[tayna-mayaka]' }),
  ]);
  // A draft: no publication date.
  await t.db.update(journalArticles).set({ publishedAt: null }).where(eq(journalArticles.alias, 'novost-2'));
}, 60_000);
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = t.headers) => t.app.inject({ url, headers });

describe('GET /api/v1/journal/rubrics', () => {
  it('lists the rubrics in the order of the tabs, with their pages', async () => {
    const res = await get('/api/v1/journal/rubrics');
    expect(res.statusCode).toBe(200);
    const { items } = JournalRubricListSchema.parse(res.json());
    expect(items.map((r) => [r.alias, r.title, r.url])).toEqual([
      ['retsenzii', 'Рецензии', '/journal/retsenzii'],
      ['podborki', 'Подборки', '/journal/podborki'],
      ['novosti', 'Новости каталога', '/journal/novosti'],
      ['intervyu', 'Интервью', '/journal/intervyu'],
      ['esse', 'Эссе', '/journal/esse'],
    ]);
  });

  it('answers 401 without the API key', async () => {
    expect((await get('/api/v1/journal/rubrics', {})).statusCode).toBe(401);
  });
});

describe('GET /api/v1/journal/articles', () => {
  it('lists the published articles newest first, leaving out drafts and those yet to come', async () => {
    const res = await get('/api/v1/journal/articles');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const list = ArticleListSchema.parse(res.json());
    expect(list.items.map((a) => a.alias)).toEqual(['o-mayake', 'pro-ezhika', 'novost-1']);
    expect(list).toMatchObject({ items_total: 3, skip: 0, limit: 12 });
    const first = list.items[0]!;
    expect(first).toMatchObject({ url: '/journal/o-mayake', author: 'Редакция Экрана', rubric: { alias: 'retsenzii', title: 'Рецензии' }, tags: ['маяк', 'драма'] });
    // 2026-11-01 00:00 Moscow, three days back, at 10:00 Moscow.
    expect(first.published_at).toBe('2026-10-29T07:00:00.000Z');
  });

  it('pages by skip and limit', async () => {
    const list = ArticleListSchema.parse((await get('/api/v1/journal/articles?skip=1&limit=1')).json());
    expect(list.items.map((a) => a.alias)).toEqual(['pro-ezhika']);
    expect(list).toMatchObject({ items_total: 3, skip: 1, limit: 1 });
    const past = ArticleListSchema.parse((await get('/api/v1/journal/articles?skip=3')).json());
    expect(past.items).toEqual([]);
  });

  it('filters by rubric', async () => {
    const list = ArticleListSchema.parse((await get('/api/v1/journal/articles?rubric=novosti')).json());
    expect(list.items.map((a) => a.alias)).toEqual(['novost-1']);
    expect(list.items_total).toBe(1);
    const empty = ArticleListSchema.parse((await get('/api/v1/journal/articles?rubric=intervyu')).json());
    expect(empty).toMatchObject({ items: [], items_total: 0 });
  });

  it('answers 404 for an unknown rubric', async () => {
    const res = await get('/api/v1/journal/articles?rubric=net-takoy');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it.each([
    ['a negative skip', 'skip=-1'],
    ['a limit over 100', 'limit=101'],
    ['a page that is no number', 'skip=abc'],
    ['a rubric that is no alias', 'rubric=%3Cscript%3E'],
  ])('answers 400 for %s', async (_what, query) => {
    const res = await get(`/api/v1/journal/articles?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400 });
  });

  it('draws each cover: a title’s art, an art spec, or the article’s own art when the cover names nothing', async () => {
    const { items } = ArticleListSchema.parse((await get('/api/v1/journal/articles')).json());
    const byAlias = Object.fromEntries(items.map((a) => [a.alias, a]));
    expect(byAlias['o-mayake']!.cover.url).toMatch(/^\/api\/v1\/images\/art\/horizontal\/waves-200-30-11\.[A-Za-z0-9_-]{16}$/);
    expect(byAlias['o-mayake']!.cover_alt).toBe('Тайна маяка');
    expect(byAlias['novost-1']!.cover.url).toMatch(/\/horizontal\/peaks-10-300-5\./);
    expect(byAlias['novost-1']!.cover_alt).toBe(byAlias['novost-1']!.title);
  });

  it('counts the reading time from the text, not the directives: about 180 words a minute', async () => {
    const { items } = ArticleListSchema.parse((await get('/api/v1/journal/articles')).json());
    expect(items.find((a) => a.alias === 'o-mayake')!.reading_minutes).toBe(2);
    expect(items.find((a) => a.alias === 'novost-1')!.reading_minutes).toBe(1);
  });
});

describe('GET /api/v1/journal/articles/:alias', () => {
  it('gives the body as blocks: sanitised HTML, cards of the titles that can be shown, galleries of the art that can be drawn', async () => {
    const res = await get('/api/v1/journal/articles/o-mayake');
    expect(res.statusCode).toBe(200);
    const a = ArticleSchema.parse(res.json());
    expect(a.blocks.map((b) => b.type)).toEqual(['html', 'title', 'title', 'html', 'gallery', 'html']);
    const cards = a.blocks.flatMap((b) => (b.type === 'title' ? [b.title.alias] : []));
    // Unknown, disabled and malformed aliases are no card; the adult title is one for an adult caller.
    expect(cards).toEqual(['tayna-mayaka', 'vzroslyy']);
    const card = a.blocks.find((b) => b.type === 'title')!;
    expect(card.type === 'title' && card.title).toMatchObject({ title: 'Тайна маяка', year: 2021, genres: [{ alias: 'drama', title: 'Драма' }] });
    const gallery = a.blocks.find((b) => b.type === 'gallery')!;
    expect(gallery.type === 'gallery' && gallery.caption).toBe('Кадры из фильма');
    expect(gallery.type === 'gallery' && gallery.images.map((i) => i.alt)).toEqual(['Маяк ночью', 'Волны']);
    // A still keeps the title's colours with the next pattern and another seed.
    expect(gallery.type === 'gallery' && gallery.images[0]!.image.url).toMatch(/\/horizontal\/peaks-200-30-7930\./);
  });

  it('keeps a script, an event handler and a javascript: link in the body harmless text', async () => {
    const a = ArticleSchema.parse((await get('/api/v1/journal/articles/o-mayake')).json());
    const html = a.blocks.flatMap((b) => (b.type === 'html' ? [b.html] : [])).join('\n');
    // No element or link of them: what is left is escaped text.
    expect(html).not.toMatch(/<script|<img|<a |href="javascript/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<h2>Начало</h2>');
    // A directive in a code block and an unknown one are text.
    expect(html).toContain('::title[tayna-mayaka]');
    expect(html).toContain('::unknown[directive]');
  });

  it('lists the titles it mentions (embeds, then the editors’ list) and related articles', async () => {
    const a = ArticleSchema.parse((await get('/api/v1/journal/articles/o-mayake')).json());
    expect(a.titles.map((x) => x.alias)).toEqual(['tayna-mayaka', 'vzroslyy', 'yozhik']);
    // pro-ezhika shares Ёжик, novost-1 shares nothing; drafts and those yet to come never show.
    expect(a.related.map((r) => r.alias)).toEqual(['pro-ezhika', 'novost-1']);
  });

  it('gives a child profile only the cards of titles in its scope', async () => {
    const a = ArticleSchema.parse((await get('/api/v1/journal/articles/o-mayake', kid.auth)).json());
    expect(a.blocks.flatMap((b) => (b.type === 'title' ? [b.title.alias] : []))).toEqual([]);
    expect(a.titles.map((x) => x.alias)).toEqual(['yozhik']);
  });

  it.each([
    ['an unknown alias', 'net-takoy'],
    ['a draft', 'novost-2'],
    ['an article yet to come', 'budushchaya'],
  ])('answers 404 for %s', async (_what, alias) => {
    const res = await get(`/api/v1/journal/articles/${alias}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('publishes an article once its time has come', async () => {
    const before = t.clock.now;
    t.clock.now = new Date('2026-12-02T00:00:00Z');
    try {
      expect((await get('/api/v1/journal/articles/budushchaya')).statusCode).toBe(200);
    } finally {
      t.clock.now = before;
    }
  });

  it('answers 400 for an alias that is no alias', async () => {
    expect((await get('/api/v1/journal/articles/Bad_Alias')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/watch/:alias/articles', () => {
  it('lists the published articles that mention a title, newest first', async () => {
    const res = await get('/api/v1/watch/tayna-mayaka/articles');
    expect(res.statusCode).toBe(200);
    expect(TitleArticlesSchema.parse(res.json()).items.map((a) => a.alias)).toEqual(['o-mayake']);
    const yozhik = TitleArticlesSchema.parse((await get('/api/v1/watch/yozhik/articles')).json());
    expect(yozhik.items.map((a) => a.alias)).toEqual(['o-mayake', 'pro-ezhika']);
  });

  it('takes a title id as well as an alias, and answers an empty list for a title no article mentions', async () => {
    const [row] = await t.db.select({ id: titles.id }).from(titles).where(eq(titles.alias, 'tayna-mayaka'));
    expect(TitleArticlesSchema.parse((await get(`/api/v1/watch/${row!.id}/articles`)).json()).items.map((a) => a.alias)).toEqual(['o-mayake']);
    await t.make.title({ alias: 'bez-statey' });
    expect(TitleArticlesSchema.parse((await get('/api/v1/watch/bez-statey/articles')).json()).items).toEqual([]);
  });

  it('answers 404 for an unknown title and for a title outside a child’s scope; 400 for a bad reference', async () => {
    expect((await get('/api/v1/watch/net-takogo/articles')).statusCode).toBe(404);
    expect((await get('/api/v1/watch/tayna-mayaka/articles', kid.auth)).statusCode).toBe(404);
    expect((await get('/api/v1/watch/yozhik/articles', kid.auth)).statusCode).toBe(200);
    expect((await get('/api/v1/watch/BAD!/articles')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/journal/rss.xml', () => {
  it('is a well-formed RSS 2.0 feed of the published articles with absolute links', async () => {
    const res = await get('/api/v1/journal/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = res.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<rss version="2.0"/);
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
    expect(items).toHaveLength(3);
    expect(items[0]).toContain(`<link>${t.env.WEB_ORIGIN}/journal/o-mayake</link>`);
    expect(xml).not.toContain('budushchaya');
    expect(xml).not.toContain('novost-2');
    // Body HTML rides in CDATA; nothing of the script is live markup.
    expect(xml).not.toMatch(/<script/i);
    expect(wellFormed(xml)).toBe(true);
  });
});

/** Whether XML's elements nest and close (CDATA and declarations skipped): enough to catch a broken feed. */
function wellFormed(xml: string): boolean {
  const stack: string[] = [];
  const body = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '').replace(/<\?[\s\S]*?\?>/g, '');
  for (const m of body.matchAll(/<(\/?)([A-Za-z][\w:.-]*)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = m;
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else stack.push(name!);
  }
  return stack.length === 0 && !/&(?!amp;|lt;|gt;|quot;|apos;|#\d+;|#x[0-9a-f]+;)/i.test(body);
}
