import { describe, expect, it } from 'vitest';
import { cueLinePx, liftCues, liftLines } from './subtitle-lift.ts';

/** A cue as the browser's VTTCue holds its line settings. */
const cue = (line: number | 'auto' = 'auto') => ({ line, snapToLines: true }) as unknown as TextTrackCue & { line: number | 'auto' };
const track = (cues: TextTrackCue[], mode: TextTrackMode = 'showing') => ({ mode, cues: cues as unknown as TextTrackCueList }) as TextTrack;

describe('subtitle lift', () => {
  it('measures a line by the ::cue font size of player.css', () => {
    expect(cueLinePx(390)).toBe(20); // 16 px minimum
    expect(cueLinePx(1000)).toBe(32.5); // 2.6vw
    expect(cueLinePx(2560)).toBe(42.5); // 34 px maximum
  });

  it('lifts by whole lines to clear what covers the bottom, plus one', () => {
    expect(liftLines(0, 20)).toBe(0);
    expect(liftLines(100, 20)).toBe(6);
    expect(liftLines(101, 20)).toBe(7);
  });

  it('moves default cues of showing tracks up and back, leaving placed cues and hidden tracks alone', () => {
    const bottom = cue();
    const top = cue(0);
    const hidden = cue();
    const tracks = [track([bottom, top]), track([hidden], 'hidden')];
    liftCues(tracks, 5);
    expect(bottom.line).toBe(-5);
    expect(top.line).toBe(0);
    expect(hidden.line).toBe('auto');
    liftCues(tracks, 3);
    expect(bottom.line).toBe(-3);
    liftCues(tracks, 0);
    expect(bottom.line).toBe('auto');
    expect(top.line).toBe(0);
  });
});
