import { ErrorCode } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { verifyMediaGrant, parseTvKey } from '../streams/media-grants.ts';

// Lengths only: a malformed grant is a refused grant (403), not a bad request (as the media route).
const Grant = { exp: z.string().max(16), sid: z.string().max(64), sig: z.string().max(64), key: z.string().max(80) };
const MasterParams = z.object(Grant);
const MediaParams = z.object({ ...Grant, track: z.string().max(32) });
const TRACK = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PLAYLIST = 'application/vnd.apple.mpegurl';

/**
 * The signed playlists of live TV and recordings (tv-media.ts): the master and one media playlist
 * per track, computed now. A live media playlist changes every segment, so nothing caches it; the master and a
 * recording's playlists never change under their grant. A grant of a stopped or silent stream is refused, which
 * also ends a live stream behind nginx or a CDN: its segments are served there, but no new ones are listed.
 */
export async function tvMediaRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tv = app.services.tvPlayback;
  const guard = app.services.streamGuard;

  async function admit(p: { exp: string; sid: string; sig: string; key: string }) {
    const now = app.deps.now();
    const genuine = parseTvKey(p.key) !== null && /^[A-Za-z0-9_-]{1,64}$/.test(p.sid) && verifyMediaGrant(app.deps.env.MEDIA_TOKEN_SECRET, { exp: p.exp, sid: p.sid, sig: p.sig, slug: p.key }, now);
    if (!genuine) throw new AppError(403, ErrorCode.InvalidMediaToken, 'Missing, invalid or expired media grant');
    if (await guard.isRevoked(p.sid)) throw new AppError(403, ErrorCode.InvalidMediaToken, 'The stream of this media grant has ended');
    return Math.max(0, Number(p.exp) - Math.floor(now.getTime() / 1000));
  }

  app.get(ApiRoute.tvMediaMaster, { config: { audience: 'anonymous', public: true }, schema: { hide: true, params: MasterParams } }, async (request, reply) => {
    const left = await admit(request.params);
    const text = await tv.master(request.params.key);
    return reply.header('cache-control', `private, max-age=${Math.min(60, left)}`).type(PLAYLIST).send(text);
  });

  app.get(ApiRoute.tvMediaIndex, { config: { audience: 'anonymous', public: true }, schema: { hide: true, params: MediaParams } }, async (request, reply) => {
    const left = await admit(request.params);
    if (!TRACK.test(request.params.track)) throw new AppError(404, ErrorCode.NotFound, 'Track not found');
    const { text, live } = await tv.media(request.params.key, request.params.track, request.params.sid);
    return reply.header('cache-control', live ? 'no-cache, no-store' : `private, max-age=${Math.min(60, left)}`).type(PLAYLIST).send(text);
  });
}
