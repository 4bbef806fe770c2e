import {
  CurrentOfferQuerySchema, CurrentOfferSchema, ErrorSchema, OfferAnswerRequestSchema, OfferAnswerResultSchema, OfferIdParamsSchema, OfferRecordedSchema, OfferShownRequestSchema,
} from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../../plugins/session.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/** Spec platform §4 Offers, §5 the upsell popup, the play-grand popup. */
export async function offersRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { offers } = app.services;

  app.get(
    ApiRoute.currentOffer,
    { config: { audience: 'virtual' },
      schema: {
        tags: ['offers'],
        summary: 'The offer for the current visitor at a placement (main page, title page, the subscriptions popup), or none; every rule is applied here',
        querystring: CurrentOfferQuerySchema,
        response: { 200: CurrentOfferSchema, ...errors },
      },
    },
    async (request, reply) => {
      // Personal and changing with every show: never cached.
      void reply.header('cache-control', 'no-store');
      return offers.current(requireSession(request), request.query.placement, request.query.skip);
    },
  );

  app.post(
    ApiRoute.offerShown,
    { config: { audience: 'virtual' },
      schema: {
        tags: ['offers'],
        summary: 'Record that the visitor saw the offer (once per account; concurrent calls record one)',
        params: OfferIdParamsSchema,
        body: OfferShownRequestSchema,
        response: { 200: OfferRecordedSchema, 201: OfferRecordedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await offers.shown(requireSession(request), request.params.id, request.body.placement);
      return reply.status(result.recorded ? 201 : 200).send(result);
    },
  );

  app.post(
    ApiRoute.offerAnswer,
    { config: { audience: 'virtual' },
      schema: {
        tags: ['offers'],
        summary: 'Record the visitor\'s answer to the offer, closed or accepted (the first answer stands); answers the offer (an accepted one: what to sell next)',
        params: OfferIdParamsSchema,
        body: OfferAnswerRequestSchema,
        response: { 200: OfferAnswerResultSchema, ...errors },
      },
    },
    async (request) => offers.answer(requireSession(request), request.params.id, request.body.answer, request.body.placement),
  );
}
