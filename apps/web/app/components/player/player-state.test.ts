import type { PlayerSlot } from '@ekran/contracts';
import { describe, expect, it } from 'vitest';
import { initialPlayerState, phaseAfter, playerReducer, slotOf, stageOf, type MediaPhase } from './player-state.ts';

const promo = (uid: string): PlayerSlot => ({ uid, position: 'preroll', title: 'Промо', url: `/m/${uid}.m3u8`, duration_seconds: 20, skip_after_seconds: 5, link: null });

describe('player phases', () => {
  it('starts with the prerolls only when one is due, and from the resume point', () => {
    expect(initialPlayerState(42, [promo('p1')], true)).toMatchObject({ phase: { kind: 'preroll', index: 0 }, mainStart: 42, status: 'loading' });
    expect(initialPlayerState(42, [promo('p1')], false).phase).toEqual({ kind: 'main' });
    expect(initialPlayerState(-3, [], true)).toMatchObject({ phase: { kind: 'main' }, mainStart: 0 });
  });

  it.each<[MediaPhase, number, number, boolean, MediaPhase | null]>([
    [{ kind: 'preroll', index: 0 }, 2, 0, false, { kind: 'preroll', index: 1 }],
    [{ kind: 'preroll', index: 1 }, 2, 0, false, { kind: 'main' }],
    [{ kind: 'main' }, 0, 1, true, { kind: 'postroll', index: 0 }],
    [{ kind: 'main' }, 0, 1, false, null],
    [{ kind: 'main' }, 0, 0, true, null],
    [{ kind: 'postroll', index: 0 }, 0, 2, true, { kind: 'postroll', index: 1 }],
    [{ kind: 'postroll', index: 1 }, 0, 2, true, null],
  ])('after %j (prerolls %i, postrolls %i, due %s): %j', (phase, prerolls, postrolls, due, expected) => {
    expect(phaseAfter(phase, prerolls, postrolls, () => due)).toEqual(expected);
  });

  it('asks whether postrolls are due only when there are some', () => {
    let asked = 0;
    phaseAfter({ kind: 'main' }, 0, 0, () => ++asked > 0);
    expect(asked).toBe(0);
  });

  it('names the promo of the phase', () => {
    const pre = [promo('p1')];
    const post = [promo('q1'), promo('q2')];
    expect(slotOf({ kind: 'preroll', index: 0 }, pre, post)?.uid).toBe('p1');
    expect(slotOf({ kind: 'postroll', index: 1 }, pre, post)?.uid).toBe('q2');
    expect(slotOf({ kind: 'main' }, pre, post)).toBeNull();
  });

  it('moves through ended and error: a restart keeps the resume point unless given one', () => {
    let state = initialPlayerState(10, [], false);
    expect(stageOf(state)).toBe('main');
    state = playerReducer(state, { type: 'ended' });
    expect(stageOf(state)).toBe('ended');
    state = playerReducer(state, { type: 'playing' });
    expect(stageOf(state)).toBe('main');
    state = playerReducer(state, { type: 'status', status: 'failed' });
    expect(stageOf(state)).toBe('error');
    state = playerReducer(state, { type: 'restart', from: null });
    expect(state).toMatchObject({ mainStart: 10, attempt: 1 });
    state = playerReducer(state, { type: 'restart', from: 63 });
    expect(state).toMatchObject({ mainStart: 63, attempt: 2 });
    expect(stageOf(playerReducer(initialPlayerState(0, [], false), { type: 'refused' }))).toBe('error');
  });
});
