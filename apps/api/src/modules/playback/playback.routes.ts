import { ErrorSchema, PlaybackCheckQuerySchema, PlaybackCheckSchema, ProductPlaybackSchema } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../plugins/session.ts';

const UidParams = z.object({ uid: z.uuid('uid must be a UUID') });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

export async function playbackRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { playback } = app.services;

  app.get(
    ApiRoute.play,
    { config: { audience: 'anonymous' }, schema: { tags: ['playback'], summary: 'What the player loads for a movie, episode or extra', params: UidParams, response: { 200: ProductPlaybackSchema, ...errors } } },
    async (request) => playback.product(request.params.uid, request.session),
  );

  app.get(
    ApiRoute.playbackCheck,
    { config: { audience: 'virtual' },
      schema: {
        tags: ['playback'],
        summary: 'Playback check: signed stream URLs when entitled, else upgrade options',
        params: UidParams,
        querystring: PlaybackCheckQuerySchema,
        response: { 200: PlaybackCheckSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const session = requireSession(request);
      // spec platform §7: the playback url takes device_id; request.ip honours TRUST_PROXY (X-Forwarded-For
      // only from the web server and proxies in front), so a caller cannot pick the address the gate checks.
      return playback.check(request.params.uid, session, { ip: request.ip, deviceUid: request.query.device_id });
    },
  );
}
