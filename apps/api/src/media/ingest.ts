// `npm run media:ingest`: package a source, put it in the media storage and attach it to a title, an
// episode or an extra in one transaction. Same slug again: the files and the row are replaced.
import { episodes, extras, mediaAssets, seasons, titles, type Db } from '@ekran/db';
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { IngestArgs, IngestTarget } from './ingest-args.ts';
import { InputError, packageMedia, type Log, type PackagedAsset } from './package.ts';
import type { MediaStorage } from './storage.ts';

/** Where an asset is attached, resolved against the database. */
export type ResolvedTarget =
  | { kind: 'movie'; titleId: string; alias: string }
  | { kind: 'episode'; titleId: string; episodeId: string; alias: string; season: number; episode: number }
  | { kind: 'extra'; titleId: string; extraId: string; alias: string; position: number; extraKind: 'trailer' | 'extra' };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Looks the target up; a clear InputError when the title, the episode or the extra is not there. */
export async function resolveTarget(db: Db | Tx, target: IngestTarget): Promise<ResolvedTarget> {
  const [title] = await db.select({ id: titles.id, kind: titles.kind, alias: titles.alias }).from(titles).where(eq(titles.alias, target.titleAlias)).limit(1);
  if (!title) throw new InputError(`unknown title "${target.titleAlias}" (--title takes the title's alias, as in /watch/<alias>)`);
  switch (target.kind) {
    case 'title':
    case 'movie':
      if (title.kind === 'series') throw new InputError(`"${title.alias}" is a series: name the episode with --season <n> --episode <m> (or an extra with --extra <position>)`);
      return { kind: 'movie', titleId: title.id, alias: title.alias };
    case 'episode': {
      if (title.kind !== 'series') throw new InputError(`"${title.alias}" is a movie, it has no seasons: leave out --season and --episode`);
      const [row] = await db
        .select({ id: episodes.id })
        .from(episodes)
        .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
        .where(and(eq(seasons.titleId, title.id), eq(seasons.number, target.season), eq(episodes.number, target.episode)))
        .limit(1);
      if (!row) throw new InputError(`"${title.alias}" has no episode ${target.episode} in season ${target.season}`);
      return { kind: 'episode', titleId: title.id, episodeId: row.id, alias: title.alias, season: target.season, episode: target.episode };
    }
    case 'extra': {
      const [row] = await db.select({ id: extras.id, kind: extras.kind }).from(extras).where(and(eq(extras.titleId, title.id), eq(extras.position, target.position))).limit(1);
      if (!row) throw new InputError(`"${title.alias}" has no extra at position ${target.position}`);
      return { kind: 'extra', titleId: title.id, extraId: row.id, alias: title.alias, position: target.position, extraKind: row.kind };
    }
  }
}

export const describeTarget = (t: ResolvedTarget) =>
  t.kind === 'movie' ? `movie "${t.alias}"` : t.kind === 'episode' ? `"${t.alias}" season ${t.season} episode ${t.episode}` : `${t.extraKind} ${t.position} of "${t.alias}"`;

/**
 * Writes the asset's row (upsert on slug) and points the target at it, in one transaction; a movie's or an
 * episode's running time follows the video. The target is looked up again inside, so a title removed
 * meanwhile fails the whole write.
 */
