import type { AuthData } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { againPath, loader, predictionPath } from './gadanie.tsx';
import { cleanQuestion, isMood, MOOD_NAMES, moodOfQuestion, QUESTION_MAX } from './moods.ts';
import { drawTitle } from './prediction.server.ts';

const card = (alias: string) => ({ alias, title: alias, _id: alias });
const page = (items: unknown[], total = items.length) => ({ items, items_total: total, skip: 0, limit: 1 });
const title = (alias: string, forKids = false) => ({
  alias, title: `Фильм ${alias}`, year: 2021, for_kids: forKids, rating_age: forKids ? '6+' : '16+',
  genres: [{ alias: 'comedy', title: 'Комедия' }], vertical_poster: { url: '/v', width: 600, height: 900 },
});
const notFound = () => new ApiCallError(404, { status: 404, code: 'NOT_FOUND', message: 'x' });

const run = (query: string, api: object, auth: AuthData | null = null, cookie = '') =>
  outcome(() => loader({ request: new Request(`http://x/gadanie-random${query}`, { headers: { cookie } }), params: {}, context: contextWith(api, { auth }) } as never));
const location = (r: Awaited<ReturnType<typeof run>>) => ('thrown' in r && r.thrown instanceof Response ? r.thrown.headers.get('location') : null);

describe('/gadanie-random (spec platform §2 Other)', () => {
  it('asks for a mood or a question first', async () => {
    const api = { titles: vi.fn() };
    const r = await run('', api);
    expect('value' in r && r.value).toMatchObject({ mood: null, prediction: null });
    expect(api.titles).not.toHaveBeenCalled();
  });

  it('draws a title of the mood’s genre and moves to the prediction’s own address', async () => {
    const titles = vi.fn().mockResolvedValueOnce(page([card('pervyy')], 30)).mockResolvedValueOnce(page([card('smeshnoy')], 30));
    // A draw past the first title (a draw of 0 keeps the first answer and asks nothing more).
    vi.spyOn(Math, 'random').mockReturnValueOnce(0.5);
    const r = await run('?mood=laugh', { titles });
    expect(location(r)).toBe('/gadanie-random?mood=laugh&t=smeshnoy');
    expect(titles).toHaveBeenNthCalledWith(1, { genre: 'comedy', for_kids: false, limit: 1 });
    expect(titles.mock.calls[1]![0]).toMatchObject({ genre: 'comedy', for_kids: false, limit: 1 });
  });

  it('opens the same prediction from its link', async () => {
    const api = { title: vi.fn().mockResolvedValue(title('smeshnoy')), titles: vi.fn() };
    const r = await run('?mood=laugh&t=smeshnoy&q=%D0%A7%D1%82%D0%BE%20%D1%81%D0%BC%D0%BE%D1%82%D1%80%D0%B5%D1%82%D1%8C%3F', api);
    if (!('value' in r)) throw new Error('expected a page');
    expect(r.value.prediction).toMatchObject({ alias: 'smeshnoy', title: 'Фильм smeshnoy', year: 2021, genres: ['Комедия'] });
    expect(r.value.question).toBe('Что смотреть?');
    expect(api.titles).not.toHaveBeenCalled();
  });

  it('gives kids only kids titles: the listing for kids, and an adult title’s link draws anew', async () => {
    const titles = vi.fn().mockResolvedValue(page([card('multik')], 1));
    const api = { title: vi.fn().mockResolvedValue(title('vzroslyy')), titles };
    const r = await run('?mood=surprise&t=vzroslyy', api, { profile_for_child: true } as AuthData);
    expect(location(r)).toBe('/gadanie-random?mood=surprise&t=multik');
    expect(titles).toHaveBeenCalledWith({ for_kids: true, limit: 1 });
    // Kids mode by the cookie too.
    const cookie = await run('?mood=surprise', { titles: vi.fn().mockResolvedValue(page([card('multik')], 1)) }, null, 'FOR_KIDS=true');
    expect(location(cookie)).toBe('/gadanie-random?mood=surprise&t=multik');
  });

  it('draws anew for a title that is gone or refused to this profile', async () => {
    for (const err of [notFound(), new ApiCallError(403, { status: 403, code: 'KIDS_PROFILE_RESTRICTED', message: 'x' })]) {
      const api = { title: vi.fn().mockRejectedValue(err), titles: vi.fn().mockResolvedValue(page([card('drugoy')], 1)) };
      expect(location(await run('?mood=think&t=ushedshiy', api))).toBe('/gadanie-random?mood=think&t=drugoy');
    }
  });

  it('answers a question with a mood of its own, keeping the question in the link', async () => {
    const titles = vi.fn().mockResolvedValue(page([card('otvet')], 1));
    const r = await run('?q=%20%D0%A7%D1%82%D0%BE%20%D0%B2%D0%B5%D1%87%D0%B5%D1%80%D0%BE%D0%BC%3F%20', { titles });
    const mood = moodOfQuestion('Что вечером?');
    expect(location(r)).toBe(predictionPath(mood, 'otvet', 'Что вечером?'));
  });

  it('draws again for the same mood, and the same question when one was asked', () => {
    expect(againPath('laugh', null)).toBe('/gadanie-random?mood=laugh');
    expect(againPath('laugh', 'Что вечером?')).toBe('/gadanie-random?mood=laugh&q=%D0%A7%D1%82%D0%BE+%D0%B2%D0%B5%D1%87%D0%B5%D1%80%D0%BE%D0%BC%3F');
  });

  it('says so when there is nothing to foretell', async () => {
    const r = await run('?mood=thrill', { titles: vi.fn().mockResolvedValue(page([], 0)) });
    expect('value' in r && r.value).toMatchObject({ mood: 'thrill', prediction: null });
  });

  it('ignores a made-up mood or a malformed title', async () => {
    const api = { title: vi.fn(), titles: vi.fn().mockResolvedValue(page([card('a')], 1)) };
    expect('value' in (await run('?mood=%3Cscript%3E', api))).toBe(true);
    expect(location(await run('?mood=dream&t=..%2Fetc', api))).toBe('/gadanie-random?mood=dream&t=a');
    expect(api.title).not.toHaveBeenCalled();
  });
});

