// The wall-clock live and recording playlists: table-driven over a small loop whose
// numbers can be checked by hand, and over the real demo media.
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../lib/paths.ts';
import { localAssetReader, readAssetLayout } from './asset-layout.ts';
import { planChannel } from './channel-plan.ts';
import {
  channelMasterPlaylist, compileTrack, itemLengths, liveMediaPlaylist, liveWindow, NotOnAirError, rangeSeconds, rangeSegments, recordingMediaPlaylist, segmentBySequence, sequenceAt,
  type LoopTrack,
} from './live-playlist.ts';

// Item A: three 4 s segments (12 s); item B: 4 s + 2 s (6 s). The loop is 18 s, five video segments a cycle.
const EPOCH = Date.parse('2026-01-01T00:00:00Z');
const video: LoopTrack = {
  id: '720p',
  items: [
    { slug: 'aaa', map: '720p/init.mp4', segments: [{ duration: 4, uri: '720p/a0.m4s' }, { duration: 4, uri: '720p/a1.m4s' }, { duration: 4, uri: '720p/a2.m4s' }] },
    { slug: 'bbb', map: '720p/init.mp4', segments: [{ duration: 4, uri: '720p/b0.m4s' }, { duration: 2, uri: '720p/b1.m4s' }] },
  ],
};
// AAC frames do not end on the video's instants: 21 ms over in A (with a tail segment), 20 ms short in B.
const audio: LoopTrack = {
  id: 'audio-ru',
  items: [
    { slug: 'aaa', map: 'audio-ru/init.mp4', segments: [{ duration: 4.010667, uri: 'audio-ru/a0.m4s' }, { duration: 3.989333, uri: 'audio-ru/a1.m4s' }, { duration: 4.010667, uri: 'audio-ru/a2.m4s' }, { duration: 0.021333, uri: 'audio-ru/a3.m4s' }] },
    { slug: 'bbb', map: 'audio-ru/init.mp4', segments: [{ duration: 4.010667, uri: 'audio-ru/b0.m4s' }, { duration: 1.969333, uri: 'audio-ru/b1.m4s' }] },
  ],
};
const lengths = itemLengths(video);
const V = compileTrack(video, lengths);
const A = compileTrack(audio, lengths);
const at = (seconds: number) => EPOCH + seconds * 1000;
const url = (slug: string, uri: string) => `/m/${slug}/${uri}`;

describe('laying tracks on the loop', () => {
  it('gives every track the items of the reference video rendition', () => {
    expect(lengths).toEqual([12_000_000, 6_000_000]);
    expect(V.cycleMicros).toBe(18_000_000);
    expect(V.perCycle).toBe(5);
    expect(V.targetDuration).toBe(4);
  });

  it('cuts an audio track to the items: the tail past the item is dropped, the last segment ends on the boundary', () => {
    expect(A.items[0]!.uris).toEqual(['audio-ru/a0.m4s', 'audio-ru/a1.m4s', 'audio-ru/a2.m4s']);
    expect(A.items[0]!.durations).toEqual([4_010_667, 3_989_333, 4_000_000]);
    // B's audio is 20 ms short: its last segment is stretched to the boundary.
    expect(A.items[1]!.durations).toEqual([4_010_667, 1_989_333]);
    expect(A.cycleMicros).toBe(V.cycleMicros);
  });

  it('refuses a track whose items do not match the loop', () => {
    expect(() => compileTrack({ id: 'x', items: video.items.slice(0, 1) }, lengths)).toThrow(/1 items for 2/);
  });
});

describe('the segment playing at a moment', () => {
  // [seconds since the epoch, sequence, its start (s), its discontinuity sequence, its uri]
  const table: [number, number, number, number, string][] = [
    [0, 0, 0, 0, '720p/a0.m4s'],
    [3.999999, 0, 0, 0, '720p/a0.m4s'],
    [4, 1, 4, 0, '720p/a1.m4s'],
    [12, 3, 12, 1, '720p/b0.m4s'], // item B begins: discontinuity 1
    [17.5, 4, 16, 1, '720p/b1.m4s'],
    [18, 5, 18, 2, '720p/a0.m4s'], // wrap-around: cycle 1, item A again, discontinuity 2
    [40, 11, 40, 4, '720p/a1.m4s'],
    [18 * 1000 + 13, 5003, 18 * 1000 + 12, 2001, '720p/b0.m4s'], // cycle 1000
  ];
  it.each(table)('at %s s: segment %s starting at %s s, discontinuity %s (%s)', (seconds, sequence, start, discontinuity, uri) => {
    const n = sequenceAt(V, Math.round(seconds * 1e6));
    expect(n).toBe(sequence);
    const s = segmentBySequence(V, n);
    expect(s.start).toBe(start * 1e6);
    expect(s.discontinuity).toBe(discontinuity);
    expect(s.uri).toBe(uri);
  });
});

