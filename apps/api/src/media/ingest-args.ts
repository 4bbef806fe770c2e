// Command-line arguments of `npm run media:ingest` (pure: parsing and validation, no I/O).
import { parseArgs } from 'node:util';

/** A wrong command line: the message says what to fix; the CLI prints it with the usage and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const USAGE = `Usage: npm run media:ingest -- <source file> --title <alias> [options]

Packages a video into HLS (H.264/AAC fMP4, a keyframe every 2 s, the rendition ladder up to the source
height), makes scrub-bar thumbnails, puts the files in the media storage (MEDIA_STORAGE) and attaches the
asset to the title (a movie), an episode or an extra, in one transaction. Re-running with the same slug
replaces the asset.

Where it goes:
  --title <alias>              the title (movies play it directly)
  --season <n> --episode <m>   an episode of a series (both required for a series)
  --extra <position>           a trailer or extra of the title, by its position (0, 1, …)
  --slug <slug>                the asset's name in the storage (default: from the alias, e.g. alias-s01e02)
  --out <dir>                  only package into <dir>/<slug> and update <dir>/manifest.json: no storage,
                               no database, no --title needed (how the demo media are made)
  --kind <feature|trailer>     with --out: the manifest's kind of the asset (default feature)

Tracks and marks:
  --audio <lang>:<file or stream index>:<name>   an audio track (repeatable; the first is the default);
                               without --audio the source's first audio stream is used as --lang
  --lang <lang>                language of the source's own audio when --audio is not given (default ru)
  --subtitles <lang>:<file.vtt|file.srt>:<name>  a subtitle track (repeatable)
  --intro <from>-<to>          the intro, in seconds (the player offers to skip it), e.g. 5-35
  --credits <from>             where the end credits start, in seconds

Encoding:
  --max-height <px>            the highest rendition (default: the source height; never upscaled)
  --crf <n>                    x264 quality, 16–35 (default 23); the ladder's caps still apply
  --rate-factor <x>            scale the ladder's bit-rate caps, 0.1–2 (default 1)
  --preset <name>              x264 preset (default slow)
  --audio-bitrate <kbit/s>     AAC bit rate per track, 32–320 (default 128)
  --segment <4|6>              segment length in seconds (default 4)
  --thumbnail-interval <s>     one scrub-bar thumbnail every <s> seconds, 1–60 (default 5)
  --deterministic              one encoder thread and bit-exact muxing: the same input gives the same bytes
`;

/** An audio track to package: from a stream of the source (by its index among audio streams) or a file. */
export interface AudioSpec {
  lang: string;
  name: string;
  source: { kind: 'stream'; index: number } | { kind: 'file'; path: string };
}

export interface SubtitleSpec {
  lang: string;
  name: string;
  path: string;
}

export type IngestTarget =
  | { kind: 'movie'; titleAlias: string }
  | { kind: 'episode'; titleAlias: string; season: number; episode: number }
  | { kind: 'extra'; titleAlias: string; position: number }
  /** Unresolved: a title without --season/--episode/--extra is a movie or a series (an error) once looked up. */
  | { kind: 'title'; titleAlias: string };

export interface IngestArgs {
  source: string;
  target: IngestTarget | null;
  slug: string;
  outDir: string | null;
  /** With --out: the manifest's kind. */
  kind: 'feature' | 'trailer';
  audio: AudioSpec[];
  /** Language of the source's own audio when `audio` is empty. */
  sourceLang: string;
  subtitles: SubtitleSpec[];
  intro: { start: number; end: number } | null;
  creditsStart: number | null;
  maxHeight: number | null;
  crf: number;
  rateFactor: number;
  preset: string;
  audioBitrateKbps: number;
  segmentSeconds: 4 | 6;
  thumbnailInterval: number;
  deterministic: boolean;
}

const LANG = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PRESETS = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow', 'slower', 'veryslow'];

function number(name: string, value: string | undefined, min: number, max: number, integer = true): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || (integer && !Number.isInteger(n)) || n < min || n > max) {
    throw new UsageError(`--${name} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}, not "${value}"`);
  }
  return n;
}

