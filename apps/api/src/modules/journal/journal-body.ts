import { articleMarkdown, countWords, parseArticleBody, readingMinutes, type ArtRef } from '@ekran/core';
import type { ArticleBlock, Image, TitleCard } from '@ekran/contracts';
import { createHash } from 'node:crypto';
import { markdownText, renderMarkdown } from '../../lib/markdown.ts';
import { PATTERNS } from '../images/poster-art.ts';
import { posterImage, type PosterArt } from '../images/poster-url.ts';

/** What a body's directives resolve against: the titles the caller may see, by alias, as art and as cards. */
export interface EmbedSource {
  art: Map<string, { title: string; poster: PosterArt }>;
  cards: Map<string, TitleCard>;
}

/** A title's still n: its colours, the next pattern n steps on and another seed, so a gallery's pictures differ. */
export function stillOf(poster: PosterArt, still: number): PosterArt {
  if (still === 0) return poster;
  const at = Math.max(0, PATTERNS.indexOf(poster.pattern as (typeof PATTERNS)[number]));
  return { ...poster, pattern: PATTERNS[(at + still) % PATTERNS.length]!, seed: poster.seed + still * 7919 };
}

/**
 * The art of a reference (decision 052): its own spec, or a title's poster art (a still: stillOf). A title the
 * caller may not see draws nothing.
 */
export function artOf(ref: ArtRef, source: EmbedSource): { image: Image; title: string | null } | null {
  if (ref.kind === 'art') return { image: posterImage(ref, 'horizontal'), title: null };
  const found = source.art.get(ref.alias);
  if (!found) return null;
  return { image: posterImage(stillOf(found.poster, ref.still), 'horizontal'), title: found.title };
}

/** Art of an article whose cover names nothing drawable: its own, from its alias, always the same. */
export function fallbackArt(alias: string): PosterArt {
  const bytes = createHash('sha256').update(alias).digest();
  return { pattern: PATTERNS[bytes[0]! % PATTERNS.length]!, hue: bytes.readUInt16BE(1) % 360, hue2: bytes.readUInt16BE(3) % 360, seed: bytes.readUInt32BE(5) % 1_000_000 };
}

/**
 * An article's body as blocks: its Markdown through the shared renderer (lib/markdown.ts sanitises it), a card per
 * ::title directive the caller may see, a gallery of the pictures that can be drawn. What names nothing is dropped.
 */
export function bodyBlocks(body: string, source: EmbedSource): ArticleBlock[] {
  const blocks: ArticleBlock[] = [];
  for (const part of parseArticleBody(body)) {
    if (part.kind === 'markdown') {
      const html = renderMarkdown(part.source);
      if (html) blocks.push({ type: 'html', html });
    } else if (part.kind === 'title') {
      const card = source.cards.get(part.alias);
      if (card) blocks.push({ type: 'title', title: card });
    } else {
      const images = part.images.flatMap(({ ref, alt }) => {
        const art = artOf(ref, source);
        return art ? [{ image: art.image, alt: alt || art.title || part.caption }] : [];
      });
      if (images.length > 0) blocks.push({ type: 'gallery', images, caption: part.caption });
    }
  }
  return blocks;
}

/** Whole minutes to read an article's text (its Markdown without directives and marks). */
export function articleReadingMinutes(body: string): number {
  return readingMinutes(countWords(markdownText(articleMarkdown(body))));
}
