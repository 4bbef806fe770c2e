import {
  CouponAliasParamsSchema, CouponMetaSchema, CouponRegistrationRequestSchema, CouponRegistrationSchema, ErrorSchema, PromoActivationSchema, PromoCodeRequestSchema, PromoMetaSchema,
} from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { promoAttempts } from '../../lib/lockout-rules.ts';
import { limitPerMinute } from '../../lib/rate-limit.ts';
import { requireSession } from '../../plugins/session.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema };

/** Spec platform §7 promo and coupon paths (check, activate, meta) and the coupon registration. */
export async function promoRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  // The coupon registration sends the same confirmation letter as the email sign-up (the accounts service).
  const { signIn, promo } = app.services;
  // Guessing codes is the abuse to slow down: per account (or address) and minute.
  // Failed guesses are also counted per account and per address, across processes (lib/lockout-rules.ts).
  const perCaller = { ...limitPerMinute(20, (r) => r.session?.userId ?? r.ip), ...promoAttempts() };

  app.post(
    ApiRoute.promoCheck,
    {
      config: { audience: 'adult', ...perCaller },
      schema: { tags: ['promo'], summary: 'What a promo code or gift certificate gives (spec platform §7 promo check/meta)', body: PromoCodeRequestSchema, response: { 200: PromoMetaSchema, ...errors } },
    },
    async (request) => promo.check(requireSession(request), request.body),
  );

  app.post(
    ApiRoute.promoActivate,
    {
      config: { audience: 'adult', ...perCaller },
      schema: {
        tags: ['promo'],
        summary: 'Activate a promo code or gift certificate: free days (a promo subscription, or the live one extended), or the discount tariff to buy',
        body: PromoCodeRequestSchema,
        response: { 200: PromoActivationSchema, ...errors },
      },
    },
    async (request) => promo.activate(requireSession(request), request.body),
  );

  app.get(
    ApiRoute.coupon,
    { config: { audience: 'anonymous' },
      schema: { tags: ['promo'], summary: 'A coupon landing\'s campaign and what registering gives (spec platform §7 coupon meta)', params: CouponAliasParamsSchema, response: { 200: CouponMetaSchema, ...errors } },
    },
    async (request) => promo.coupon(request.params.alias),
  );

  app.post(
    ApiRoute.couponRegistration,
    {
      config: { audience: 'adult', ...limitPerMinute(10, (r) => r.ip) },
      schema: {
        tags: ['promo'],
        summary: 'Register by email with a coupon (spec /coupon/registration/{promo}): the virtual visitor becomes registered and gets the grant at once',
        params: CouponAliasParamsSchema,
        body: CouponRegistrationRequestSchema,
        response: { 201: CouponRegistrationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await promo.registerWithCoupon(requireSession(request), request.params.alias, request.body);
      // A sign-up like any other: its page's sentence names the documents it accepts (decision 050).
      await app.services.legal.recordConsents({ userId: result.auth._id, context: 'signup', ip: request.ip });
      signIn.setCookie(reply, result.auth);
      return reply.status(201).send(result);
    },
  );
}