describe('the live window', () => {
  // [seconds since the epoch, media sequence of the first segment, its discontinuity sequence, sequences in the window]
  const table: [number, number, number, number[]][] = [
    [4, 0, 0, [0]], // the first segment has just ended
    [18, 0, 0, [0, 1, 2, 3, 4]], // exactly at a segment's end: it is in
    [17.999999, 0, 0, [0, 1, 2, 3]], // a microsecond earlier it is not
    [40, 5, 2, [5, 6, 7, 8, 9, 10]], // a full window spanning B and a wrap-around
    [44, 6, 2, [6, 7, 8, 9, 10, 11]], // one segment later: slid by one
    [52.5, 8, 3, [8, 9, 10, 11, 12, 13]], // the first segment begins item B: its discontinuity is in the sequence
  ];
  it.each(table)('at %s s: starts at %s, discontinuity sequence %s', (seconds, mediaSequence, discontinuitySequence, sequences) => {
    const window = liveWindow(V, EPOCH, at(seconds));
    expect(window.map((s) => s.sequence)).toEqual(sequences);
    expect(window[0]!.sequence).toBe(mediaSequence);
    expect(window[0]!.discontinuity).toBe(discontinuitySequence);
  });

  it('has nothing on air before the first segment has ended', () => {
    expect(() => liveWindow(V, EPOCH, at(3.9))).toThrow(NotOnAirError);
    expect(() => liveWindow(V, EPOCH, at(-60))).toThrow(NotOnAirError);
  });

  it('only moves forward: the media sequence never falls between reloads a second apart', () => {
    let last = -1;
    let lastDiscontinuity = -1;
    for (let s = 4; s < 200; s += 0.37) {
      const first = liveWindow(V, EPOCH, at(s))[0]!;
      expect(first.sequence).toBeGreaterThanOrEqual(last);
      expect(first.discontinuity).toBeGreaterThanOrEqual(lastDiscontinuity);
      last = first.sequence;
      lastDiscontinuity = first.discontinuity;
    }
  });

  it('writes a live playlist: sequence numbers, a discontinuity at each item with its map and date, no end', () => {
    expect(liveMediaPlaylist(V, EPOCH, at(40), url)).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-TARGETDURATION:4',
        '#EXT-X-MEDIA-SEQUENCE:5',
        '#EXT-X-DISCONTINUITY-SEQUENCE:2',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-MAP:URI="/m/aaa/720p/init.mp4"',
        '#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:18.000Z',
        '#EXTINF:4.000000,', '/m/aaa/720p/a0.m4s',
        '#EXTINF:4.000000,', '/m/aaa/720p/a1.m4s',
        '#EXTINF:4.000000,', '/m/aaa/720p/a2.m4s',
        '#EXT-X-DISCONTINUITY',
        '#EXT-X-MAP:URI="/m/bbb/720p/init.mp4"',
        '#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:30.000Z',
        '#EXTINF:4.000000,', '/m/bbb/720p/b0.m4s',
        '#EXTINF:2.000000,', '/m/bbb/720p/b1.m4s',
        '#EXT-X-DISCONTINUITY',
        '#EXT-X-MAP:URI="/m/aaa/720p/init.mp4"',
        '#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:36.000Z',
        '#EXTINF:4.000000,', '/m/aaa/720p/a0.m4s',
        '',
      ].join('\n'),
    );
  });

  it('counts discontinuities in the window as the item boundaries it holds, and each is preceded by a map', () => {
    for (const seconds of [22, 30, 36.5, 40, 54, 1000.25]) {
      const text = liveMediaPlaylist(V, EPOCH, at(seconds), url);
      const window = liveWindow(V, EPOCH, at(seconds));
      const boundaries = window.filter((s, i) => i > 0 && s.discontinuity !== window[i - 1]!.discontinuity).length;
      expect(text.match(/#EXT-X-DISCONTINUITY\n/g)?.length ?? 0).toBe(boundaries);
      expect(text.match(/#EXT-X-MAP:/g)!.length).toBe(boundaries + 1);
      expect(text.match(/#EXT-X-PROGRAM-DATE-TIME:/g)!.length).toBe(boundaries + 1);
      expect(text).not.toContain('#EXT-X-ENDLIST');
    }
  });

  it('keeps audio and video on the same items: items begin at the same instants, with the same discontinuity numbers', () => {
    const itemStarts = (track: typeof V) =>
      rangeSegments(track, EPOCH, at(0), at(200)).filter((x, i, all) => i === 0 || x.discontinuity !== all[i - 1]!.discontinuity).map((x) => [x.discontinuity, x.start]);
    expect(itemStarts(A)).toEqual(itemStarts(V));
    for (let s = 0; s < 200; s += 0.7) {
      const t = Math.round(s * 1e6);
      expect(segmentBySequence(A, sequenceAt(A, t)).discontinuity).toBe(segmentBySequence(V, sequenceAt(V, t)).discontinuity);
    }
  });

  it('a loop of one item still marks every wrap-around as a discontinuity', () => {
    const one = compileTrack({ id: '720p', items: [video.items[0]!] }, [12_000_000]);
    const window = liveWindow(one, EPOCH, at(26));
    expect(window.map((s) => [s.sequence, s.discontinuity])).toEqual([[0, 0], [1, 0], [2, 0], [3, 1], [4, 1], [5, 1]]);
  });
});

describe('a recording', () => {
  it('is the whole segments between the start and the end, numbered from 0, with an end', () => {
    // From 13 s (inside b0, 12–16 s) to 31 s (inside cycle 1's b0, 30–34 s).
    const text = recordingMediaPlaylist(V, EPOCH, at(13), at(31), url);
    expect(text).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-TARGETDURATION:4',
        '#EXT-X-MEDIA-SEQUENCE:0',
        '#EXT-X-PLAYLIST-TYPE:VOD',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-MAP:URI="/m/bbb/720p/init.mp4"',
        '#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:12.000Z',
        '#EXTINF:4.000000,', '/m/bbb/720p/b0.m4s',
        '#EXTINF:2.000000,', '/m/bbb/720p/b1.m4s',
        '#EXT-X-DISCONTINUITY',
        '#EXT-X-MAP:URI="/m/aaa/720p/init.mp4"',
        '#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:18.000Z',
        '#EXTINF:4.000000,', '/m/aaa/720p/a0.m4s',
        '#EXTINF:4.000000,', '/m/aaa/720p/a1.m4s',
        '#EXTINF:4.000000,', '/m/aaa/720p/a2.m4s',
        '#EXT-X-DISCONTINUITY',
        '#EXT-X-MAP:URI="/m/bbb/720p/init.mp4"',
        '#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:30.000Z',
        '#EXTINF:4.000000,', '/m/bbb/720p/b0.m4s',
        '#EXT-X-ENDLIST',
        '',
      ].join('\n'),
    );
    expect(rangeSeconds(V, EPOCH, at(13), at(31))).toBe(22);
  });

  it('ends with the segment that holds its last moment: an end on a boundary takes nothing after it', () => {
    expect(rangeSeconds(V, EPOCH, at(0), at(18))).toBe(18);
    expect(rangeSeconds(V, EPOCH, at(0), at(18.001))).toBe(22);
  });

  it('has nothing before the loop began', () => {
    expect(() => recordingMediaPlaylist(V, EPOCH, at(-10), at(10), url)).toThrow(NotOnAirError);
  });
});

describe('the demo media as a channel (media/demo)', () => {
  const read = localAssetReader(fromRoot('media/demo'));

  it('offers the heights and audio every item has, and keeps 1080p only when all have it', async () => {
    const plan = planChannel(await Promise.all(['aurora', 'metropolis', 'meadow'].map((s) => readAssetLayout(s, read))));
    expect(plan.variants.map((v) => v.track)).toEqual(['240p', '360p', '480p', '720p']);
    // aurora has Русский and English, the others only Русский: one audio track.
    expect(plan.audio).toEqual([{ track: 'audio-ru', lang: 'ru', name: 'Русский', isDefault: true, channels: '2' }]);
    expect(plan.itemMicros).toEqual([48_000_000, 48_000_000, 48_000_000]);
    const aurora = planChannel([await readAssetLayout('aurora', read)]);
    expect(aurora.variants.map((v) => v.track)).toContain('1080p');
    expect(aurora.audio.map((a) => a.track)).toEqual(['audio-ru', 'audio-en']);
    expect(channelMasterPlaylist(plan)).toMatch(/^#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="ru",NAME="Русский",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio-ru\/index.m3u8"\n#EXT-X-STREAM-INF:BANDWIDTH=193578,/);
  });

  it('takes the largest bandwidth of a height over the items', async () => {
    const plan = planChannel(await Promise.all(['teaser', 'meadow'].map((s) => readAssetLayout(s, read))));
    // 720p: teaser 938812, meadow 288945.
    expect(plan.variants.find((v) => v.height === 720)!.bandwidth).toBe(938_812);
    expect(plan.itemMicros).toEqual([20_000_000, 48_000_000]);
  });

  it('lays the real audio on the video: the 13th 21 ms AAC segment is not in the loop', async () => {
    const plan = planChannel([await readAssetLayout('meadow', read)]);
    const track = plan.tracks.get('audio-ru')!;
    expect(track.perCycle).toBe(12);
    expect(track.cycleMicros).toBe(48_000_000);
    expect(plan.tracks.get('720p')!.perCycle).toBe(12);
  });
});
