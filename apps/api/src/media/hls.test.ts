import { describe, expect, it } from 'vitest';
import {
  avcCodecString, formatVttTime, masterPlaylist, parseAttributes, parseMediaPlaylist, parseVtt, renditionStats, segmentSubtitles, thumbnailsVtt,
  type AudioRendition,
} from './hls.ts';

describe('parseMediaPlaylist', () => {
  it('reads the map, the segments and the end', () => {
    const p = parseMediaPlaylist('#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4.000000,\nseg_000.m4s\n#EXTINF:1.5,\nseg_001.m4s\n#EXT-X-ENDLIST\n');
    expect(p).toEqual({ targetDuration: 4, mapUri: 'init.mp4', endList: true, segments: [{ duration: 4, uri: 'seg_000.m4s' }, { duration: 1.5, uri: 'seg_001.m4s' }] });
  });

  it('refuses a segment without a duration', () => {
    expect(() => parseMediaPlaylist('#EXTM3U\nseg_000.m4s\n')).toThrow(/no #EXTINF/);
  });
});

describe('renditionStats', () => {
  it('takes the peak over runs of 0.5–1.5 target durations as BANDWIDTH and bits over time as AVERAGE-BANDWIDTH', () => {
    // target 4 s: runs [a] 4 s = 200 kbit/s, [a b] 5 s = 240 kbit/s, [b c] 5 s = 160 kbit/s, [c] 4 s = 100 kbit/s
    const segments = [{ duration: 4, bytes: 100_000 }, { duration: 1, bytes: 50_000 }, { duration: 4, bytes: 50_000 }];
    expect(renditionStats(segments, 4)).toEqual({ peak: 240_000, average: 177_778, duration: 9 });
  });

  it('does not take a sliver of a last segment for a burst', () => {
    // one AAC frame (21 ms) of 400 bytes alone would be 150 kbit/s; it only counts with the segment before it
    const audio = [{ duration: 4.010667, bytes: 32_085 }, { duration: 3.989333, bytes: 31_915 }, { duration: 0.021333, bytes: 400 }];
    expect(renditionStats(audio, 4).peak).toBe(Math.ceil(((31_915 + 400) * 8) / (3.989333 + 0.021333)));
  });

  it('measures a rendition shorter than half a target duration whole', () => {
    expect(renditionStats([{ duration: 1, bytes: 1000 }], 4)).toEqual({ peak: 8000, average: 8000, duration: 1 });
  });

  it('refuses nothing to measure', () => {
    expect(() => renditionStats([], 4)).toThrow(/without segments/);
    expect(() => renditionStats([{ duration: 0, bytes: 10 }], 4)).toThrow(/duration 0/);
  });
});

describe('avcCodecString', () => {
  it('reads profile, constraints and level from the avcC box', () => {
    const box = Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('avcC', 'latin1'), Buffer.from([1, 0x64, 0x00, 0x28, 0xff])]);
    expect(avcCodecString(Buffer.concat([Buffer.alloc(30), box]))).toBe('avc1.640028');
  });

  it('refuses an init segment without H.264', () => {
    expect(() => avcCodecString(Buffer.from('ftypisommoov'))).toThrow(/no avcC/);
  });
});

const stats = (peak: number, average: number) => ({ peak, average, duration: 48 });

describe('masterPlaylist', () => {
  const audio: AudioRendition[] = [
    { lang: 'ru', name: 'Русский', isDefault: true, channels: 2, uri: 'audio-ru/index.m3u8', codecs: 'mp4a.40.2', stats: stats(70_000, 65_000) },
    { lang: 'en', name: 'English', isDefault: false, channels: 2, uri: 'audio-en/index.m3u8', codecs: 'mp4a.40.2', stats: stats(72_000, 64_000) },
  ];
  const text = masterPlaylist({
    variants: [
      { width: 1280, height: 720, frameRate: 25, codecs: 'avc1.64001f', uri: '720p/index.m3u8', stats: stats(900_000, 700_000) },
      { width: 640, height: 360, frameRate: 25, codecs: 'avc1.4d401e', uri: '360p/index.m3u8', stats: stats(300_000, 250_000) },
    ],
    audio,
    subtitles: [{ lang: 'ru', name: 'Русские', isDefault: false, uri: 'subs-ru/index.m3u8' }],
  });
  const lines = text.trim().split('\n');

  it('declares the audio group and the subtitles before the variants', () => {
    expect(lines.slice(0, 3)).toEqual(['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS']);
    const media = lines.filter((l) => l.startsWith('#EXT-X-MEDIA:')).map((l) => parseAttributes(l.slice('#EXT-X-MEDIA:'.length)));
    expect(media).toEqual([
      { TYPE: 'AUDIO', 'GROUP-ID': 'audio', LANGUAGE: 'ru', NAME: 'Русский', DEFAULT: 'YES', AUTOSELECT: 'YES', CHANNELS: '2', URI: 'audio-ru/index.m3u8' },
      { TYPE: 'AUDIO', 'GROUP-ID': 'audio', LANGUAGE: 'en', NAME: 'English', DEFAULT: 'NO', AUTOSELECT: 'YES', CHANNELS: '2', URI: 'audio-en/index.m3u8' },
      { TYPE: 'SUBTITLES', 'GROUP-ID': 'subs', LANGUAGE: 'ru', NAME: 'Русские', DEFAULT: 'NO', AUTOSELECT: 'YES', FORCED: 'NO', URI: 'subs-ru/index.m3u8' },
    ]);
  });

  it('lists variants from the lowest, each with the largest audio added to its bandwidths', () => {
    const variants = lines.flatMap((l, i) => (l.startsWith('#EXT-X-STREAM-INF:') ? [{ ...parseAttributes(l.slice(18)), uri: lines[i + 1] }] : []));
    expect(variants).toEqual([
      { BANDWIDTH: '372000', 'AVERAGE-BANDWIDTH': '315000', RESOLUTION: '640x360', 'FRAME-RATE': '25.000', CODECS: 'avc1.4d401e,mp4a.40.2', AUDIO: 'audio', SUBTITLES: 'subs', uri: '360p/index.m3u8' },
      { BANDWIDTH: '972000', 'AVERAGE-BANDWIDTH': '765000', RESOLUTION: '1280x720', 'FRAME-RATE': '25.000', CODECS: 'avc1.64001f,mp4a.40.2', AUDIO: 'audio', SUBTITLES: 'subs', uri: '720p/index.m3u8' },
    ]);
  });

  it('has no AUDIO or SUBTITLES attributes for a silent asset without subtitles', () => {
    const silent = masterPlaylist({ variants: [{ width: 640, height: 360, frameRate: 24, codecs: 'avc1.4d401e', uri: '360p/index.m3u8', stats: stats(1, 1) }], audio: [], subtitles: [] });
    expect(silent).toContain('#EXT-X-STREAM-INF:BANDWIDTH=1,AVERAGE-BANDWIDTH=1,RESOLUTION=640x360,FRAME-RATE=24.000,CODECS="avc1.4d401e"\n360p/index.m3u8');
  });

  it('refuses a name that would break the playlist', () => {
    expect(() => masterPlaylist({ variants: [{ width: 1, height: 1, frameRate: 25, codecs: 'avc1.4d401e', uri: 'a', stats: stats(1, 1) }], audio: [], subtitles: [{ lang: 'ru', name: 'a"b', isDefault: false, uri: 'x' }] })).toThrow(/quoted string/);
  });
});

