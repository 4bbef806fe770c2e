// spec platform §7 "posters by location": banners with their actions and images, inside their window, and for a
// child session only kids banners whose targets are inside its kids scope.
import { BannerListSchema, type Banner } from '@ekran/contracts';
import { banners, collectionItems, collections, type BannerActionRow } from '@ekran/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';
import { posterImage } from '../images/poster-url.ts';
import { childSession } from '../profiles/profiles.test-helpers.ts';

let t: TestApp;
let kid6: Awaited<ReturnType<typeof childSession>>;
let kidTrailerId: string;
let adultTrailerId: string;

type Insert = typeof banners.$inferInsert;
let position = 0;
const art = { hue: 200, hue2: 20, pattern: 'rays', seed: 7 };
const banner = (o: Partial<Insert> & { alias: string; actions: BannerActionRow[] }): Insert => ({
  location: 'home', type: 'product', title: `Баннер ${o.alias}`, description: 'Описание баннера.', art, position: position++, ...o,
});

beforeAll(async () => {
  t = await createTestApp();
  const adult = await t.make.title({ alias: 'vzroslyy', ratingAge: '18+' });
  await t.make.title({ alias: 'skrytyy', isDisabled: true });
  const baby = await t.make.title({ alias: 'malysh', ratingAge: '0+', forKids: true, isAnimation: true });
  await t.make.title({ alias: 'shkolnik', ratingAge: '8+', forKids: true, isAnimation: true });
  kidTrailerId = (await t.make.extra(baby.id)).id;
  adultTrailerId = (await t.make.extra(adult.id)).id;
  const [babies, mixed, grown] = await t.db
    .insert(collections)
    .values([
      { alias: 'dlya-malyshey', title: 'Для малышей', description: '…', forKids: true },
      { alias: 'dlya-shkolnikov', title: 'Для школьников', description: '…', forKids: true },
      { alias: 'vzroslaya', title: 'Взрослая', description: '…', forKids: false },
    ])
    .returning();
  await t.db.insert(collectionItems).values([
    { collectionId: babies!.id, titleId: baby.id },
    { collectionId: mixed!.id, titleId: adult.id },
    { collectionId: grown!.id, titleId: adult.id },
  ]);

  await t.db.insert(banners).values([
    banner({ alias: 'h-play', targetAlias: 'vzroslyy', actions: [{ type: 'play', alias: 'vzroslyy' }, { type: 'add_to_favorites', alias: 'vzroslyy' }] }),
    banner({ alias: 'h-trailer', targetAlias: 'vzroslyy', actions: [{ type: 'play_trailer', alias: 'vzroslyy', trailer_id: adultTrailerId }] }),
    banner({ alias: 'h-collection', type: 'collection', targetAlias: 'vzroslaya', actions: [{ type: 'open', alias: 'vzroslaya' }] }),
    banner({ alias: 'h-link', type: 'link', isNarrow: true, targetUrl: '/child_profile', actions: [{ type: 'open', url: '/child_profile' }] }),
    banner({ alias: 'h-profile', type: 'profile', actions: [{ type: 'open', child: true }] }),
    banner({ alias: 'h-kids-in-home', forKids: true, targetAlias: 'malysh', actions: [{ type: 'open', alias: 'malysh' }] }),
    // Not shown: a disabled title, a missing title, a missing collection, outside the window.
    banner({ alias: 'h-disabled', targetAlias: 'skrytyy', actions: [{ type: 'open', alias: 'skrytyy' }] }),
    banner({ alias: 'h-missing', targetAlias: 'net-takogo', actions: [{ type: 'open', alias: 'net-takogo' }] }),
    banner({ alias: 'h-watch-link-missing', type: 'link', targetUrl: '/watch/net-takogo', actions: [{ type: 'open', url: '/watch/net-takogo' }] }),
    banner({ alias: 'h-no-collection', type: 'collection', targetAlias: 'net-podborki', actions: [{ type: 'open', alias: 'net-podborki' }] }),
    banner({ alias: 'h-later', startsAt: new Date('2026-12-01T00:00:00Z'), targetAlias: 'vzroslyy', actions: [{ type: 'open', alias: 'vzroslyy' }] }),
    banner({ alias: 'h-over', endsAt: new Date('2026-11-21T11:00:00Z'), targetAlias: 'vzroslyy', actions: [{ type: 'open', alias: 'vzroslyy' }] }),
    // Kids location.
    banner({ alias: 'k-baby', location: 'kids', forKids: true, targetAlias: 'malysh', actions: [{ type: 'play', alias: 'malysh' }] }),
    banner({ alias: 'k-trailer', location: 'kids', forKids: true, targetAlias: 'malysh', actions: [{ type: 'play_trailer', trailer_id: kidTrailerId }] }),
    banner({ alias: 'k-school', location: 'kids', forKids: true, targetAlias: 'shkolnik', actions: [{ type: 'open', alias: 'shkolnik' }] }),
    banner({ alias: 'k-babies', location: 'kids', type: 'collection', forKids: true, targetAlias: 'dlya-malyshey', actions: [{ type: 'open', alias: 'dlya-malyshey' }] }),
    banner({ alias: 'k-mixed', location: 'kids', type: 'collection', forKids: true, targetAlias: 'dlya-shkolnikov', actions: [{ type: 'open', alias: 'dlya-shkolnikov' }] }),
    banner({ alias: 'k-adult-trailer', location: 'kids', type: 'playlist', forKids: true, targetAlias: 'marafon', actions: [{ type: 'play_trailer', trailer_id: adultTrailerId }] }),
    banner({ alias: 'k-tv', location: 'kids', type: 'tv_selection', forKids: true, targetAlias: 'detskie', actions: [{ type: 'open', alias: 'detskie' }] }),
    banner({ alias: 'k-bad-trailer', location: 'kids', forKids: true, targetAlias: 'malysh', actions: [{ type: 'play_trailer', trailer_id: 'ne-uuid' }] }),
    // Promos.
    banner({ alias: 'p-tariffs', location: 'promos', type: 'link', targetUrl: '/tariffs', actions: [{ type: 'open', url: '/tariffs' }] }),
  ]);
  kid6 = await childSession(t, { age_cap: '6+' });
});
afterAll(() => t.close());

