import { describe, expect, it } from 'vitest';
import { defaultSlug, parseIngestArgs, UsageError, type IngestArgs } from './ingest-args.ts';

const parse = (line: string) => parseIngestArgs(line.split(' ').filter(Boolean)) as IngestArgs;

describe('parseIngestArgs', () => {
  it('reads a movie with the defaults', () => {
    expect(parse('film.mov --title lyod-i-plamya')).toMatchObject({
      source: 'film.mov', target: { kind: 'title', titleAlias: 'lyod-i-plamya' }, slug: 'lyod-i-plamya', outDir: null,
      audio: [], subtitles: [], sourceLang: 'ru', intro: null, creditsStart: null, maxHeight: null,
      crf: 23, rateFactor: 1, preset: 'slow', audioBitrateKbps: 128, segmentSeconds: 4, thumbnailInterval: 5, deterministic: false,
    });
  });

  it('reads an episode, tracks, subtitles and marks', () => {
    const args = parseIngestArgs([
      'ep.mkv', '--title', 'severnyy-veter', '--season', '2', '--episode', '5',
      '--audio', 'ru:0:Русский', '--audio', 'en:/media/en.m4a:English: original', '--subtitles', 'ru:subs.srt:Русские',
      '--intro', '5-35.5', '--credits', '2410', '--segment', '6',
    ]) as IngestArgs;
    expect(args.target).toEqual({ kind: 'episode', titleAlias: 'severnyy-veter', season: 2, episode: 5 });
    expect(args.slug).toBe('severnyy-veter-s02e05');
    expect(args.audio).toEqual([
      { lang: 'ru', name: 'Русский', source: { kind: 'stream', index: 0 } },
      { lang: 'en', name: 'English: original', source: { kind: 'file', path: '/media/en.m4a' } },
    ]);
    expect(args.subtitles).toEqual([{ lang: 'ru', name: 'Русские', path: 'subs.srt' }]);
    expect(args.intro).toEqual({ start: 5, end: 35.5 });
    expect(args.creditsStart).toBe(2410);
    expect(args.segmentSeconds).toBe(6);
  });

  it('reads an extra and the package-only mode', () => {
    expect(parse('t.mp4 --title film --extra 1').target).toEqual({ kind: 'extra', titleAlias: 'film', position: 1 });
    expect(parse('t.mp4 --title film --extra 1').slug).toBe('film-extra-1');
    expect(parse('t.mp4 --out media/demo --slug teaser --kind trailer')).toMatchObject({ target: null, outDir: 'media/demo', slug: 'teaser', kind: 'trailer' });
  });

  it.each([
    ['', /name the source/],
    ['a.mp4 b.mp4 --title x', /one source file/],
    ['a.mp4', /--title <alias> is required/],
    ['a.mp4 --title x --season 1', /--season and --episode go together/],
    ['a.mp4 --title x --season 1 --episode 2 --extra 0', /exclude each other/],
    ['a.mp4 --season 1 --episode 2', /need --title/],
    ['a.mp4 --title x --season 0 --episode 1', /--season must be a whole number from 1/],
    ['a.mp4 --title x --episode 1.5 --season 1', /--episode must be a whole number/],
    ['a.mp4 --out dir', /--out needs --slug/],
    ['a.mp4 --title x --out dir', /--out only packages/],
    ['a.mp4 --title x --kind trailer', /--kind goes with --out/],
    ['a.mp4 --title x --slug Bad_Slug', /--slug "Bad_Slug"/],
    ['a.mp4 --title x --audio ru:0', /--audio must be <lang>:<file or stream index>:<name>/],
    ['a.mp4 --title x --audio russian:0:Русский', /not a language code/],
    ['a.mp4 --title x --audio ru:0:A --audio ru:1:B', /two --audio tracks in "ru"/],
    ['a.mp4 --title x --subtitles ru:subs.ass:Русские', /must be .vtt or .srt/],
    ['a.mp4 --title x --intro 35-5', /must end after it starts/],
    ['a.mp4 --title x --intro 5', /--intro must be <from>-<to>/],
    ['a.mp4 --title x --intro 5-35 --credits 20', /--credits must start after the intro ends/],
    ['a.mp4 --title x --segment 5', /--segment must be 4 or 6/],
    ['a.mp4 --title x --preset turbo', /--preset must be one of/],
    ['a.mp4 --title x --crf 50', /--crf must be a whole number from 16 to 35/],
    ['a.mp4 --title x --bogus', /Unknown option '--bogus'/],
  ])('refuses "%s"', (line, message) => {
    expect(() => parse(line)).toThrow(UsageError);
    expect(() => parse(line)).toThrow(message);
  });

  it('answers --help', () => {
    expect(parseIngestArgs(['--help'])).toBe('help');
  });
});

describe('defaultSlug', () => {
  it('fits 64 characters with the episode suffix kept', () => {
    const slug = defaultSlug({ kind: 'episode', titleAlias: 'a'.repeat(80), season: 1, episode: 12 });
    expect(slug).toHaveLength(64);
    expect(slug.endsWith('-s01e12')).toBe(true);
  });
});
