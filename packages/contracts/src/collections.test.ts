import { describe, expect, it } from 'vitest';
import { AliasSchema, CollectionListQuerySchema, PlaylistQuerySchema, SelectionPageQuerySchema, SelectionRuleSchema } from './index.ts';

describe('SelectionRuleSchema (issue 4 selections)', () => {
  it.each([
    [{}],
    [{ sort: '-ekran_release_date', max_items: 60 }],
    [{ sort: '-rating_ekran', rating_min: 7.5 }],
    [{ category: 'series', country: 'ru' }],
    [{ kind: 'series', for_kids: true }],
    [{ genres: ['comedy', 'family'], free: true }],
    [{ year_from: 1990, year_to: 2009 }],
    [{ year_from: 2010, year_to: 2010 }],
    [{ hashtag: 'неожиданный_финал' }],
  ])('accepts %j', (rule) => {
    expect(SelectionRuleSchema.parse(rule)).toEqual(rule);
  });

  it.each([
    ['an unknown key (a typo widens nothing)', { genre: 'comedy' }],
    ['an unknown sort', { sort: '-price' }],
    ['an unknown category', { category: 'cartoons' }],
    ['an empty genre list', { genres: [] }],
    ['a malformed genre alias', { genres: ['Comedy'] }],
    ['an uppercase country', { country: 'RU' }],
    ['a year range backwards', { year_from: 2010, year_to: 1990 }],
    ['a year out of range', { year_from: 1800 }],
    ['a fractional year', { year_to: 2000.5 }],
    ['a rating above 10', { rating_min: 11 }],
    ['a hashtag with #', { hashtag: '#финал' }],
    ['a hashtag with a space', { hashtag: 'неожиданный финал' }],
    ['max_items of 0', { max_items: 0 }],
    ['max_items above 500', { max_items: 501 }],
    ['a string flag', { free: 'true' }],
  ])('rejects %s', (_, rule) => {
    expect(SelectionRuleSchema.safeParse(rule).success).toBe(false);
  });
});

describe('list paging queries (catalogue §9: 30 for collections and hashtags, 40 other)', () => {
  it('defaults limit to the page size of the list', () => {
    expect(CollectionListQuerySchema.parse({})).toEqual({ skip: 0, limit: 30 });
    expect(SelectionPageQuerySchema.parse({})).toEqual({ skip: 0, limit: 40 });
    expect(PlaylistQuerySchema.parse({ skip: '40', limit: '100' })).toEqual({ skip: 40, limit: 100 });
  });

  it.each([{ limit: '0' }, { limit: '101' }, { skip: '-1' }, { skip: '100001' }, { limit: 'all' }])('rejects %j', (q) => {
    expect(CollectionListQuerySchema.safeParse(q).success).toBe(false);
  });
});

describe('AliasSchema', () => {
  it.each(['vybor-redaktsii', 'top-rated', 'a1'])('accepts %s', (alias) => {
    expect(AliasSchema.safeParse(alias).success).toBe(true);
  });
  it.each(['', 'Vybor', 'two--dashes', '-lead', 'trail-', 'пробел', 'a b'])('rejects %j', (alias) => {
    expect(AliasSchema.safeParse(alias).success).toBe(false);
  });
});
