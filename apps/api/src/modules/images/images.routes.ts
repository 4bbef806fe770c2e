import { ErrorCode } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import { DEFAULT_IMAGE_QUALITY } from '@ekran/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';
import { openImageCache } from './image-cache.ts';
import { PATTERNS, posterSvg } from './poster-art.ts';
import { ART_SIZE, configureArtSigning, isArtSignature } from './poster-url.ts';

/** Widths we render; a request is snapped up to the next one so the cache stays bounded. */
export const WIDTH_STEPS = [80, 120, 160, 200, 240, 320, 400, 480, 640, 800, 960, 1280, 1600, 1920, 2560] as const;
export const snapWidth = (w: number): number => WIDTH_STEPS.find((s) => s >= w) ?? WIDTH_STEPS[WIDTH_STEPS.length - 1]!;

const Params = z.object({
  orientation: z.enum(['horizontal', 'vertical', 'banner', 'banner-mobile', 'banner-narrow']),
  spec: z
    .string()
    .regex(new RegExp(`^(${PATTERNS.join('|')})-([0-9]{1,3})-([0-9]{1,3})-([0-9]{1,10})(\\.[A-Za-z0-9_-]{16})?$`), 'art spec is pattern-hue-hue2-seed.signature'),
});
const Query = z.object({
  w: z.coerce.number().int().min(16).max(4096).optional(),
  q: z.coerce.number().int().min(1).max(100).default(DEFAULT_IMAGE_QUALITY), // spec platform §9: default quality 75
  type: z.enum(['webp', 'jpeg']).default('webp'),
});

/**
 * Whether an If-None-Match header names this entity tag: a list is allowed, and so is a weak tag (a proxy that
 * compressed the answer may have weakened it) and * (RFC 9110 §13.1.2, weak comparison).
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * Generated images resized by sharp: width, quality and type (spec platform §7), cached on disk, immutable.
 * Only art the API named is rendered (its URL is signed), the disk cache is bounded (IMAGE_CACHE_MAX_MB, least
 * recently used first), and renders are limited per address (IMAGE_RENDERS_PER_MINUTE): a render costs about a
 * quarter of a second of CPU. docs/decisions/003-self-describing-art-urls.md
 */
export async function imageRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { env } = app.deps;
  configureArtSigning(env.MEDIA_TOKEN_SECRET);
  const cache = await openImageCache(path.resolve(env.IMAGE_CACHE_DIR), Math.floor(env.IMAGE_CACHE_MAX_MB * 1024 * 1024));
  const inflight = new Map<string, Promise<Buffer>>();
  // Shared through Redis when REDIS_URL is set, like every other limit (app.ts registers the plugin).
  const renderLimit = app.createRateLimit({ max: env.IMAGE_RENDERS_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (request) => `image-render:${request.ip}` });

  app.get(
    ApiRoute.imageArt,
    {
      config: { audience: 'anonymous', public: true },
      schema: { tags: ['images'], summary: 'Generated poster art, resized (webp or jpeg)', params: Params, querystring: Query },
    },
    async (request, reply) => {
      const { orientation } = request.params;
      const [spec, signature] = request.params.spec.split('.') as [string, string | undefined];
      const [pattern, hue, hue2, seed] = spec.split('-') as [(typeof PATTERNS)[number], string, string, string];
      const native = ART_SIZE[orientation];
      const width = snapWidth(request.query.w ?? native.width);
      const { q, type } = request.query;
      // The signature is not part of the key: images cached from unsigned URLs stay valid.
      const key = createHash('sha1').update(`${orientation}/${spec}/${width}/${q}/${type}`).digest('hex');
      const signed = signature !== undefined && isArtSignature(orientation, spec, signature);
      if (signature !== undefined && !signed) throw notFound('Art');
      const etag = `"${key}"`;
      const headers = { 'cache-control': 'public, max-age=31536000, immutable', etag, vary: 'accept-encoding' };
      // An unsigned URL (written before art URLs were signed) is answered from the cache only, never rendered.
      if (signed && matchesEtag(request.headers['if-none-match'], etag)) return reply.headers(headers).status(304).send();
      let body = await cache.get(key);
      if (!body && !signed) throw notFound('Art');
      if (!body) {
        let job = inflight.get(key);
        if (!job) {
          const verdict = await renderLimit(request);
          if (!verdict.isAllowed && verdict.isExceeded) {
            void reply.header('retry-after', String(verdict.ttlInSeconds));
            throw new AppError(429, ErrorCode.RateLimited, 'Too many new images from this address; try again in a minute');
          }
          job = (async () => {
            const svg = posterSvg({ pattern, hue: Number(hue) % 360, hue2: Number(hue2) % 360, seed: Number(seed) }, orientation);
            const image = sharp(Buffer.from(svg)).resize({ width });
            const rendered = await (type === 'webp' ? image.webp({ quality: q }).toBuffer() : image.jpeg({ quality: q, mozjpeg: true }).toBuffer());
            await cache.put(key, rendered);
            return rendered;
          })();
          inflight.set(key, job);
          void job.finally(() => inflight.delete(key)).catch(() => undefined);
        }
        body = await job;
      }
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.headers(headers).status(304).send();
      return reply.headers(headers).type(type === 'webp' ? 'image/webp' : 'image/jpeg').send(body);
    },
  );
}
