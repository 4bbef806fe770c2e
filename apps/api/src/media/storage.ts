// Where packaged media go (MEDIA_STORAGE): a local folder (MEDIA_DIR, served by the API or nginx) or an
// S3-compatible bucket (served by a CDN or nginx in front of it). Publishing replaces an asset whole.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env.ts';

export type Log = (line: string) => void;

/** A place for assets: `publish` moves a packaged folder in as `{slug}/`, replacing what was there. */
export interface MediaStorage {
  kind: 'local' | 's3';
  /** Where it is, for messages: a folder or s3://bucket/prefix. */
  location: string;
  /** A folder to package into before publishing (inside MEDIA_DIR locally, so publishing is a rename). */
  stagingRoot(): Promise<string>;
  publish(slug: string, dir: string, log: Log): Promise<{ files: number; bytes: number }>;
}

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  vtt: 'text/vtt; charset=utf-8',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** The content type of a media file by its extension; null for what the media layout never holds. */
export function mediaContentType(file: string): string | null {
  return CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1).toLowerCase()] ?? null;
}

/**
 * Whether a file may be cached forever: segments, init segments, subtitle segments and sprites never change
 * under their name within an asset; playlists and the thumbnails' map are the asset's entry points.
 */
export function isImmutableMediaFile(file: string): boolean {
  const base = path.posix.basename(file);
  return !base.endsWith('.m3u8') && base !== 'thumbs.vtt';
}

/** Every file under a folder, as POSIX paths relative to it, sorted. */
export async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

/**
 * Upload order: what a playlist names goes up before the playlist, and the master playlist last, so a
 * player never reads a playlist whose files are not there yet.
 */
export function uploadOrder(files: string[]): string[] {
  const rank = (f: string) => (f === 'master.m3u8' ? 2 : f.endsWith('.m3u8') || f.endsWith('thumbs.vtt') ? 1 : 0);
  return [...files].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

async function sizeOf(dir: string, files: string[]): Promise<number> {
  let bytes = 0;
  for (const f of files) bytes += (await stat(path.join(dir, f))).size;
  return bytes;
}

/** MEDIA_STORAGE=local: folders under MEDIA_DIR; replacing an asset is two renames. */
export function localStorage(mediaDir: string): MediaStorage {
  return {
    kind: 'local',
    location: mediaDir,
    async stagingRoot() {
      const dir = path.join(mediaDir, '.staging');
      await mkdir(dir, { recursive: true });
      return dir;
    },
    async publish(slug, dir, log) {
      const files = await listFiles(dir);
      const bytes = await sizeOf(dir, files);
      const target = path.join(mediaDir, slug);
      await mkdir(mediaDir, { recursive: true });
      const old = path.join(mediaDir, '.staging', `${slug}.old-${randomBytes(4).toString('hex')}`);
      await mkdir(path.dirname(old), { recursive: true });
      const hadOld = await stat(target).then(() => true, () => false);
      // The old folder steps aside and the new one takes its name: a reader sees one or the other.
      if (hadOld) await rename(target, old);
      await rename(dir, target);
      if (hadOld) await rm(old, { recursive: true, force: true });
      log(`stored ${files.length} files (${(bytes / 1e6).toFixed(1)} MB) in ${target}`);
      return { files: files.length, bytes };
    },
  };
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  prefix: string;
}

/**
 * MEDIA_STORAGE=s3: objects `{prefix}{slug}/…` with their content type and cache policy; after the upload,
 * objects of an earlier version that the new one no longer has are deleted. Path-style addressing when an
 * endpoint is set (MinIO, Ceph, Yandex Object Storage and others).
 */
export function s3Storage(settings: S3Settings, options: { concurrency?: number } = {}): MediaStorage {
  const concurrency = options.concurrency ?? 4;
  const keyOf = (slug: string, file: string) => `${settings.prefix}${slug}/${file}`;
  return {
    kind: 's3',
    location: `s3://${settings.bucket}/${settings.prefix}`,
    async stagingRoot() {
      const { mkdtemp } = await import('node:fs/promises');
      const { tmpdir } = await import('node:os');
      return mkdtemp(path.join(tmpdir(), 'ekran-media-'));
    },
    async publish(slug, dir, log) {
      // Loaded here: the API server never needs the SDK, only the ingest command with MEDIA_STORAGE=s3.
      const { S3Client, PutObjectCommand, ListObjectsV2Command, DeleteObjectsCommand } = await import('@aws-sdk/client-s3');
      const client = new S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: Boolean(settings.endpoint),
        credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
        // Checksums only where S3 requires them: S3-compatible servers differ in the newer trailing checksums.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      try {
        const files = uploadOrder(await listFiles(dir));
        const bytes = await sizeOf(dir, files);
        const put = async (file: string) => {
          const contentType = mediaContentType(file);
          if (!contentType) throw new Error(`not a media file: ${file}`);
          await client.send(new PutObjectCommand({
            Bucket: settings.bucket,
            Key: keyOf(slug, file),
            Body: await readFile(path.join(dir, file)),
            ContentType: contentType,
            CacheControl: isImmutableMediaFile(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=60',
          }));
        };
        // Segments in parallel batches; the playlists after them, one by one, the master last.
        const segments = files.filter((f) => isImmutableMediaFile(f));
        let shownDecile = -1;
        for (let i = 0; i < segments.length; i += concurrency) {
          await Promise.all(segments.slice(i, i + concurrency).map(put));
          const done = Math.min(segments.length, i + concurrency);
          const decile = Math.floor((done / segments.length) * 10);
          if (decile > shownDecile) {
            shownDecile = decile;
            log(`upload: ${done}/${segments.length} segments and images`);
          }
        }
        for (const f of files.filter((x) => !isImmutableMediaFile(x))) await put(f);

        const keep = new Set(files.map((f) => keyOf(slug, f)));
        const stale: string[] = [];
        let token: string | undefined;
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: keyOf(slug, ''), ContinuationToken: token }));
          for (const o of page.Contents ?? []) if (o.Key && !keep.has(o.Key)) stale.push(o.Key);
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
        for (let i = 0; i < stale.length; i += 1000) {
          await client.send(new DeleteObjectsCommand({ Bucket: settings.bucket, Delete: { Objects: stale.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true } }));
        }
        log(`uploaded ${files.length} files (${(bytes / 1e6).toFixed(1)} MB) to s3://${settings.bucket}/${keyOf(slug, '')}${stale.length ? `, removed ${stale.length} old` : ''}`);
        await rm(dir, { recursive: true, force: true });
        return { files: files.length, bytes };
      } finally {
        client.destroy();
      }
    },
  };
}

/** The storage of the settings. */
export function createMediaStorage(env: Env): MediaStorage {
  if (env.MEDIA_STORAGE === 's3') {
    return s3Storage({
      bucket: env.MEDIA_S3_BUCKET!,
      endpoint: env.MEDIA_S3_ENDPOINT,
      region: env.MEDIA_S3_REGION,
      accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID,
      secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY,
      prefix: env.MEDIA_S3_PREFIX,
    });
  }
  return localStorage(env.MEDIA_DIR);
}
