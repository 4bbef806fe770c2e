// Reading XMLTV, the standard programme-guide format (xmltv.dtd). The document is tokenised by
// @iptv/xmltv's parser into a DOM; the values are read here, because real-world guides need what the
// package's own object mapping does not do: entities and CDATA decoded, times with any offset ("20261121183000
// +0300", "+03:00", "Z", none = UTC as the DTD says), a bad time reported rather than guessed, and the numbering
// systems (xmltv_ns, onscreen, and our own "ekran" marker naming a catalogue title by its alias).
import { parseXmltv } from '@iptv/xmltv';

/** The <episode-num system="…"> that names a title of our catalogue by its alias. */
export const EKRAN_EPISODE_SYSTEM = 'ekran';

/** One <programme> as read; times are instants (stop may be missing: the next programme's start then ends it). */
export interface XmltvProgramme {
  channel: string;
  start: Date;
  stop: Date | null;
  title: string;
  subTitle: string | null;
  description: string;
  categories: string[];
  ratingAge: string | null;
  year: number | null;
  poster: string | null;
  /** The catalogue alias of <episode-num system="ekran">, if any. */
  titleAlias: string | null;
  /** 1-based, from xmltv_ns (0-based in the file) or onscreen (S02E05). */
  season: number | null;
  episode: number | null;
}

export interface XmltvChannel {
  id: string;
  name: string | null;
}

export interface XmltvDocument {
  channels: XmltvChannel[];
  programmes: XmltvProgramme[];
  /** What was skipped and why. */
  problems: string[];
}

type Node = { tagName: string; attributes: Record<string, string | undefined>; children: (Node | string)[] };
const isNode = (n: Node | string): n is Node => typeof n !== 'string';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes XML character and entity references (&amp; &#1058; &#x435;); unknown names stay as they are. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X')) return safeCodePoint(parseInt(ref.slice(2), 16)) ?? whole;
    if (ref.startsWith('#')) return safeCodePoint(parseInt(ref.slice(1), 10)) ?? whole;
    return ENTITIES[ref] ?? whole;
  });
}
const safeCodePoint = (n: number) => (Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : null);

/** The text of a node: its text children, CDATA as is, entities decoded, whitespace collapsed. */
function textOf(node: Node): string {
  const parts = node.children.map((c) => {
    if (isNode(c)) return textOf(c);
    if (c.startsWith('![CDATA[') && c.endsWith(']]')) return c.slice(8, -2);
    return decodeEntities(c);
  });
  return parts.join('').replace(/\s+/g, ' ').trim();
}

const attr = (node: Node, name: string): string | null => {
  const v = node.attributes[name];
  return v === undefined ? null : decodeEntities(v).trim();
};

/** The child elements named `tag`. */
const childrenNamed = (node: Node, tag: string) => node.children.filter(isNode).filter((c) => c.tagName === tag);

/** The best text among same-named elements: Russian first, then one without a language, then the first. */
function preferred(nodes: Node[]): string | null {
  const ranked = [...nodes].sort((a, b) => rank(a) - rank(b));
  for (const n of ranked) {
    const text = textOf(n);
    if (text) return text;
  }
  return null;
}
const rank = (n: Node) => (n.attributes.lang === 'ru' ? 0 : n.attributes.lang === undefined ? 1 : 2);

// xmltv.dtd: "YYYYMMDDhhmmss ±HHMM", where the later parts may be left off and a missing zone means UTC.
const TIME_RE = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?\s*(?:(Z|UTC|GMT)|([+-])(\d{2}):?(\d{2}))?$/i;

/** An XMLTV time as an instant, or null when it is not one (a bad date, an unknown zone name). */
export function parseXmltvTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const m = TIME_RE.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour = '00', minute = '00', second = '00'] = m.slice(1, 7);
  const parts = [year, month, day, hour, minute, second].map(Number) as [number, number, number, number, number, number];
  const [y, mo, d, h, mi, s] = parts;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return null;
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  // 2026-02-30 would roll over into March: not a date.
  if (new Date(utc).getUTCDate() !== d) return null;
  const sign = m[8];
  const offsetMinutes = sign ? (sign === '-' ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10])) : 0;
  if (Math.abs(offsetMinutes) > 14 * 60) return null;
  return new Date(utc - offsetMinutes * 60_000);
}

/**
 * Season and episode (1-based) of an xmltv_ns number: "season.episode.part", each 0-based and optionally
 * "n/total", any part may be empty (".4." is episode 5 of an unknown season).
 */
