import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';
import { rewritePlaylist, verifyMediaToken } from './media-token.ts';

const Slug = z.string().regex(/^[a-z0-9-]{1,64}$/);
const Rendition = z.string().regex(/^[0-9]{3,4}p$/);
const File = z.string().regex(/^[a-z0-9_]{1,64}\.(m3u8|m4s|mp4)$/);
const Query = z.object({ token: z.string().max(128).optional() });

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
};

/**
 * HLS media, only through URLs the playback check hands out: a valid token for the asset or 403.
 * Playlists are rewritten so every URI carries the token; segments are served with byte ranges.
 */
export async function mediaRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const root = path.resolve(app.deps.env.MEDIA_DIR);
  await app.register(fastifyStatic, { root, serve: false, acceptRanges: true, cacheControl: false, etag: true, lastModified: true });

  const denied = () => new AppError(403, ErrorCode.InvalidMediaToken, 'Missing, invalid or expired media token');
  const allow = (slug: string, token: string | undefined) => {
    if (!verifyMediaToken(app.deps.env.MEDIA_TOKEN_SECRET, slug, token, app.deps.now())) throw denied();
  };

  async function servePlaylist(file: string, token: string) {
    try {
      return rewritePlaylist(await readFile(path.join(root, file), 'utf8'), token);
    } catch {
      throw notFound('Playlist');
    }
  }

  app.get(
    '/api/media/:slug/master.m3u8',
    { config: { public: true }, schema: { hide: true, params: z.object({ slug: Slug }), querystring: Query } },
    async (request, reply) => {
      const { slug } = request.params;
      allow(slug, request.query.token);
      const body = await servePlaylist(path.join(slug, 'master.m3u8'), request.query.token ?? '');
      return reply.type(CONTENT_TYPES.m3u8!).header('cache-control', 'private, max-age=60').send(body);
    },
  );

  app.get(
    '/api/media/:slug/:rendition/:file',
    { config: { public: true }, schema: { hide: true, params: z.object({ slug: Slug, rendition: Rendition, file: File }), querystring: Query } },
    async (request, reply) => {
      const { slug, rendition, file } = request.params;
      allow(slug, request.query.token);
      const ext = file.split('.').pop()!;
      if (ext === 'm3u8') {
        const body = await servePlaylist(path.join(slug, rendition, file), request.query.token ?? '');
        return reply.type(CONTENT_TYPES.m3u8!).header('cache-control', 'private, max-age=60').send(body);
      }
      const relative = path.join(slug, rendition, file);
      const found = await stat(path.join(root, relative)).catch(() => null);
      if (!found?.isFile()) throw notFound('Segment');
      // The URL holds the token, so a cache keys on it; segments never change.
      void reply.header('cache-control', 'private, max-age=86400, immutable').type(CONTENT_TYPES[ext]!);
      return reply.sendFile(relative);
    },
  );
}
