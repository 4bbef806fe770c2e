// Subtitles and the control bar (spec platform §4 Player: subtitles must stay readable). hls.js renders WebVTT
// subtitles as the browser's own text tracks, so the cues are placed through the WebVTT line setting: while the
// controls show, cues the author left at their default place ("line: auto", the bottom) move up by whole lines
// above the controls, and back down when they hide. Cues the author placed (a top line, a sign) stay.
//
// A negative line counts from the bottom to the cue's FIRST line (WebVTT rendering, snap-to-lines), so a cue of
// two lines needs two more than one of a single line to end at the same height.

/** The px height of one subtitle line: the ::cue font size of player.css (clamp(16px, 2.6vw, 34px)) × 1.25. */
export function cueLinePx(viewportWidth: number): number {
  return Math.min(34, Math.max(16, viewportWidth * 0.026)) * 1.25;
}

/** How many whole lines cover `coverPx` at the bottom (0: nothing covers it, the default place). */
export function liftLines(coverPx: number, linePx: number): number {
  if (!(coverPx > 0) || !(linePx > 0)) return 0;
  return Math.ceil(coverPx / linePx);
}

/**
 * How many lines a cue's text takes in a box `widthPx` wide: its own line breaks, and the wrapping of long lines
 * (an average Cyrillic or Latin letter is about 0.55 em wide; the cue box is 90% of the picture).
 */
export function cueTextLines(text: string, widthPx: number, linePx: number): number {
  const fontPx = linePx / 1.25;
  const perLine = Math.max(1, Math.floor((widthPx * 0.9) / (fontPx * 0.55)));
  return text
    .replace(/<[^>]*>/g, '')
    .split('\n')
    .reduce((n, line) => n + Math.max(1, Math.ceil(line.length / perLine)), 0);
}

/** Cues moved by liftCues (their authored line was "auto"), so they, and only they, go back. */
const lifted = new WeakSet<object>();

type LineCue = TextTrackCue & { line: number | 'auto'; snapToLines: boolean; text?: string };
const isLineCue = (cue: TextTrackCue): cue is LineCue => 'line' in cue && 'snapToLines' in cue;

/**
 * Places every default cue of the showing tracks so that its last line ends `clear` lines above the bottom
 * (0: back to "auto"); `linesOf` says how many lines a cue's text takes.
 */
export function liftCues(tracks: ArrayLike<TextTrack>, clear: number, linesOf: (text: string) => number): void {
  for (const track of Array.from(tracks)) {
    if (track.mode !== 'showing' || !track.cues) continue;
    for (const cue of Array.from(track.cues)) {
      if (!isLineCue(cue)) continue;
      if (!lifted.has(cue)) {
        if (cue.line !== 'auto' || clear === 0) continue;
        lifted.add(cue);
      }
      const line: number | 'auto' = clear > 0 ? -(clear + linesOf(cue.text ?? '')) : 'auto';
      if (cue.line === line) continue;
      cue.snapToLines = true;
      cue.line = line;
      // Chromium keeps a cue on screen where it was laid out until it shows anew: one showing now is taken
      // off and put back, so it moves at once.
      if (track.activeCues && Array.from(track.activeCues).includes(cue)) {
        track.removeCue(cue);
        track.addCue(cue);
      }
    }
  }
}