export function parseXmltvNs(value: string): { season: number | null; episode: number | null } {
  const [season = '', episode = ''] = value.replace(/\s+/g, '').split('.');
  const first = (part: string) => {
    const n = part.split('/')[0] ?? '';
    return /^\d+$/.test(n) ? Number(n) + 1 : null;
  };
  return { season: first(season), episode: first(episode) };
}

/** Season and episode of an onscreen number such as "S02E05", "s2 e5" or "2x05"; nulls when unreadable. */
export function parseOnscreen(value: string): { season: number | null; episode: number | null } {
  const se = /s\s*(\d{1,3})\s*[ .-]?\s*e\s*(\d{1,4})/i.exec(value) ?? /^\s*(\d{1,3})\s*x\s*(\d{1,4})\s*$/i.exec(value);
  if (se) return { season: Number(se[1]), episode: Number(se[2]) };
  const e = /^\s*e\s*(\d{1,4})\s*$/i.exec(value);
  return { season: null, episode: e ? Number(e[1]) : null };
}

const RATING_RE = /^(\d{1,2})\+$/;
const SMALL = 32767; // smallint columns

/** Reads an XMLTV document (the text of the file). Throws only when it is not XMLTV at all. */
export function readXmltv(text: string): XmltvDocument {
  const dom = parseXmltv(text, { asDom: true }) as unknown as (Node | string)[];
  const tv = dom.filter(isNode).find((n) => n.tagName === 'tv');
  if (!tv) throw new Error('not an XMLTV document: no <tv> element');
  const problems: string[] = [];
  const channels: XmltvChannel[] = [];
  const programmes: XmltvProgramme[] = [];
  for (const node of tv.children.filter(isNode)) {
    if (node.tagName === 'channel') {
      const id = attr(node, 'id');
      if (id) channels.push({ id, name: preferred(childrenNamed(node, 'display-name')) });
      continue;
    }
    if (node.tagName !== 'programme') continue;
    const channel = attr(node, 'channel');
    const title = preferred(childrenNamed(node, 'title'));
    const rawStart = attr(node, 'start');
    const rawStop = attr(node, 'stop');
    const start = parseXmltvTime(rawStart);
    const stop = rawStop ? parseXmltvTime(rawStop) : null;
    const where = `${channel ?? '?'} ${rawStart ?? '?'}`;
    if (!channel || !title) {
      problems.push(`programme ${where}: no channel or title, skipped`);
      continue;
    }
    if (!start || (rawStop && !stop)) {
      problems.push(`programme ${where} «${title}»: bad time (start "${rawStart ?? ''}", stop "${rawStop ?? ''}"), skipped`);
      continue;
    }
    let season: number | null = null;
    let episode: number | null = null;
    let titleAlias: string | null = null;
    for (const num of childrenNamed(node, 'episode-num')) {
      const system = attr(num, 'system') ?? 'onscreen';
      const value = textOf(num);
      if (system === EKRAN_EPISODE_SYSTEM) titleAlias = value.toLowerCase() || null;
      else if (system === 'xmltv_ns' && season === null && episode === null) ({ season, episode } = parseXmltvNs(value));
      else if (system === 'onscreen' && season === null && episode === null) ({ season, episode } = parseOnscreen(value));
    }
    const ratingValue = childrenNamed(node, 'rating').map((r) => preferred(childrenNamed(r, 'value')) ?? '').find((v) => RATING_RE.test(v)) ?? null;
    const date = preferred(childrenNamed(node, 'date'));
    const year = date && /^\d{4}/.test(date) ? Number(date.slice(0, 4)) : null;
    const icon = childrenNamed(node, 'icon').map((i) => attr(i, 'src')).find((src) => src && /^(https?:\/\/|\/)/.test(src)) ?? null;
    const ru = childrenNamed(node, 'category').filter((c) => c.attributes.lang === 'ru');
    const categories = [...new Set((ru.length ? ru : childrenNamed(node, 'category')).map(textOf).filter(Boolean))];
    programmes.push({
      channel,
      start,
      stop,
      title,
      subTitle: preferred(childrenNamed(node, 'sub-title')),
      description: preferred(childrenNamed(node, 'desc')) ?? '',
      categories,
      ratingAge: ratingValue,
      year: year && year >= 1880 && year <= 2200 ? year : null,
      poster: icon,
      titleAlias,
      season: season !== null && season <= SMALL ? season : null,
      episode: episode !== null && episode <= SMALL ? episode : null,
    });
  }
  return { channels, programmes, problems };
}

/** The text of an XMLTV file's bytes: gunzipped by the caller; the encoding of its declaration (UTF-8 by default). */
export function decodeXmltvBytes(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']/i.exec(head)?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
