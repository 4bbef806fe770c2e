import {
  ErrorSchema, LinkedIdentitiesSchema, SOCIAL_FLOW_COOKIE, SocialCallbackRequestSchema, SocialCallbackResultSchema, SocialPendingSchema,
  SocialProviderSchema, SocialProvidersSchema, SocialSignupRequestSchema, SocialSignupResultSchema, SocialStartQuerySchema,
} from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors.ts';
import { limitPerMinute } from '../../lib/rate-limit.ts';
import { requireSession, tokenFrom } from '../../plugins/session.ts';
import type { Transport } from './oauth.ts';
import { FLOW_COOKIE_MAX_AGE_S, createSocialService } from './social.service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema, 502: ErrorSchema };
const providerParams = z.object({ provider: SocialProviderSchema });

/** Social sign-in (spec platform §7: social login and link/unlink for google, apple, vk, yandex). */
export async function socialRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { env } = app.deps;
  const devIdpPrefix = `${env.WEB_ORIGIN}/api/dev-idp/`;

  // The back channel to the development identity provider goes through this app in-process: the API
  // need not know an address where it can reach itself (it sits behind the site's proxy).
  const devFetch: Transport = async (url, init) => {
    if (!url.startsWith(devIdpPrefix)) throw new TypeError(`not a development identity provider URL: ${url}`);
    const target = new URL(url);
    const res = await app.inject({
      method: init.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: init.headers,
      ...(init.body !== undefined ? { payload: String(init.body) } : {}),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    return new Response(res.statusCode === 204 ? null : res.rawPayload, { status: res.statusCode, headers });
  };

  const { identity, signIn } = app.services;
  const social = createSocialService(app.deps, { identity, signIn }, { devFetch });
  const flowCookie = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: env.COOKIE_SECURE };
  const bindingOf = (request: FastifyRequest) => request.cookies[SOCIAL_FLOW_COOKIE];
  const endFlowCookie = (reply: FastifyReply) => void reply.clearCookie(SOCIAL_FLOW_COOKIE, flowCookie);
  const byAddress = (max: number) => limitPerMinute(max, (r) => r.ip);
  // Callbacks come from the site's server, one address for every viewer: the limit is per browser flow.
  const byFlow = (max: number) => limitPerMinute(max, (r) => `${r.ip}:${bindingOf(r) ?? ''}`);
  const apiClientOf = (request: FastifyRequest) => {
    if (!request.apiClient) throw unauthorized();
    return request.apiClient.id;
  };

  app.get(
    ApiRoute.socialProviders,
    { config: { audience: 'anonymous' }, schema: { tags: ['social'], summary: 'The social sign-in providers offered', response: { 200: SocialProvidersSchema, ...errors } } },
    async () => social.providers(),
  );

  // A browser navigation from a button (no API key header can ride along); the session, when there is
  // one, comes from the cookie.
  app.get(
    ApiRoute.socialStart,
    {
      config: { audience: 'anonymous', public: true, ...byAddress(30) },
      schema: {
        tags: ['social'],
        summary: 'Starts a sign-in (or, signed in, a link): redirects to the provider; binds the flow to this browser by a cookie',
        params: providerParams,
        querystring: SocialStartQuerySchema,
        response: { 302: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const token = tokenFrom(request);
      const session = token ? await identity.resolveSession(token) : null;
      const { location, binding } = await social.start({ provider: request.params.provider, intent: request.query.intent, back: request.query.back, session });
      void reply.setCookie(SOCIAL_FLOW_COOKIE, binding, { ...flowCookie, maxAge: FLOW_COOKIE_MAX_AGE_S });
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );

  app.post(
    ApiRoute.socialCallback,
    {
      config: { audience: 'anonymous', ...byFlow(20) },
      schema: {
        tags: ['social'],
        summary: "The provider's answer at /token/{provider}: signs in, links, or asks for a sign-up",
        params: providerParams,
        body: SocialCallbackRequestSchema,
        response: { 200: SocialCallbackResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      try {
        const result = await social.callback({
          provider: request.params.provider,
          binding: bindingOf(request),
          params: request.body,
          session: request.session,
          apiClientId: apiClientOf(request),
        });
        if (result.result === 'signed_in') signIn.setCookie(reply, result.auth);
        if (result.result !== 'signup') endFlowCookie(reply);
        return result;
      } catch (err) {
        endFlowCookie(reply);
        throw err;
      }
    },
  );

  app.get(
    ApiRoute.socialPending,
    { config: { audience: 'anonymous' }, schema: { tags: ['social'], summary: 'What the provider told about a new identity waiting for the sign-up', response: { 200: SocialPendingSchema, ...errors } } },
    async (request) => social.pending({ binding: bindingOf(request) }),
  );

  app.post(
    ApiRoute.socialSignup,
    {
      config: { audience: 'anonymous', ...byFlow(10) },
      schema: {
        tags: ['social'],
        summary: 'Creates the account with consent: this browser’s virtual user becomes registered in place',
        body: SocialSignupRequestSchema,
        response: { 200: SocialSignupResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await social.signup({ binding: bindingOf(request), session: request.session, apiClientId: apiClientOf(request) });
      // The consent checkbox of /auth/{provider}/signup and its sentence (decision 050).
      await app.services.legal.recordConsents({ userId: result.auth._id, context: 'social', ip: request.ip });
      signIn.setCookie(reply, result.auth);
      endFlowCookie(reply);
      return result;
    },
  );

  app.post(
    ApiRoute.socialCancel,
    { config: { audience: 'anonymous' }, schema: { tags: ['social'], summary: 'Declines the sign-up: the provider’s data is forgotten', response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await social.cancel({ binding: bindingOf(request) });
      endFlowCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    ApiRoute.socialIdentities,
    { config: { audience: 'holder' }, schema: { tags: ['social'], summary: 'The social identities linked to this account', response: { 200: LinkedIdentitiesSchema, ...errors } } },
    async (request) => social.list(requireSession(request)),
  );

  app.delete(
    ApiRoute.socialIdentity,
    {
      config: { audience: 'holder', ...limitPerMinute(10, (r) => `${r.ip}:${r.session?.userId ?? ''}`) },
      schema: { tags: ['social'], summary: 'Unlinks a provider (never the last way to sign in)', params: providerParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await social.unlink(requireSession(request), request.params.provider);
      return reply.status(204).send(null);
    },
  );
}
