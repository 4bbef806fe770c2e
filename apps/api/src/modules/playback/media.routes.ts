import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';
import { isImmutableMediaFile, mediaContentType } from '../../media/storage.ts';
import { verifyMediaGrant } from '../streams/media-grants.ts';

// Lengths only: a malformed grant is a refused grant (403), not a bad request.
const Params = z.object({
  exp: z.string().max(16),
  sid: z.string().max(64),
  sig: z.string().max(64),
  slug: z.string().max(64),
  '*': z.string().max(512),
});

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** One folder or file name of the media layout: no dot files, no "..", nothing but [a-z0-9_.-]. */
const NAME = /^[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*$/i;
const MAX_DEPTH = 3;

/** The file a request names inside an asset, or null when it is not a path of the media layout. */
export function mediaFilePath(rest: string): string | null {
  const parts = rest.split('/');
  if (parts.length === 0 || parts.length > MAX_DEPTH) return null;
  if (!parts.every((p) => p.length <= 128 && NAME.test(p))) return null;
  const file = parts.join('/');
  return mediaContentType(file) ? file : null;
}

const YEAR = 365 * 24 * 3600;

/**
 * HLS media under path-prefix grants (docs/decisions/016-media-pipeline-and-signed-delivery.md):
 * GET /api/media/s/{exp}/{sid}/{sig}/{slug}/{file} serves MEDIA_DIR/{slug}/{file} when the grant is genuine
 * and unexpired, else 403 INVALID_MEDIA_TOKEN. Playlists are the files as packaged: their relative URIs
 * resolve under the same grant. Byte ranges; caches keep nothing past the grant's expiry.
 */
export async function mediaRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const root = path.resolve(app.deps.env.MEDIA_DIR);
  const guard = app.services.streamGuard;
  await app.register(fastifyStatic, { root, serve: false, acceptRanges: true, cacheControl: false, etag: true, lastModified: true, dotfiles: 'deny' });

  app.get(
    ApiRoute.mediaFile,
    { config: { audience: 'anonymous', public: true }, schema: { hide: true, params: Params } },
    async (request, reply) => {
      const { exp, sid, sig, slug } = request.params;
      const now = app.deps.now();
      const genuine = SLUG.test(slug) && /^[A-Za-z0-9_-]{1,64}$/.test(sid) && verifyMediaGrant(app.deps.env.MEDIA_TOKEN_SECRET, { exp, sid, sig, slug }, now);
      if (!genuine) throw new AppError(403, ErrorCode.InvalidMediaToken, 'Missing, invalid or expired media grant');
      // A stream stopped (from another device, or closed) or gone silent loses its media here;
      // a CDN or nginx in front checks only the grant, whose short life bounds the rest (decisions 016, 017).
      if (await guard.isRevoked(sid)) throw new AppError(403, ErrorCode.InvalidMediaToken, 'The stream of this media grant has ended');

      const file = mediaFilePath(request.params['*']);
      if (!file) throw notFound('Media file');
      const relative = `${slug}/${file}`;
      const found = await stat(path.join(root, relative)).catch(() => null);
      if (!found?.isFile()) throw notFound('Media file');

      // The grant is in the URL, so a cache keys on it; nothing is kept past its expiry.
      const left = Math.max(0, Number(exp) - Math.floor(now.getTime() / 1000));
      void reply
        .header('cache-control', isImmutableMediaFile(file) ? `public, max-age=${Math.min(YEAR, left)}, immutable` : `public, max-age=${Math.min(60, left)}`)
        .type(mediaContentType(file)!);
      return reply.sendFile(relative);
    },
  );
}
