// The demo preroll and postroll, our own promos around what a viewer plays. They point at
// titles of the generated catalogue chosen by rule, so they always exist.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { mediaAssets, playerSlots, titles } from '../schema.ts';
import type { SeedCatalogue, SeedTitle } from './content/types.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface SeedPlayerSlot {
  position: 'preroll' | 'postroll';
  title: string;
  media: 'teaser';
  titleAlias: string;
  audience: 'all' | 'non_subscribers';
  skipAfterSeconds: number | null;
  priority: number;
}

const byPopularity = (a: SeedTitle, b: SeedTitle) => b.popularity - a.popularity || a.alias.localeCompare(b.alias);

/** The demo slots: a preroll for viewers without a subscription (skippable after 5 s) and a postroll for everyone. */
export function buildPlayerSlots(catalogue: SeedCatalogue): SeedPlayerSlot[] {
  const adultPaid = catalogue.titles.filter((t) => !t.forKids && !t.isFree).sort(byPopularity);
  const movie = adultPaid.find((t) => t.kind === 'movie');
  const series = adultPaid.find((t) => t.kind === 'series');
  if (!movie || !series) throw new Error('seed player slots: the catalogue has no paid adult movie and series to promote');
  return [
    { position: 'preroll', title: `Смотрите на Экране: ${movie.title}`, media: 'teaser', titleAlias: movie.alias, audience: 'non_subscribers', skipAfterSeconds: 5, priority: 10 },
    { position: 'postroll', title: `Дальше на Экране: ${series.title}`, media: 'teaser', titleAlias: series.alias, audience: 'all', skipAfterSeconds: 0, priority: 0 },
  ];
}

/**
 * Writes the demo slots: one per position and media, updated in place on a later run (slots have no natural key,
 * so the seed's own are recognised by position and asset), so re-seeding changes nothing.
 */
export async function seedPlayerSlots(tx: Tx, catalogue: SeedCatalogue): Promise<number> {
  const slots = buildPlayerSlots(catalogue);
  for (const s of slots) {
    const [media] = await tx.select({ id: mediaAssets.id }).from(mediaAssets).where(eq(mediaAssets.slug, s.media));
    const [title] = await tx.select({ id: titles.id }).from(titles).where(eq(titles.alias, s.titleAlias));
    if (!media || !title) throw new Error(`seed player slots: missing ${media ? `title ${s.titleAlias}` : `media ${s.media}`}`);
    const values = {
      position: s.position, title: s.title, mediaAssetId: media.id, titleId: title.id, audience: s.audience,
      skipAfterSeconds: s.skipAfterSeconds, priority: s.priority, forKids: false, isActive: true,
    };
    const [existing] = await tx
      .select({ id: playerSlots.id })
      .from(playerSlots)
      .where(and(eq(playerSlots.position, s.position), eq(playerSlots.mediaAssetId, media.id), eq(playerSlots.forKids, false)))
      .limit(1);
    if (existing) await tx.update(playerSlots).set(values).where(eq(playerSlots.id, existing.id));
    else await tx.insert(playerSlots).values(values);
  }
  return slots.length;
}
