// The journal (spec platform §2 Other: /journal, /journal/{alias}; the articles sub-page of /watch/{alias}):
// the blocks of an article's body, the art its pictures are drawn from, its reading time and its paging.
// docs/decisions/052-journal.md

/** Articles on a page of /journal and of a rubric (its cards are large: a third of a catalogue page). */
export const JOURNAL_PAGE_SIZE = 12;
/** Reading speed of an adult reading Russian prose for pleasure, words a minute. */
export const READING_WORDS_PER_MINUTE = 180;
/** The signature of the editors' articles. */
export const JOURNAL_AUTHOR = 'Редакция Экрана';

/** The journal's list, a rubric's list and an article's page. */
export const journalPath = (alias?: string | null): string => (alias ? `/journal/${alias}` : '/journal');

/** Whole minutes to read a text of `words` words, at least one. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / READING_WORDS_PER_MINUTE));
}


// ---------------------------------------------------------------- art references

const ART_SPEC = /^(rays|circles|stripes|grid|waves|peaks)-(\d{1,3})-(\d{1,3})-(\d{1,9})$/;
const TITLE_REF = /^([a-z0-9]+(?:-[a-z0-9]+)*)(?:#([1-9]))?$/;

/**
 * What a picture of the journal is drawn from: generated art by its own spec (pattern-hue-hue2-seed), or a
 * title's art (its alias; alias#n is the n-th still in the title's colours). There are no outside images.
 */
export type ArtRef =
  | { kind: 'art'; pattern: string; hue: number; hue2: number; seed: number }
  | { kind: 'title'; alias: string; still: number };

/** The picture a reference names, or null for anything else. An art spec wins over an alias of the same look. */
export function parseArtRef(ref: string): ArtRef | null {
  const value = ref.trim();
  const art = ART_SPEC.exec(value);
  if (art) {
    const [hue, hue2] = [Number(art[2]), Number(art[3])];
    if (hue > 359 || hue2 > 359) return null;
    return { kind: 'art', pattern: art[1]!, hue, hue2, seed: Number(art[4]) };
  }
  const title = TITLE_REF.exec(value);
  if (title && value.length <= 100) return { kind: 'title', alias: title[1]!, still: title[2] ? Number(title[2]) : 0 };
  return null;
}

// ---------------------------------------------------------------- the body's blocks

/** A part of an article's body: Markdown between directives, an embedded title card, or a gallery. */
export type BodyPart =
  | { kind: 'markdown'; source: string }
  | { kind: 'title'; alias: string }
  | { kind: 'gallery'; images: { ref: ArtRef; alt: string }[]; caption: string };

// A directive stands on a line of its own: ::title[alias] or ::gallery[ref = alt | ref = alt]{caption}.
const DIRECTIVE = /^::(title|gallery)\[([^\]\n]*)\](?:\{([^}\n]*)\})?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const MAX_GALLERY = 12;

/**
 * An article's body as its parts. A directive that names nothing usable (a malformed alias, an empty gallery) is
 * dropped, never shown as markup; inside a fenced code block a directive is just text. Whether a title exists is
 * the reader's business (the API drops cards of titles it cannot show).
 */
export function parseArticleBody(source: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let markdown: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    const text = markdown.join('\n');
    if (text.trim()) parts.push({ kind: 'markdown', source: text });
    markdown = [];
  };
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    const fenceMark = FENCE.exec(line)?.[1];
    if (fenceMark && (fence === null || (fenceMark[0] === fence[0] && fenceMark.length >= fence.length))) fence = fence === null ? fenceMark : null;
    const directive = fence === null ? DIRECTIVE.exec(line) : null;
    if (!directive) {
      markdown.push(line);
      continue;
    }
    flush();
    const [, type, inside = '', caption = ''] = directive;
    if (type === 'title') {
      const ref = parseArtRef(inside);
      if (ref?.kind === 'title' && ref.still === 0) parts.push({ kind: 'title', alias: ref.alias });
      continue;
    }
    const images = inside
      .split('|')
      .map((item) => {
        const at = item.indexOf('=');
        const ref = parseArtRef(at < 0 ? item : item.slice(0, at));
        return ref ? { ref, alt: at < 0 ? '' : item.slice(at + 1).trim() } : null;
      })
      .filter((image): image is { ref: ArtRef; alt: string } => image !== null)
      .slice(0, MAX_GALLERY);
    if (images.length > 0) parts.push({ kind: 'gallery', images, caption: caption.trim() });
  }
  flush();
  return parts;
}

/** The aliases of the titles an article's body embeds as cards or pictures, in order of first mention. */
export function embeddedTitleAliases(source: string): string[] {
  const aliases: string[] = [];
  for (const part of parseArticleBody(source)) {
    const found = part.kind === 'title' ? [part.alias] : part.kind === 'gallery' ? part.images.flatMap((i) => (i.ref.kind === 'title' ? [i.ref.alias] : [])) : [];
    for (const alias of found) if (!aliases.includes(alias)) aliases.push(alias);
  }
  return aliases;
}

/** The Markdown of an article without its directives: what its text and reading time are counted from. */
export function articleMarkdown(source: string): string {
  return parseArticleBody(source)
    .flatMap((part) => (part.kind === 'markdown' ? [part.source] : []))
    .join('\n\n');
}
