// The XMLTV import: `npm run tv:import -- <file or URL>`, the TV_IMPORT_CRON schedule and the demo
// guide all go through importXmltv. Per channel (matched by its XMLTV id) the file's programmes replace the
// guide over the file's time range for that channel, in one transaction: a programme that starts at the same
// time keeps its row (and so its id, which is also its recording's catch-up id), the others in the range go,
// one that straddles the range's start is cut there. Running the same file again changes nothing.
import { recordingExpiresAt, normalizeSearchText } from '@ekran/core';
import { tvImports, tvProgrammes, type Db } from '@ekran/db';
import { and, eq, gt, gte, lt, notInArray, sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { decodeXmltvBytes, readXmltv, type XmltvProgramme } from './xmltv.ts';
import { createTvImportRepo, type CatalogueTitle } from './tv-import.repo.ts';

/** Problems kept in tv_imports.problems (the count of the rest is noted). */
const PROBLEMS_MAX = 200;
/** The largest guide file read (a month of a few hundred channels is well below). */
const SOURCE_MAX_BYTES = 200 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 120_000;
const CHUNK = 400;

export interface TvImportResult {
  importId: string;
  /** Channels whose guide was replaced. */
  channels: number;
  programmes: number;
  /** Programmes linked to a catalogue title (recorded into the archive). */
  linked: number;
  problems: string[];
}

/** The bytes of a guide: a file path or an http(s) URL; gzip (.xml.gz, as providers often send) is unpacked. */
export async function readXmltvSource(source: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  let bytes: Uint8Array;
  if (/^https?:\/\//i.test(source)) {
    const res = await fetchImpl(source, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/xml, text/xml, application/gzip, */*' } });
    if (!res.ok) throw new Error(`${source}: HTTP ${res.status}`);
    const length = Number(res.headers.get('content-length') ?? 0);
    if (length > SOURCE_MAX_BYTES) throw new Error(`${source}: ${length} bytes is more than ${SOURCE_MAX_BYTES}`);
    bytes = new Uint8Array(await res.arrayBuffer());
  } else {
    bytes = await readFile(source);
  }
  if (bytes.length > SOURCE_MAX_BYTES) throw new Error(`${source}: ${bytes.length} bytes is more than ${SOURCE_MAX_BYTES}`);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes, { maxOutputLength: SOURCE_MAX_BYTES });
  return decodeXmltvBytes(bytes);
}

/** A programme ready to write: its channel's id, its times settled, its catalogue title found. */
type Row = typeof tvProgrammes.$inferInsert;

/**
 * Settles one channel's programmes: sorted by start; a missing stop is the next start; a programme that starts
 * where another already does is dropped; one that runs into the next is cut at the next one's start.
 */
export function settleChannel(list: readonly XmltvProgramme[], problems: string[]): (XmltvProgramme & { stop: Date })[] {
  const sorted = [...list].sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: (XmltvProgramme & { stop: Date })[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const p = sorted[i]!;
    const previous = out.at(-1);
    if (previous && previous.start.getTime() === p.start.getTime()) {
      problems.push(`${p.channel} ${p.start.toISOString()}: «${p.title}» starts with «${previous.title}», skipped`);
      continue;
    }
    const stop = p.stop ?? sorted.slice(i + 1).find((n) => n.start > p.start)?.start ?? null;
    if (!stop) {
      problems.push(`${p.channel} ${p.start.toISOString()}: «${p.title}» has no stop and nothing follows it, skipped`);
      continue;
    }
    if (stop <= p.start) {
      problems.push(`${p.channel} ${p.start.toISOString()}: «${p.title}» stops before it starts, skipped`);
      continue;
    }
    if (previous && previous.stop > p.start) {
      problems.push(`${p.channel} ${previous.start.toISOString()}: «${previous.title}» overlaps «${p.title}», cut at its start`);
      previous.stop = p.start;
    }
    out.push({ ...p, stop });
  }
  return out;
}

/** Finds the catalogue title of programmes: by the ekran marker (alias), else by name and year. */
export function createTitleMatcher(catalogue: readonly CatalogueTitle[]) {
  const byAlias = new Map(catalogue.map((t) => [t.alias, t]));
  const byNameYear = new Map<string, CatalogueTitle[]>();
  for (const t of catalogue) {
    for (const name of new Set([t.title, t.titleOriginal].filter((n): n is string => Boolean(n)).map(normalizeSearchText))) {
      const key = `${name}|${t.year}`;
      byNameYear.set(key, [...(byNameYear.get(key) ?? []), t]);
    }
  }
  return (p: XmltvProgramme, problems: string[]): CatalogueTitle | null => {
    if (p.titleAlias) {
      const found = byAlias.get(p.titleAlias);
      if (found) return found;
      problems.push(`${p.channel} ${p.start.toISOString()}: no catalogue title ${p.titleAlias}`);
    }
    if (p.year === null) return null;
    const candidates = byNameYear.get(`${normalizeSearchText(p.title)}|${p.year}`) ?? [];
    if (candidates.length <= 1) return candidates[0] ?? null;
    // A film and a series of the same name and year: numbered episodes are the series.
    const kind = p.season !== null || p.episode !== null ? 'series' : 'movie';
    const ofKind = candidates.filter((t) => t.kind === kind);
    return ofKind.length === 1 ? ofKind[0]! : null;
  };
}

/** Imports an XMLTV document into the guide; records the import (and its problems) in tv_imports. */
export async function importXmltv(db: Db, text: string, options: { source: string }): Promise<TvImportResult> {
  const repo = createTvImportRepo(db);
  const importId = await repo.start(options.source);
  const problems: string[] = [];
  try {
    const doc = readXmltv(text);
    problems.push(...doc.problems);
    const channels = await repo.channelsByXmltvId();
    const match = createTitleMatcher(await repo.catalogueTitles());

    const perChannel = new Map<string, XmltvProgramme[]>();
    const unknown = new Map<string, number>();
    for (const p of doc.programmes) {
      if (!channels.has(p.channel)) {
        unknown.set(p.channel, (unknown.get(p.channel) ?? 0) + 1);
        continue;
      }
      perChannel.set(p.channel, [...(perChannel.get(p.channel) ?? []), p]);
    }
    for (const [id, count] of unknown) problems.push(`unknown channel "${id}": ${count} programmes skipped`);

    let written = 0;
    let linked = 0;
    const batches: { channelId: string; rows: Row[] }[] = [];
    for (const [xmltvId, list] of perChannel) {
      const channelId = channels.get(xmltvId)!;
      const rows = settleChannel(list, problems).map((p): Row => {
        const title = match(p, problems);
        if (title) linked++;
        const isSeries = title?.kind === 'series';
        return {
          channelId, startsAt: p.start, endsAt: p.stop, title: p.title, subTitle: p.subTitle, description: p.description, categories: p.categories,
          ratingAge: p.ratingAge, year: p.year, poster: p.poster, titleId: title?.id ?? null,
          seasonNumber: title && !isSeries ? null : p.season, episodeNumber: title && !isSeries ? null : p.episode,
          // spec catalogue §1, §9: a recording of an aired film or series is offered for 14 days.
          expiredAt: title ? recordingExpiresAt(p.stop) : null,
          importId,
        };
      });
      if (rows.length) batches.push({ channelId, rows });
      written += rows.length;
    }

    await db.transaction(async (tx) => {
      for (const { channelId, rows } of batches) {
        const from = rows[0]!.startsAt;
        const to = rows.at(-1)!.endsAt;
        // A programme already there that runs into the range ends where the range begins.
        await tx
          .update(tvProgrammes)
          .set({ endsAt: from, expiredAt: sql`case when ${tvProgrammes.expiredAt} is null then null else ${recordingExpiresAt(from)}::timestamptz end` })
          .where(and(eq(tvProgrammes.channelId, channelId), lt(tvProgrammes.startsAt, from), gt(tvProgrammes.endsAt, from)));
        await tx.delete(tvProgrammes).where(
          and(eq(tvProgrammes.channelId, channelId), gte(tvProgrammes.startsAt, from), lt(tvProgrammes.startsAt, to), notInArray(tvProgrammes.startsAt, rows.map((r) => r.startsAt))),
        );
        for (let i = 0; i < rows.length; i += CHUNK) {
          await tx
            .insert(tvProgrammes)
            .values(rows.slice(i, i + CHUNK))
            .onConflictDoUpdate({
              target: [tvProgrammes.channelId, tvProgrammes.startsAt],
              set: Object.fromEntries(
                ['ends_at', 'title', 'sub_title', 'description', 'categories', 'rating_age', 'year', 'poster', 'title_id', 'season_number', 'episode_number', 'expired_at', 'import_id']
                  .map((c) => [c.replace(/_([a-z])/g, (_, l: string) => l.toUpperCase()), sql.raw(`excluded.${c}`)]),
              ),
            });
        }
      }
      await tx
        .update(tvImports)
        .set({ status: 'succeeded', finishedAt: new Date(), channels: batches.length, programmes: written, problems: capped(problems) })
        .where(eq(tvImports.id, importId));
    });
    return { importId, channels: batches.length, programmes: written, linked, problems };
  } catch (err) {
    problems.push(`import failed: ${(err as Error).message}`);
    await repo.fail(importId, capped(problems));
    throw err;
  }
}

const capped = (problems: string[]) =>
  problems.length > PROBLEMS_MAX ? [...problems.slice(0, PROBLEMS_MAX), `… and ${problems.length - PROBLEMS_MAX} more`] : problems;
