import { describe, expect, it } from 'vitest';
import { CatchupListQuerySchema, CatchupSearchQuerySchema, TvQuerySchema, TvScheduleQuerySchema } from './index.ts';

describe('CatchupListQuerySchema (catalogue §7: category, genre, year, limit, skip, for_kids)', () => {
  it('defaults to the desktop page of 25 from the start, all categories, adults', () => {
    expect(CatchupListQuerySchema.parse({})).toEqual({ limit: 25, skip: 0, for_kids: false });
  });

  it.each([
    [{ category: 'movies' }, { category: 'movies' }],
    [{ category: 'movie' }, { category: 'movies' }],
    [{ category: 'series' }, { category: 'series' }],
    [{ genre: 'drama,comedy' }, { genre: ['drama', 'comedy'] }],
    [{ genre: ' drama , ,comedy,' }, { genre: ['drama', 'comedy'] }],
    [{ genres: 'drama' }, { genres: ['drama'] }],
    [{ year: '2020,2021' }, { year: [2020, 2021] }],
    [{ limit: '1000' }, { limit: 100 }],
    [{ limit: '10', skip: '30' }, { limit: 10, skip: 30 }],
    [{ for_kids: 'true' }, { for_kids: true }],
  ])('reads %j', (query, expected) => {
    expect(CatchupListQuerySchema.parse(query)).toMatchObject(expected);
  });

  it.each([
    [{ category: 'cartoons' }],
    [{ genre: 'Драма' }],
    [{ genre: 'drama;drop' }],
    [{ year: '20x0' }],
    [{ year: '1800' }],
    [{ year: '2020,abc' }],
    [{ limit: '0' }],
    [{ limit: 'ten' }],
    [{ skip: '-1' }],
    [{ for_kids: 'yes' }],
  ])('refuses %j', (query) => {
    expect(CatchupListQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('CatchupSearchQuerySchema (catalogue §7, §9: q and limit 40)', () => {
  it('defaults to 40 and an empty query', () => {
    expect(CatchupSearchQuerySchema.parse({})).toEqual({ q: '', limit: 40, for_kids: false });
  });
  it('refuses a limit above 40', () => {
    expect(CatchupSearchQuerySchema.safeParse({ limit: '41' }).success).toBe(false);
  });
});

describe('TV queries (platform §7: tz is the browser hour offset)', () => {
  it('defaults the tz to Moscow', () => {
    expect(TvQuerySchema.parse({})).toEqual({ tz: 3, for_kids: false });
  });
  it.each([['0', 0], ['-5', -5], ['5.5', 5.5], ['5.75', 5.75], ['14', 14], ['-12', -12]])('reads tz=%s', (tz, expected) => {
    expect(TvQuerySchema.parse({ tz }).tz).toBe(expected);
  });
  it('reads an empty tz as none', () => {
    expect(TvQuerySchema.parse({ tz: '' }).tz).toBe(3);
  });
  it.each(['15', '-13', '3.1', 'msk'])('refuses tz=%j', (tz) => {
    expect(TvQuerySchema.safeParse({ tz }).success).toBe(false);
  });
  it.each(['2026-11-21', '2024-02-29'])('reads the date %s', (date) => {
    expect(TvScheduleQuerySchema.parse({ date }).date).toBe(date);
  });
  it.each(['2026-02-30', '21.11.2026', '2026-11-21T00:00'])('refuses the date %s', (date) => {
    expect(TvScheduleQuerySchema.safeParse({ date }).success).toBe(false);
  });
});
