// Subtitles and the control bar (spec platform §4 Player: subtitles must stay readable). hls.js renders WebVTT
// subtitles as the browser's own text tracks, so the cues are placed through the WebVTT line setting: while the
// controls show, cues the author left at their default place ("line: auto", the bottom) move up by whole lines
// above the controls, and back down when they hide. Cues the author placed (a top line, a sign) stay.

/** The px height of one subtitle line: the ::cue font size of player.css (clamp(16px, 2.6vw, 34px)) × 1.25. */
export function cueLinePx(viewportWidth: number): number {
  return Math.min(34, Math.max(16, viewportWidth * 0.026)) * 1.25;
}

/** How many lines from the bottom the last subtitle line goes to clear `coverPx` (0: the default place). */
export function liftLines(coverPx: number, linePx: number): number {
  if (!(coverPx > 0) || !(linePx > 0)) return 0;
  return Math.ceil(coverPx / linePx) + 1;
}

/** Cues moved by liftCues (their authored line was "auto"), so they, and only they, go back. */
const lifted = new WeakSet<object>();

type LineCue = TextTrackCue & { line: number | 'auto'; snapToLines: boolean };
const isLineCue = (cue: TextTrackCue): cue is LineCue => 'line' in cue && 'snapToLines' in cue;

/** Places every cue of the showing tracks `lines` lines up from the bottom (0: back to "auto"). */
export function liftCues(tracks: ArrayLike<TextTrack>, lines: number): void {
  for (const track of Array.from(tracks)) {
    if (track.mode !== 'showing' || !track.cues) continue;
    for (const cue of Array.from(track.cues)) {
      if (!isLineCue(cue)) continue;
      if (!lifted.has(cue)) {
        if (cue.line !== 'auto' || lines === 0) continue;
        lifted.add(cue);
      }
      const line: number | 'auto' = lines > 0 ? -lines : 'auto';
      if (cue.line !== line) {
        cue.snapToLines = true;
        cue.line = line;
      }
    }
  }
}
