// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, loadPreferences, PREFERENCES_KEY, savePreferences } from './preferences.ts';

beforeEach(() => localStorage.clear());

describe('player preferences (ekran.player.v1)', () => {
  it('starts with «Авто», full volume, sound on, no subtitles', () => {
    expect(loadPreferences()).toEqual({ quality: null, volume: 1, muted: false, subtitles: null });
  });

  it('remembers quality, volume, mute and the subtitle language, merged change by change', () => {
    savePreferences({ quality: 720 });
    savePreferences({ volume: 0.4, muted: true });
    savePreferences({ subtitles: 'ru' });
    expect(loadPreferences()).toEqual({ quality: 720, volume: 0.4, muted: true, subtitles: 'ru' });
    expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY)!)).toEqual({ quality: 720, volume: 0.4, muted: true, subtitles: 'ru' });
    savePreferences({ quality: null });
    expect(loadPreferences().quality).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['an array', '[1,2]'],
    ['a string', '"hd"'],
    ['null', 'null'],
  ])('falls back to the defaults when the stored value is %s', (_what, raw) => {
    localStorage.setItem(PREFERENCES_KEY, raw);
    expect(loadPreferences()).toEqual(DEFAULT_PREFERENCES);
  });

  it('drops each invalid field alone and keeps the valid ones', () => {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ quality: 'FHD', volume: 7, muted: 'yes', subtitles: 'en', speed: 2 }));
    expect(loadPreferences()).toEqual({ quality: null, volume: 1, muted: false, subtitles: 'en' });
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ quality: 1080.5, volume: -0.1, subtitles: '' }));
    expect(loadPreferences()).toEqual({ quality: null, volume: 1, muted: false, subtitles: null });
  });

  it('does not remember the speed (issue 5: speed not)', () => {
    savePreferences({ volume: 0.5, ...({ speed: 2 } as object) });
    expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY)!)).not.toHaveProperty('speed');
  });

  it('works without storage (privacy mode): the choice holds for the call', () => {
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } } as unknown as Storage;
    expect(loadPreferences(broken)).toEqual(DEFAULT_PREFERENCES);
    expect(savePreferences({ volume: 0.3 }, broken)).toEqual({ ...DEFAULT_PREFERENCES, volume: 0.3 });
    expect(savePreferences({ volume: 0.3 }, null)).toEqual({ ...DEFAULT_PREFERENCES, volume: 0.3 });
  });
});
