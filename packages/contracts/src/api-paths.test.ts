import { describe, expect, it } from 'vitest';
import { ApiPath, ApiRoute, fillRoute } from './api-paths.ts';
import { OperatorApiPath } from './partners.ts';
import { TvPlaybackPath } from './tv-playback.ts';

// Each path a client builds from the table is the wire path written out by hand (the literals prove it).
describe('ApiPath, derived from ApiRoute', () => {
  it('gives a template without params as it is', () => {
    expect(ApiPath.live).toBe('/api/health/live');
    expect(ApiPath.catalog).toBe('/api/v1/catalog');
    expect(ApiPath.catchupSearch).toBe('/api/v2/multiplex/catchups/search');
    expect(OperatorApiPath.popupSeen).toBe('/api/v1/operator/popup/seen');
  });

  it('fills params in order, each encoded as one segment', () => {
    expect(ApiPath.accountDevice('d 1/x')).toBe('/api/v1/account/devices/d%201%2Fx');
    expect(ApiPath.watch('matrix')).toBe('/api/v1/watch/matrix');
    expect(ApiPath.watchLists('кино')).toBe(`/api/v1/watch/${encodeURIComponent('кино')}/lists`);
    expect(ApiPath.socialStart('vk')).toBe('/api/v1/auth/social/vk/start');
    expect(ApiPath.subscribeStatus('email')).toBe('/api/v1/subscribe/email/status');
    expect(ApiPath.unsubscribe('a?b')).toBe('/api/v1/subscribe/unsubscribe/a%3Fb');
    expect(ApiPath.couponRegistration('gift')).toBe('/api/v1/coupons/gift/registration');
    expect(ApiPath.posters('catchups')).toBe('/api/v1/posters/location/catchups');
    expect(ApiPath.catchup('42')).toBe('/api/v2/multiplex/catchups/42');
    expect(ApiPath.imageArt('vertical', 'rays-1-2-3')).toBe('/api/v1/images/art/vertical/rays-1-2-3');
    expect(ApiPath.tvMediaIndex('1', 's', 'g', 'k', 'v0')).toBe('/api/tv/s/1/s/g/k/v0/index.m3u8');
    expect(ApiPath.mediaFile('1', 's', 'g', 'slug', 'v0/index.m3u8')).toBe('/api/media/s/1/s/g/slug/v0%2Findex.m3u8');
    expect(ApiPath.avatar('fox')).toBe('/api/v1/avatars/fox.svg');
    expect(TvPlaybackPath.recordingCheck('r1')).toBe('/api/v1/tv-playback/recordings/r1/check');
    expect(TvPlaybackPath.playlists).toBe('/api/tv');
  });

  it('has a path for every route, and a builder exactly where the route has params', () => {
    for (const [name, template] of Object.entries(ApiRoute)) {
      const path: unknown = ApiPath[name as keyof typeof ApiRoute];
      const params = template.match(/:[A-Za-z_]+|\*$/g) ?? [];
      if (params.length === 0) {
        expect(path, name).toBe(template);
      } else {
        expect(typeof path, name).toBe('function');
        const values = params.map((_, i) => `v${i}`);
        expect(fillRoute(template, values), name).toBe(params.reduce((acc, p, i) => acc.replace(p, `v${i}`), template));
      }
    }
  });

  it('writes every template once', () => {
    const templates = Object.values(ApiRoute);
    expect(new Set(templates).size).toBe(templates.length);
  });
});