describe('WebVTT subtitles', () => {
  const source = 'WEBVTT\n\nNOTE a comment\n\n1\n00:00:01.500 --> 00:00:05.000 line:90%\nПолярная ночь.\n\n00:03.000 --> 00:09.000\nДве\nстроки\n';

  it('reads cues with ids, settings and short timestamps, and skips notes', () => {
    expect(parseVtt(source)).toEqual([
      { id: '1', start: 1.5, end: 5, settings: 'line:90%', text: 'Полярная ночь.' },
      { id: undefined, start: 3, end: 9, settings: '', text: 'Две\nстроки' },
    ]);
  });

  it.each([
    ['no header', '1\n00:00:01.000 --> 00:00:02.000\nx\n', /no WEBVTT header/],
    ['a broken timing', 'WEBVTT\n\n00:00:01 -> 00:00:02\nx\n', /unreadable WebVTT cue/],
    ['a cue ending first', 'WEBVTT\n\n00:00:05.000 --> 00:00:02.000\nx\n', /ends before it starts/],
  ])('refuses %s', (_, text, error) => {
    expect(() => parseVtt(text)).toThrow(error);
  });

  it('cuts segments like the video, repeating a cue that spans a boundary, timed against the first frame', () => {
    const { playlist, files } = segmentSubtitles(parseVtt(source), { duration: 9.5, segmentSeconds: 4, mpegts: 7200 });
    expect(files.map((f) => f.name)).toEqual(['seg_000.vtt', 'seg_001.vtt', 'seg_002.vtt']);
    for (const f of files) expect(f.text.startsWith('WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:7200,LOCAL:00:00:00.000\n')).toBe(true);
    expect(files[0]!.text).toContain('1\n00:00:01.500 --> 00:00:05.000 line:90%\nПолярная ночь.');
    expect(files[1]!.text).toContain('00:00:01.500 --> 00:00:05.000');
    expect(files[1]!.text).toContain('00:00:03.000 --> 00:00:09.000');
    expect(files[2]!.text).not.toContain('Полярная');
    expect(files[2]!.text).toContain('Две\nстроки');
    expect(playlist).toBe(
      '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:4\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n' +
        '#EXTINF:4.000,\nseg_000.vtt\n#EXTINF:4.000,\nseg_001.vtt\n#EXTINF:1.500,\nseg_002.vtt\n#EXT-X-ENDLIST\n',
    );
  });

  it('formats hours, minutes, seconds and milliseconds', () => {
    expect(formatVttTime(0)).toBe('00:00:00.000');
    expect(formatVttTime(3723.4567)).toBe('01:02:03.457');
  });
});

describe('thumbnailsVtt', () => {
  it('maps each interval into its sprite cell and ends with the video', () => {
    const text = thumbnailsVtt({ count: 5, interval: 2, duration: 9.04, width: 160, height: 90, columns: 2, rows: 2 });
    const cues = text.trim().split('\n\n').slice(1);
    expect(cues).toEqual([
      '00:00:00.000 --> 00:00:02.000\nsprite-0.jpg#xywh=0,0,160,90',
      '00:00:02.000 --> 00:00:04.000\nsprite-0.jpg#xywh=160,0,160,90',
      '00:00:04.000 --> 00:00:06.000\nsprite-0.jpg#xywh=0,90,160,90',
      '00:00:06.000 --> 00:00:08.000\nsprite-0.jpg#xywh=160,90,160,90',
      '00:00:08.000 --> 00:00:09.040\nsprite-1.jpg#xywh=0,0,160,90',
    ]);
  });
});