const get = async (url: string, headers: Record<string, string> = t.headers) => t.app.inject({ url, headers });
const list = async (url: string, headers?: Record<string, string>) => {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return BannerListSchema.parse(res.json()).items;
};
const aliases = (items: Banner[]) => items.map((b) => b.alias);

describe('GET /api/v1/posters/location/:location', () => {
  it('answers the active banners of the home page in order, skipping those whose title or collection is gone', async () => {
    const items = await list('/api/v1/posters/location/home?for_kids=false&device_type=web');
    expect(aliases(items)).toEqual(['h-play', 'h-trailer', 'h-collection', 'h-link', 'h-profile', 'h-kids-in-home']);
  });

  it('answers platform §3 banner fields: type, actions with every field, images at 1326x310 and the narrow variant, is_narrow', async () => {
    const items = await list('/api/v1/posters/location/home');
    const play = items.find((b) => b.alias === 'h-play')!;
    expect(play.type).toBe('product');
    expect(play.actions).toEqual([
      { type: 'play', alias: 'vzroslyy', url: null, target_id: null, trailer_id: null, child: false },
      { type: 'add_to_favorites', alias: 'vzroslyy', url: null, target_id: null, trailer_id: null, child: false },
    ]);
    // Art URLs carry a signature of their parameters (images module).
    expect(play.images.web_desktop).toEqual({ url: expect.stringMatching(/^\/api\/v1\/images\/art\/banner\/rays-200-20-7\.[\w-]{16}$/), width: 1326, height: 310 });
    expect(play.images.web_mobile.url).toMatch(/^\/api\/v1\/images\/art\/banner-mobile\/rays-200-20-7\.[\w-]{16}$/);
    expect(play.images.image_narrow.url).toMatch(/^\/api\/v1\/images\/art\/banner-narrow\/rays-200-20-7\.[\w-]{16}$/);
    expect(play.is_narrow).toBe(false);
    const link = items.find((b) => b.alias === 'h-link')!;
    expect(link).toMatchObject({ type: 'link', is_narrow: true, target_url: '/child_profile' });
    expect(items.find((b) => b.alias === 'h-profile')!.actions[0]).toMatchObject({ type: 'open', child: true });
  });

  it('respects the window [starts_at, ends_at): a banner shows once its start has come', async () => {
    const before = t.clock.now;
    try {
      t.clock.now = new Date('2026-12-01T00:00:00Z');
      expect(aliases(await list('/api/v1/posters/location/home'))).toContain('h-later');
      t.clock.now = new Date('2026-11-30T23:59:59Z');
      expect(aliases(await list('/api/v1/posters/location/home'))).not.toContain('h-later');
      t.clock.now = new Date('2026-11-21T10:59:59Z');
      expect(aliases(await list('/api/v1/posters/location/home'))).toContain('h-over');
    } finally {
      t.clock.now = before;
    }
  });

  it('keeps kids banners only for for_kids=true', async () => {
    expect(aliases(await list('/api/v1/posters/location/home?for_kids=true'))).toEqual(['h-kids-in-home']);
  });

  it('answers the promos and the kids location to an adult in full', async () => {
    expect(aliases(await list('/api/v1/posters/location/promos'))).toEqual(['p-tariffs']);
    expect(aliases(await list('/api/v1/posters/location/kids'))).toEqual(['k-baby', 'k-trailer', 'k-school', 'k-babies', 'k-mixed', 'k-adult-trailer', 'k-tv', 'k-bad-trailer']);
  });

  it('answers an anonymous device session like anyone else, publicly cacheable', async () => {
    const device = await loginDevice(t);
    const res = await get('/api/v1/posters/location/home', device.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it.each([
    ['/api/v1/posters/location/main'],
    ['/api/v1/posters/location/home?for_kids=yes'],
    ['/api/v1/posters/location/home?device_type=fridge'],
  ])('answers 400 for %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });

  it('answers 401 without an API key', async () => {
    expect((await get('/api/v1/posters/location/home', {})).statusCode).toBe(401);
  });
});

describe('a 6+ child session', () => {
  it('gets only kids banners whose targets are inside its scope, whatever it asks', async () => {
    for (const url of ['/api/v1/posters/location/kids', '/api/v1/posters/location/kids?for_kids=false']) {
      const res = await get(url, kid6.auth);
      expect(res.headers['cache-control']).toBe('private, max-age=60');
      // Not: the 8+ title, a kids collection holding only an adult film, a kids banner playing an adult
      // trailer, a trailer that is not there.
      expect(aliases(BannerListSchema.parse(res.json()).items)).toEqual(['k-baby', 'k-trailer', 'k-babies', 'k-tv']);
    }
  });

  it('gets only kids banners on the home location and none of the promos', async () => {
    expect(aliases(await list('/api/v1/posters/location/home?for_kids=false', kid6.auth))).toEqual(['h-kids-in-home']);
    expect(await list('/api/v1/posters/location/promos', kid6.auth)).toEqual([]);
  });
});

describe('banner art (images module)', () => {
  it.each([
    ['banner', 1326, 1600, 374],
    ['banner-mobile', 768, 800, 450],
    ['banner-narrow', 620, 640, 320],
  ])('renders %s art at the requested width', async (kind, w, width, height) => {
    const res = await t.app.inject(`${posterImage({ pattern: 'rays', hue: 200, hue2: 20, seed: 7 }, kind as 'banner').url}?w=${w}&type=jpeg`);
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width, height });
  });
});
