// A live channel's and a recording's segments are signed exactly like VOD, so nginx (deploy/nginx/
// media.conf with secure_link) serves every segment and init segment the API's live playlist names, without the API.
import { TvPlaybackCheckSchema } from '@ekran/contracts';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../lib/paths.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { hasNginx, startMediaNginx } from '../../test/media-nginx.ts';
import { createTvFactories } from '../../test/tv-factories.ts';

const SECRET = 'nginx-tv-test-secret-0123456789-abcdefghijklmn';

describe.skipIf(!hasNginx)(`live TV segments from deploy/nginx/media.conf${hasNginx ? '' : ' (skipped: nginx is not installed; apt-get install nginx-light)'}`, () => {
  let nginx: Awaited<ReturnType<typeof startMediaNginx>>;
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    nginx = await startMediaNginx(SECRET);
    t = await createTestApp({ MEDIA_BASE_URL: nginx.base, MEDIA_TOKEN_SECRET: SECRET });
    // nginx checks a grant's expiry against the real clock.
    t.clock.now = new Date();
    const tv = createTvFactories(t.db);
    await tv.channel({ alias: 'ekran-kino', loop: ['metropolis', 'aurora'] });
    const user = await t.make.user();
    await t.make.subscription({ userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
    auth = (await t.make.session({ userId: user.id })).auth;
  });
  afterAll(async () => {
    await t?.close();
    await nginx?.stop();
  });

  it('serves every file of the live window of each track byte for byte', async () => {
    const check = TvPlaybackCheckSchema.parse((await t.app.inject({ url: '/api/v1/tv-playback/live/ekran-kino', headers: auth })).json());
    const base = check.playlists[0]!.url.replace(/master\.m3u8$/, '');
    for (const track of ['240p', '720p', 'audio-ru']) {
      const text = (await t.app.inject({ url: `${base}${track}/index.m3u8` })).body;
      const urls = [...text.split('\n').filter((l) => l && !l.startsWith('#')), ...[...text.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!)];
      expect(urls.length).toBeGreaterThanOrEqual(7);
      for (const url of urls) {
        expect(url.startsWith(`${nginx.base}/s/`), url).toBe(true);
        const res = await fetch(url);
        expect(res.status, url).toBe(200);
        const file = /\/(aurora|metropolis)\/(.+)$/.exec(url)!;
        expect(Buffer.from(await res.arrayBuffer())).toEqual(readFileSync(fromRoot(`media/demo/${file[1]}/${file[2]}`)));
      }
      // The grant of one asset does not open another.
      const forged = urls[0]!.replace(/\/(aurora|metropolis)\//, (_, slug: string) => `/${slug === 'aurora' ? 'metropolis' : 'aurora'}/`);
      expect((await fetch(forged)).status).toBe(403);
    }
  });
});
