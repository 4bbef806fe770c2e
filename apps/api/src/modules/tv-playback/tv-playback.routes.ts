import { ErrorSchema, PlaybackCheckQuerySchema, TvPlaybackCheckSchema, TvRecordingSchema } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../plugins/session.ts';

const AliasParams = z.object({ alias: z.string().max(64).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'alias must be a channel alias') });
const IdParams = z.object({ id: z.uuid('id must be a UUID') });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 503: ErrorSchema };
const PRIVATE = 'private, no-store';

/**
 * Playing live TV and recordings (spec platform §2 TV and Archive, §4 gating, §6 geo). The checks
 * answer as the VOD check does (signed playlists when entitled, else upgrade options) with what the pages show. What
 * is on air and a channel's day (recordings included) are the tv module's (GET /api/v1/tv/channels/{channel}).
 */
export async function tvPlaybackRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tv = app.services.tvPlayback;

  app.get(
    ApiRoute.tvPlaybackLive,
    { config: { audience: 'virtual' },
      schema: {
        tags: ['tv'],
        summary: "Playback check of a channel's live stream: a signed live playlist when entitled, else upgrade options",
        params: AliasParams,
        querystring: PlaybackCheckQuerySchema,
        response: { 200: TvPlaybackCheckSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', PRIVATE);
      // As the VOD check: the device named by device_id, the address request.ip (TRUST_PROXY) gives.
      return tv.liveCheck(request.params.alias, requireSession(request), { ip: request.ip, deviceUid: request.query.device_id });
    },
  );

  app.get(
    ApiRoute.tvPlaybackRecording,
    { config: { audience: 'anonymous' }, schema: { tags: ['tv'], summary: 'A recording on offer: its programme, channel and expiry (404 once expired)', params: IdParams, response: { 200: TvRecordingSchema, ...errors } } },
    async (request, reply) => {
      void reply.header('cache-control', PRIVATE);
      return tv.recording(request.params.id, request.session);
    },
  );

  app.get(
    ApiRoute.tvPlaybackRecordingCheck,
    { config: { audience: 'virtual' },
      schema: {
        tags: ['tv'],
        summary: 'Playback check of a recording: a signed VOD playlist when entitled, else upgrade options',
        params: IdParams,
        querystring: PlaybackCheckQuerySchema,
        response: { 200: TvPlaybackCheckSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', PRIVATE);
      return tv.recordingCheck(request.params.id, requireSession(request), { ip: request.ip, deviceUid: request.query.device_id });
    },
  );
}
