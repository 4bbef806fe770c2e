import { afterEach, describe, expect, it } from 'vitest';
import { DEV_DEFAULTS } from '../../env.ts';
import { configureArtSigning, isArtSignature, posterImage } from './poster-url.ts';

afterEach(() => configureArtSigning(DEV_DEFAULTS.MEDIA_TOKEN_SECRET));

describe('signed art URLs', () => {
  const art = { pattern: 'rays', hue: 200, hue2: 20, seed: 7 };

  it('carry a signature of orientation and parameters that the deployment key checks', () => {
    const { url } = posterImage(art, 'vertical');
    const [, spec, sig] = url.match(/^\/api\/v1\/images\/art\/vertical\/(rays-200-20-7)\.([\w-]{16})$/)!;
    expect(isArtSignature('vertical', spec!, sig!)).toBe(true);
    expect(isArtSignature('horizontal', spec!, sig!)).toBe(false);
    expect(isArtSignature('vertical', 'rays-200-20-8', sig!)).toBe(false);
    expect(isArtSignature('vertical', spec!, sig!.slice(0, 15))).toBe(false);
  });

  it('depend on MEDIA_TOKEN_SECRET: another deployment cannot mint art for this one', () => {
    const mine = posterImage(art, 'vertical').url;
    configureArtSigning('another-media-secret-of-at-least-32-chars');
    const theirs = posterImage(art, 'vertical').url;
    expect(theirs).not.toBe(mine);
    const sig = mine.split('.').pop()!;
    expect(isArtSignature('vertical', 'rays-200-20-7', sig)).toBe(false);
  });
});