describe('moods and questions', () => {
  it('knows its moods only', () => {
    expect(MOOD_NAMES).toEqual(['laugh', 'thrill', 'dream', 'love', 'think', 'surprise']);
    expect(isMood('laugh')).toBe(true);
    expect(isMood('toString')).toBe(false);
    expect(isMood(null)).toBe(false);
  });

  it('keeps a question to one short line', () => {
    expect(cleanQuestion('  Что\nпосмотреть\u0000 вечером?  ')).toBe('Что посмотреть вечером?');
    expect(cleanQuestion('   ')).toBeNull();
    expect(cleanQuestion('я'.repeat(500))).toHaveLength(QUESTION_MAX);
  });

  it('gives the same question the same mood', () => {
    expect(moodOfQuestion('Что посмотреть?')).toBe(moodOfQuestion('что посмотреть?'));
  });

  it('draws any title of the scope when the mood’s genre has none', async () => {
    const titles = vi.fn().mockResolvedValueOnce(page([], 0)).mockResolvedValueOnce(page([card('lyuboy')], 5)).mockResolvedValueOnce(page([card('tretiy')], 5));
    const drawn = await drawTitle({ titles }, 'thrill', true, () => 0.5);
    expect(drawn?.alias).toBe('tretiy');
    expect(titles).toHaveBeenNthCalledWith(1, { genre: 'thriller', for_kids: true, limit: 1 });
    expect(titles).toHaveBeenNthCalledWith(2, { for_kids: true, limit: 1 });
    expect(titles).toHaveBeenNthCalledWith(3, { for_kids: true, limit: 1, skip: 2 });
  });
});
