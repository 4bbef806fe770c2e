import { DEFAULT_IMAGE_QUALITY } from '@ekran/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import { PATTERNS, posterSvg } from './poster-art.ts';
import { ART_SIZE } from './poster-url.ts';

/** Widths we render; a request is snapped up to the next one so the cache stays bounded. */
export const WIDTH_STEPS = [80, 120, 160, 200, 240, 320, 400, 480, 640, 800, 960, 1280, 1600, 1920, 2560] as const;
export const snapWidth = (w: number): number => WIDTH_STEPS.find((s) => s >= w) ?? WIDTH_STEPS[WIDTH_STEPS.length - 1]!;

const Params = z.object({
  orientation: z.enum(['horizontal', 'vertical', 'banner', 'banner-mobile', 'banner-narrow']),
  spec: z
    .string()
    .regex(new RegExp(`^(${PATTERNS.join('|')})-([0-9]{1,3})-([0-9]{1,3})-([0-9]{1,10})$`), 'art spec is pattern-hue-hue2-seed'),
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

/** Generated images resized by sharp: width, quality and type (spec platform §7), cached on disk, immutable. */
export async function imageRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const cacheDir = path.resolve(app.deps.env.IMAGE_CACHE_DIR);
  await mkdir(cacheDir, { recursive: true });
  const inflight = new Map<string, Promise<Buffer>>();

  async function render(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const file = path.join(cacheDir, `${key}`);
    try {
      return await readFile(file);
    } catch {
      // not cached yet
    }
    let job = inflight.get(key);
    if (!job) {
      job = make().then(async (buf) => {
        const tmp = `${file}.${process.pid}.tmp`;
        await writeFile(tmp, buf);
        await rename(tmp, file);
        return buf;
      });
      inflight.set(key, job);
      void job.finally(() => inflight.delete(key)).catch(() => undefined);
    }
    return job;
  }

  app.get(
    '/api/v1/images/art/:orientation/:spec',
    {
      config: { audience: 'anonymous', public: true },
      schema: { tags: ['images'], summary: 'Generated poster art, resized (webp or jpeg)', params: Params, querystring: Query },
    },
    async (request, reply) => {
      const { orientation, spec } = request.params;
      const [pattern, hue, hue2, seed] = spec.split('-') as [(typeof PATTERNS)[number], string, string, string];
      const native = ART_SIZE[orientation];
      const width = snapWidth(request.query.w ?? native.width);
      const { q, type } = request.query;
      const key = createHash('sha1').update(`${orientation}/${spec}/${width}/${q}/${type}`).digest('hex');
      const etag = `"${key}"`;
      void reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('vary', 'accept-encoding');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
      const body = await render(key, async () => {
        const svg = posterSvg({ pattern, hue: Number(hue) % 360, hue2: Number(hue2) % 360, seed: Number(seed) }, orientation);
        const image = sharp(Buffer.from(svg)).resize({ width });
        return type === 'webp' ? image.webp({ quality: q }).toBuffer() : image.jpeg({ quality: q, mozjpeg: true }).toBuffer();
      });
      return reply.type(type === 'webp' ? 'image/webp' : 'image/jpeg').send(body);
    },
  );
}