/** "lang:source:name": the name is the rest, so it may hold colons; the source may not. */
function triple(option: string, value: string): [string, string, string] {
  const first = value.indexOf(':');
  const second = first < 0 ? -1 : value.indexOf(':', first + 1);
  if (first < 0 || second < 0) throw new UsageError(`--${option} must be <lang>:<${option === 'audio' ? 'file or stream index' : 'file'}>:<name>, not "${value}"`);
  const lang = value.slice(0, first);
  const source = value.slice(first + 1, second);
  const name = value.slice(second + 1).trim();
  if (!LANG.test(lang)) throw new UsageError(`--${option} "${value}": "${lang}" is not a language code (ru, en, pt-BR)`);
  if (source === '') throw new UsageError(`--${option} "${value}": the source is empty`);
  if (name === '' || name.length > 60 || /["\r\n]/.test(name)) throw new UsageError(`--${option} "${value}": the name must be 1–60 characters without quotes`);
  return [lang, source, name];
}

/** The default slug of a target: the alias, then the episode or the extra. */
export function defaultSlug(target: IngestTarget): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const base = target.titleAlias.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  const suffix = target.kind === 'episode' ? `-s${pad(target.season)}e${pad(target.episode)}` : target.kind === 'extra' ? `-extra-${target.position}` : '';
  return `${base.slice(0, 64 - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/** Parses argv (after `--`); throws UsageError on anything wrong. `help` asks for the usage text. */
export function parseIngestArgs(argv: string[]): IngestArgs | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        title: { type: 'string' }, season: { type: 'string' }, episode: { type: 'string' }, extra: { type: 'string' },
        slug: { type: 'string' }, out: { type: 'string' }, kind: { type: 'string' },
        audio: { type: 'string', multiple: true }, lang: { type: 'string' }, subtitles: { type: 'string', multiple: true },
        intro: { type: 'string' }, credits: { type: 'string' },
        'max-height': { type: 'string' }, crf: { type: 'string' }, 'rate-factor': { type: 'string' }, preset: { type: 'string' },
        'audio-bitrate': { type: 'string' }, segment: { type: 'string' }, 'thumbnail-interval': { type: 'string' },
        deterministic: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  if (parsed.positionals.length !== 1) throw new UsageError(parsed.positionals.length === 0 ? 'name the source video file' : `one source file, not ${parsed.positionals.length}: ${parsed.positionals.join(' ')}`);
  const source = parsed.positionals[0]!;

  const season = number('season', v.season, 1, 999);
  const episode = number('episode', v.episode, 1, 9999);
  const extra = number('extra', v.extra, 0, 999);
  if ((season === undefined) !== (episode === undefined)) throw new UsageError('--season and --episode go together');
  if (extra !== undefined && season !== undefined) throw new UsageError('--extra and --season/--episode exclude each other');

  let target: IngestTarget | null = null;
  if (v.title !== undefined) {
    const titleAlias = v.title.trim();
    if (titleAlias === '') throw new UsageError('--title is empty');
    if (season !== undefined) target = { kind: 'episode', titleAlias, season, episode: episode! };
    else if (extra !== undefined) target = { kind: 'extra', titleAlias, position: extra };
    else target = { kind: 'title', titleAlias };
  } else if (season !== undefined || extra !== undefined) {
    throw new UsageError('--season, --episode and --extra need --title');
  }
  const outDir = v.out ?? null;
  if (!target && outDir === null) throw new UsageError('--title <alias> is required (or --out <dir> to only package)');
  if (target && outDir !== null) throw new UsageError('--out only packages: leave out --title (or leave out --out to attach to the title)');

  if (v.kind !== undefined && outDir === null) throw new UsageError('--kind goes with --out (attached assets take the kind of what they are attached to)');
  if (v.kind !== undefined && v.kind !== 'feature' && v.kind !== 'trailer') throw new UsageError(`--kind must be feature or trailer, not "${v.kind}"`);
  const kind = (v.kind ?? 'feature');

  const slug = v.slug ?? (target ? defaultSlug(target) : undefined);
  if (slug === undefined) throw new UsageError('--out needs --slug');
  if (!SLUG.test(slug) || slug.length > 64) throw new UsageError(`--slug "${slug}" must be lowercase latin letters, digits and single hyphens, at most 64 characters`);

  const audio: AudioSpec[] = (v.audio ?? []).map((value) => {
    const [lang, src, name] = triple('audio', value);
    return { lang, name, source: /^\d{1,2}$/.test(src) ? { kind: 'stream', index: Number(src) } : { kind: 'file', path: src } };
  });
  const subtitles: SubtitleSpec[] = (v.subtitles ?? []).map((value) => {
    const [lang, path, name] = triple('subtitles', value);
    if (!/\.(vtt|srt)$/i.test(path)) throw new UsageError(`--subtitles "${value}": the file must be .vtt or .srt`);
    return { lang, name, path };
  });
  for (const [what, list] of [['audio', audio], ['subtitles', subtitles]] as const) {
    const seen = new Set<string>();
    for (const t of list) {
      if (seen.has(t.lang)) throw new UsageError(`two --${what} tracks in "${t.lang}": one track per language`);
      seen.add(t.lang);
    }
  }
  const sourceLang = v.lang ?? 'ru';
  if (!LANG.test(sourceLang)) throw new UsageError(`--lang "${sourceLang}" is not a language code`);

  let intro: IngestArgs['intro'] = null;
  if (v.intro !== undefined) {
    const m = v.intro.match(/^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/);
    if (!m) throw new UsageError(`--intro must be <from>-<to> in seconds (5-35), not "${v.intro}"`);
    intro = { start: Number(m[1]), end: Number(m[2]) };
    if (!(intro.end > intro.start)) throw new UsageError(`--intro ${v.intro}: the intro must end after it starts`);
  }
  const creditsStart = number('credits', v.credits, 0, 86_400, false) ?? null;
  if (intro && creditsStart !== null && creditsStart < intro.end) throw new UsageError('--credits must start after the intro ends');

  const segment = number('segment', v.segment, 4, 6) ?? 4;
  if (segment !== 4 && segment !== 6) throw new UsageError('--segment must be 4 or 6 (two or three 2-second GOPs)');
  const preset = v.preset ?? 'slow';
  if (!PRESETS.includes(preset)) throw new UsageError(`--preset must be one of ${PRESETS.join(', ')}`);

  return {
    source, target, slug, outDir, kind, audio, sourceLang, subtitles, intro, creditsStart,
    maxHeight: number('max-height', v['max-height'], 144, 4320) ?? null,
    crf: number('crf', v.crf, 16, 35) ?? 23,
    rateFactor: number('rate-factor', v['rate-factor'], 0.1, 2, false) ?? 1,
    preset,
    audioBitrateKbps: number('audio-bitrate', v['audio-bitrate'], 32, 320) ?? 128,
    segmentSeconds: segment,
    thumbnailInterval: number('thumbnail-interval', v['thumbnail-interval'], 1, 60) ?? 5,
    deterministic: v.deterministic ?? false,
  };
}
