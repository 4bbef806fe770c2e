import { describe, expect, it } from 'vitest';
import { parseThumbnailsVtt, thumbnailAt, vttSeconds } from './thumbnails.ts';

const BASE = 'https://ekran.test/api/media/s/1900000000/sid-1/SiG/aurora/thumbs.vtt';

const VTT = `WEBVTT

00:00.000 --> 00:05.000
sprite-0.jpg#xywh=0,0,160,90

00:05.000 --> 00:10.000
sprite-0.jpg#xywh=160,0,160,90

1
00:00:10.000 --> 00:00:15.000
sprite-1.jpg#xywh=0,90,160,90

01:00:00.000 --> 01:00:05.500
/static/cover.jpg
`;

describe('vttSeconds', () => {
  it.each([
    ['00:05.000', 5],
    ['01:02.500', 62.5],
    ['01:00:00.000', 3600],
    ['10:00:01.250', 36001.25],
  ])('%s is %s s', (stamp, seconds) => {
    expect(vttSeconds(stamp)).toBe(seconds);
  });
});

describe('parseThumbnailsVtt', () => {
  it('reads cues with sprite tiles, resolving names against the VTT under its signed prefix', () => {
    const cues = parseThumbnailsVtt(VTT, BASE);
    expect(cues).toEqual([
      { start: 0, end: 5, url: 'https://ekran.test/api/media/s/1900000000/sid-1/SiG/aurora/sprite-0.jpg', x: 0, y: 0, w: 160, h: 90 },
      { start: 5, end: 10, url: 'https://ekran.test/api/media/s/1900000000/sid-1/SiG/aurora/sprite-0.jpg', x: 160, y: 0, w: 160, h: 90 },
      { start: 10, end: 15, url: 'https://ekran.test/api/media/s/1900000000/sid-1/SiG/aurora/sprite-1.jpg', x: 0, y: 90, w: 160, h: 90 },
      // A cue with a whole image (no #xywh): w and h 0.
      { start: 3600, end: 3605.5, url: 'https://ekran.test/static/cover.jpg', x: 0, y: 0, w: 0, h: 0 },
    ]);
  });

  it('accepts CRLF line ends and a byte-order mark', () => {
    const cues = parseThumbnailsVtt('\uFEFFWEBVTT\r\n\r\n00:00.000 --> 00:02.000\r\na.jpg#xywh=1,2,3,4\r\n', BASE);
    expect(cues).toHaveLength(1);
    expect(cues[0]).toMatchObject({ start: 0, end: 2, x: 1, y: 2, w: 3, h: 4 });
  });

  it('gives nothing for what is not a WebVTT file, and skips broken cues', () => {
    expect(parseThumbnailsVtt('<html>Not found</html>', BASE)).toEqual([]);
    expect(parseThumbnailsVtt('', BASE)).toEqual([]);
    const cues = parseThumbnailsVtt('WEBVTT\n\n00:05.000 --> 00:01.000\nbackwards.jpg\n\n00:01.000 --> 00:02.000\n\n00:02.000 --> 00:03.000\nok.jpg\n', BASE);
    expect(cues.map((c) => c.url.split('/').pop())).toEqual(['ok.jpg']);
  });
});

describe('thumbnailAt', () => {
  const cues = parseThumbnailsVtt(VTT, BASE);
  it.each([
    [0, 0],
    [4.99, 0],
    [5, 5],
    [12, 10],
    [3602, 3600],
  ])('at %s s the cue from %s s', (time, start) => {
    expect(thumbnailAt(cues, time)?.start).toBe(start);
  });
  it('has none in a gap, before the first or after the last cue', () => {
    expect(thumbnailAt(cues, 20)).toBeNull();
    expect(thumbnailAt(cues, -1)).toBeNull();
    expect(thumbnailAt(cues, 4000)).toBeNull();
    expect(thumbnailAt([], 1)).toBeNull();
  });
});
