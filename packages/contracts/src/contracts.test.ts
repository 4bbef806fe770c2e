import { describe, expect, it } from 'vitest';
import { AnalyticsBatchSchema, CatalogFiltersQuerySchema, CatalogQuerySchema, DeviceLoginRequestSchema, TitleListQuerySchema } from './index.ts';

describe('DeviceLoginRequestSchema (spec platform §7 device login)', () => {
  it('accepts the spec payload and defaults is_child to false', () => {
    expect(DeviceLoginRequestSchema.parse({ device_id: 'web-0123456789', device_type: 'web', traffic_source: null })).toEqual({
      device_id: 'web-0123456789',
      device_type: 'web',
      traffic_source: null,
      is_child: false,
    });
  });

  it.each([
    [{ device_id: 'short', device_type: 'web' }],
    [{ device_id: 'web-0123456789', device_type: 'tv' }],
    [{ device_id: 'web 0123456789', device_type: 'web' }],
    [{ device_id: 'web-0123456789', device_type: 'web', is_child: 'yes' }],
    [{ device_id: 'x'.repeat(129), device_type: 'web' }],
  ])('rejects %j', (body) => {
    expect(DeviceLoginRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('query schemas', () => {
  it.each([
    ['true', true],
    ['True', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('reads for_kids=%s as %s', (value, expected) => {
    expect(CatalogQuerySchema.parse({ for_kids: value }).for_kids).toBe(expected);
  });

  it('defaults the catalogue query to web, ru, adults (spec platform §7)', () => {
    expect(CatalogQuerySchema.parse({})).toEqual({ device_type: 'web', locale: 'ru', for_kids: false });
  });

  it('defaults listing to 40 per page (catalogue §9), leaving the sort to the API (the session’s Catalog_sorting group)', () => {
    const query = TitleListQuerySchema.parse({});
    expect(query).toMatchObject({ limit: 40, skip: 0, for_kids: false });
    expect(query.sort).toBeUndefined();
  });

  it.each([
    ['RU', 'ru'],
    ['fr', 'fr'],
  ])('reads the country %s as %s (catalogue §2 lowercase, §7 uppercase)', (country, expected) => {
    expect(TitleListQuerySchema.parse({ country }).country).toBe(expected);
    expect(CatalogFiltersQuerySchema.parse({ category: 'movies', country }).country).toBe(expected);
  });

  it('reads the all-option (alias all) of a filter as no filter', () => {
    expect(CatalogFiltersQuerySchema.parse({ category: 'movies', genre: 'all', year: 'all', country: 'all' })).toMatchObject({
      genre: undefined,
      year: undefined,
      country: undefined,
    });
    expect(CatalogFiltersQuerySchema.parse({ category: 'series', genre: 'drama', year: '2021' })).toMatchObject({ genre: 'drama', year: 2021 });
  });

  it.each([{ category: 'cartoons' }, { category: 'movies', country: 'rus' }, { category: 'movies', year: '1800' }, { category: 'movies', genre: 'Drama' }, {}])(
    'refuses the filters query %j',
    (query) => {
      expect(CatalogFiltersQuerySchema.safeParse(query).success).toBe(false);
    },
  );

  it('bounds an analytics batch: 1 to 50 events, short fields', () => {
    const event = { action_id: 'click', event_time: 1_790_000_000, sequence_number: 1, block_type: 'breadcrumbs' };
    expect(AnalyticsBatchSchema.safeParse({ events: [event] }).success).toBe(true);
    expect(AnalyticsBatchSchema.safeParse({ events: [] }).success).toBe(false);
    expect(AnalyticsBatchSchema.safeParse({ events: Array.from({ length: 51 }, () => event) }).success).toBe(false);
    expect(AnalyticsBatchSchema.safeParse({ events: [{ ...event, element_text: 'x'.repeat(501) }] }).success).toBe(false);
    expect(AnalyticsBatchSchema.safeParse({ events: [{ ...event, action_id: 'click <script>' }] }).success).toBe(false);
    expect(AnalyticsBatchSchema.safeParse({ events: [{ ...event, event_time: 'now' }] }).success).toBe(false);
  });
});
