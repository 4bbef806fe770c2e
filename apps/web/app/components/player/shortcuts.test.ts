import { describe, expect, it } from 'vitest';
import { actionForKey, allowedDuringPromo, stepVolume, type KeyInput, type PlayerAction, type Sound } from './shortcuts.ts';

describe('actionForKey (issue 5 keyboard shortcuts)', () => {
  it.each<[string, KeyInput, PlayerAction | null]>([
    ['Space plays/pauses', { key: ' ', code: 'Space' }, { type: 'toggle-play' }],
    ['K plays/pauses', { key: 'k', code: 'KeyK' }, { type: 'toggle-play' }],
    ['← back 10 s', { key: 'ArrowLeft', code: 'ArrowLeft' }, { type: 'seek-by', seconds: -10 }],
    ['→ forward 10 s', { key: 'ArrowRight', code: 'ArrowRight' }, { type: 'seek-by', seconds: 10 }],
    ['J back 10 s', { key: 'j', code: 'KeyJ' }, { type: 'seek-by', seconds: -10 }],
    ['L forward 10 s', { key: 'l', code: 'KeyL' }, { type: 'seek-by', seconds: 10 }],
    ['↑ louder', { key: 'ArrowUp', code: 'ArrowUp' }, { type: 'volume-by', delta: 0.1 }],
    ['↓ quieter', { key: 'ArrowDown', code: 'ArrowDown' }, { type: 'volume-by', delta: -0.1 }],
    ['M mutes', { key: 'm', code: 'KeyM' }, { type: 'toggle-mute' }],
    ['F fullscreen', { key: 'f', code: 'KeyF' }, { type: 'toggle-fullscreen' }],
    ['C subtitles', { key: 'c', code: 'KeyC' }, { type: 'toggle-subtitles' }],
    ['Shift+N next episode', { key: 'N', code: 'KeyN', shiftKey: true }, { type: 'next' }],
    ['Esc closes', { key: 'Escape', code: 'Escape' }, { type: 'close' }],
    ['5 jumps to half', { key: '5', code: 'Digit5' }, { type: 'seek-to-fraction', fraction: 0.5 }],
    ['0 jumps to the start', { key: '0', code: 'Digit0' }, { type: 'seek-to-fraction', fraction: 0 }],
    // The Russian layout: the same physical keys.
    ['К (K key, Russian layout)', { key: 'л', code: 'KeyK' }, { type: 'toggle-play' }],
    ['Ь (M key, Russian layout)', { key: 'ь', code: 'KeyM' }, { type: 'toggle-mute' }],
    ['А (F key, Russian layout)', { key: 'а', code: 'KeyF' }, { type: 'toggle-fullscreen' }],
    ['Shift+Т (N key, Russian layout)', { key: 'Т', code: 'KeyN', shiftKey: true }, { type: 'next' }],
    // Not ours.
    ['N without Shift', { key: 'n', code: 'KeyN' }, null],
    ['Shift+F', { key: 'F', code: 'KeyF', shiftKey: true }, null],
    ['Ctrl+F is the browser find', { key: 'f', code: 'KeyF', ctrlKey: true }, null],
    ['Cmd+L is the address bar', { key: 'l', code: 'KeyL', metaKey: true }, null],
    ['Alt+← is history back', { key: 'ArrowLeft', code: 'ArrowLeft', altKey: true }, null],
    ['Tab moves focus', { key: 'Tab', code: 'Tab' }, null],
    ['Enter', { key: 'Enter', code: 'Enter' }, null],
    ['X', { key: 'x', code: 'KeyX' }, null],
  ])('%s', (_name, input, expected) => {
    expect(actionForKey(input)).toEqual(expected);
  });

  it('works from the key alone when the browser gives no code', () => {
    expect(actionForKey({ key: 'k' })).toEqual({ type: 'toggle-play' });
    expect(actionForKey({ key: '7' })).toEqual({ type: 'seek-to-fraction', fraction: 0.7 });
  });
});

describe('allowedDuringPromo', () => {
  it.each<[PlayerAction, boolean]>([
    [{ type: 'toggle-play' }, true],
    [{ type: 'toggle-mute' }, true],
    [{ type: 'volume-by', delta: 0.1 }, true],
    [{ type: 'toggle-fullscreen' }, true],
    [{ type: 'close' }, true],
    [{ type: 'seek-by', seconds: 10 }, false],
    [{ type: 'seek-to-fraction', fraction: 0.5 }, false],
    [{ type: 'next' }, false],
    [{ type: 'toggle-subtitles' }, false],
  ])('%o → %s (a promo is not seekable)', (action, allowed) => {
    expect(allowedDuringPromo(action)).toBe(allowed);
  });
});

describe('stepVolume', () => {
  it.each<[string, Sound, number, Sound]>([
    ['↓ lowers', { volume: 0.8, muted: false }, -0.1, { volume: 0.7, muted: false }],
    ['↑ raises up to 1', { volume: 0.95, muted: false }, 0.1, { volume: 1, muted: false }],
    ['↓ to 0 mutes', { volume: 0.1, muted: false }, -0.1, { volume: 0, muted: true }],
    ['↓ while muted keeps the level and stays muted', { volume: 0.8, muted: true }, -0.1, { volume: 0.8, muted: true }],
    ['↑ while muted unmutes a step above the kept level', { volume: 0.8, muted: true }, 0.1, { volume: 0.9, muted: false }],
    ['↑ from 0 muted unmutes at a step', { volume: 0, muted: true }, 0.1, { volume: 0.1, muted: false }],
  ])('%s', (_name, sound, delta, expected) => {
    expect(stepVolume(sound, delta)).toEqual(expected);
  });
});
