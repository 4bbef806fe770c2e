import { describe, expect, it, vi } from 'vitest';
import { cueLinePx, cueTextLines, liftCues, liftLines } from './subtitle-lift.ts';

/** A cue as the browser's VTTCue holds its line settings. */
const cue = (text: string, line: number | 'auto' = 'auto') => ({ text, line, snapToLines: true }) as unknown as TextTrackCue & { line: number | 'auto' };
const track = (cues: TextTrackCue[], mode: TextTrackMode = 'showing', active: TextTrackCue[] = []) =>
  ({ mode, cues: cues as unknown as TextTrackCueList, activeCues: active as unknown as TextTrackCueList, removeCue: vi.fn(), addCue: vi.fn() }) as unknown as TextTrack;
const lines = (text: string) => text.split('\n').length;

describe('subtitle lift', () => {
  it('measures a line by the ::cue font size of player.css', () => {
    expect(cueLinePx(390)).toBe(20); // 16 px minimum
    expect(cueLinePx(1000)).toBe(32.5); // 2.6vw
    expect(cueLinePx(2560)).toBe(42.5); // 34 px maximum
  });

  it('counts the whole lines that cover the bottom', () => {
    expect(liftLines(0, 20)).toBe(0);
    expect(liftLines(100, 20)).toBe(5);
    expect(liftLines(101, 20)).toBe(6);
  });

  it('counts a cue’s lines: its breaks, and long lines wrapped on a narrow picture', () => {
    expect(cueTextLines('Полярная ночь.', 1440, 42.5)).toBe(1);
    expect(cueTextLines('Это северное сияние —\nчастицы солнечного ветра в атмосфере.', 1440, 42.5)).toBe(2);
    expect(cueTextLines('<i>частицы солнечного ветра в атмосфере, над тундрой</i>', 390, 20)).toBe(2);
  });

  it('ends each default cue of a showing track above the cover and puts it back; placed cues and hidden tracks stay', () => {
    const one = cue('Полярная ночь.');
    const two = cue('Это северное сияние —\nчастицы солнечного ветра.');
    const top = cue('Надпись', 0);
    const hidden = cue('Скрыто');
    const tracks = [track([one, two, top], 'showing', [two]), track([hidden], 'hidden')];
    liftCues(tracks, 3, lines);
    // The cue on screen is put back so the browser lays it out again where it now belongs.
    expect(tracks[0]!.removeCue).toHaveBeenCalledExactlyOnceWith(two);
    expect(tracks[0]!.addCue).toHaveBeenCalledExactlyOnceWith(two);
    // A negative line names the cue's first line from the bottom.
    expect(one.line).toBe(-4);
    expect(two.line).toBe(-5);
    expect(top.line).toBe(0);
    expect(hidden.line).toBe('auto');
    liftCues(tracks, 0, lines);
    expect(one.line).toBe('auto');
    expect(two.line).toBe('auto');
    expect(top.line).toBe(0);
  });
});