export async function attachAsset(db: Db, input: { slug: string; target: IngestTarget; asset: PackagedAsset; storage: 'local' | 's3'; now: Date }) {
  const { slug, asset } = input;
  return db.transaction(async (tx) => {
    const target = await resolveTarget(tx, input.target);
    const values = {
      slug,
      kind: target.kind === 'extra' ? target.extraKind : 'feature',
      durationSeconds: asset.durationSeconds,
      renditions: asset.renditions.map(({ name, width, height, bandwidth, codecs }) => ({ name, width, height, bandwidth, codecs })),
      audioTracks: asset.audioTracks,
      subtitles: asset.subtitles,
      thumbnailsVtt: asset.thumbnailsVtt,
      introStartSeconds: asset.introStartSeconds,
      introEndSeconds: asset.introEndSeconds,
      creditsStartSeconds: asset.creditsStartSeconds,
      storage: input.storage,
      ingestedAt: input.now,
    };
    const { slug: _slug, ...update } = values;
    const [row] = await tx.insert(mediaAssets).values(values).onConflictDoUpdate({ target: mediaAssets.slug, set: update }).returning({ id: mediaAssets.id });
    const minutes = Math.max(1, Math.round(asset.durationSeconds / 60));
    if (target.kind === 'movie') await tx.update(titles).set({ mediaAssetId: row!.id, durationMinutes: minutes }).where(eq(titles.id, target.titleId));
    else if (target.kind === 'episode') await tx.update(episodes).set({ mediaAssetId: row!.id, durationMinutes: minutes }).where(eq(episodes.id, target.episodeId));
    else await tx.update(extras).set({ mediaAssetId: row!.id }).where(eq(extras.id, target.extraId));
    return { mediaAssetId: row!.id, target };
  });
}

/** One entry of a media folder's manifest.json (the demo media; the seed reads it). */
export interface ManifestEntry extends PackagedAsset {
  slug: string;
  kind: 'feature' | 'trailer';
}

/** Inserts or replaces the slug's entry, keeping the others in their order. */
export function upsertManifest(entries: ManifestEntry[], entry: ManifestEntry): ManifestEntry[] {
  const at = entries.findIndex((e) => e.slug === entry.slug);
  return at < 0 ? [...entries, entry] : entries.map((e, i) => (i === at ? entry : e));
}

async function replaceFolder(root: string, slug: string, built: string) {
  const target = path.join(root, slug);
  const old = path.join(root, `.${slug}.old-${randomBytes(4).toString('hex')}`);
  const had = existsSync(target);
  if (had) await rename(target, old);
  await rename(built, target);
  if (had) await rm(old, { recursive: true, force: true });
}

/** `--out <dir>`: package into <dir>/<slug> and update <dir>/manifest.json; no storage, no database. */
export async function packageInto(args: IngestArgs & { outDir: string }, log: Log): Promise<ManifestEntry> {
  await mkdir(args.outDir, { recursive: true });
  const staging = path.join(args.outDir, `.${args.slug}.new-${randomBytes(4).toString('hex')}`);
  try {
    const asset = await packageMedia(args, staging, log);
    await replaceFolder(args.outDir, args.slug, staging);
    const manifestPath = path.join(args.outDir, 'manifest.json');
    const current = existsSync(manifestPath) ? (JSON.parse(await readFile(manifestPath, 'utf8')) as ManifestEntry[]) : [];
    const entry: ManifestEntry = { slug: args.slug, kind: args.kind, ...asset };
    await writeFile(manifestPath, `${JSON.stringify(upsertManifest(current, entry), null, 2)}\n`);
    log(`wrote ${path.join(args.outDir, args.slug)} and its entry in ${manifestPath}`);
    return entry;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * The whole ingest: resolve the target first (a typo fails before minutes of encoding), package into the
 * storage's staging folder, publish, then write the database.
 */
export async function ingest(args: IngestArgs & { target: IngestTarget }, deps: { db: Db; storage: MediaStorage; now: () => Date; log: Log }) {
  const { db, storage, log } = deps;
  const target = await resolveTarget(db, args.target);
  log(`ingesting ${args.source} as "${args.slug}" for ${describeTarget(target)} into ${storage.location}`);
  const staging = path.join(await storage.stagingRoot(), `${args.slug}.new-${randomBytes(4).toString('hex')}`);
  try {
    const asset = await packageMedia(args, staging, log);
    await storage.publish(args.slug, staging, log);
    const result = await attachAsset(db, { slug: args.slug, target: args.target, asset, storage: storage.kind, now: deps.now() });
    log(`attached "${args.slug}" (${asset.durationSeconds} s, ${asset.renditions.map((r) => r.name).join('/')}) to ${describeTarget(result.target)}`);
    return { ...result, asset };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
