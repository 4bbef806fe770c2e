// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { markPrerollShown, postrollsDue, PREROLL_GAP_MS, prerollsDue } from './promo-cap.ts';

describe('the preroll cap', () => {
  beforeEach(() => localStorage.clear());

  it('lets the first preroll play, then none for the gap, then again', () => {
    const t0 = 1_800_000_000_000;
    expect(prerollsDue(t0)).toBe(true);
    markPrerollShown(t0);
    expect(prerollsDue(t0 + 1)).toBe(false);
    expect(prerollsDue(t0 + PREROLL_GAP_MS - 1)).toBe(false);
    expect(prerollsDue(t0 + PREROLL_GAP_MS)).toBe(true);
  });

  it('treats a broken or future mark as none', () => {
    localStorage.setItem('ekran.promo.v1', '{not json');
    expect(prerollsDue(1_000)).toBe(true);
    localStorage.setItem('ekran.promo.v1', JSON.stringify({ at: 5_000 }));
    expect(prerollsDue(1_000)).toBe(true);
    localStorage.setItem('ekran.promo.v1', JSON.stringify({ at: 'soon' }));
    expect(prerollsDue(1_000)).toBe(true);
  });

  it('plays one promo at most per viewing: no postroll after a preroll, none within the gap of another', () => {
    const t0 = 1_800_000_000_000;
    expect(postrollsDue(false, t0)).toBe(true);
    expect(postrollsDue(true, t0)).toBe(false);
    markPrerollShown(t0);
    expect(postrollsDue(false, t0 + 60_000)).toBe(false);
    expect(postrollsDue(false, t0 + PREROLL_GAP_MS)).toBe(true);
    expect(postrollsDue(true, t0 + PREROLL_GAP_MS)).toBe(false);
  });
});
