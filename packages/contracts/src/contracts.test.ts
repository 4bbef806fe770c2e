import { describe, expect, it } from 'vitest';
import { CatalogQuerySchema, DeviceLoginRequestSchema, TitleListQuerySchema } from './index.ts';

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

  it('defaults listing to -popularity, 40 per page (catalogue §9)', () => {
    expect(TitleListQuerySchema.parse({})).toMatchObject({ sort: '-popularity', limit: 40, skip: 0, for_kids: false });
  });
});
