// The development identity provider (docs/decisions/007-social-sign-in.md): with no internet, it stands in
// for Apple, Google, VK and Yandex ID, speaking the same protocol with each one's answer shapes, so the
// whole flow runs and is tested end to end. Served only when isDevProviderOn (never in production).
import { HOUR_MS } from '@ekran/core';
import { SocialProviderSchema } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { SocialProvider } from '@ekran/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { newToken, safeEqual } from '../../../lib/tokens.ts';
import { devClient, devIdpBase, isDevProviderOn, redirectUriOf, resolveProviders } from '../providers.ts';
import { idTokenClaims, PRESETS, SHAPE, subjectOf, tokenExtras, userinfo, type DevIdentity } from './identities.ts';
import { authorizePage, errorPage, formPostPage, type AuthorizeView } from './page.ts';

const CODE_TTL_MS = 60_000;
const ACCESS_TTL_MS = HOUR_MS;
const MAX_ENTRIES = 10_000;
const REQUEST_FIELDS = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'nonce', 'response_mode', 'prompt', 'force_confirm'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Grant {
  provider: SocialProvider;
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | null;
  scope: string;
  identity: DevIdentity;
  deviceId: string | null;
  expiresAt: number;
  used: boolean;
  accessToken: string | null;
}

const params = z.object({ provider: SocialProviderSchema });
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export async function devIdpRoutes(appBase: FastifyInstance) {
  const { env, now } = appBase.deps;
  if (!isDevProviderOn(env)) return;
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  // The providers it stands in for: those without real settings.
  const served = new Set([...resolveProviders(env, async () => '').values()].filter((p) => p.dev).map((p) => p.spec.id));

  const codes = new Map<string, Grant>();
  const tokens = new Map<string, { grant: Grant; expiresAt: number }>();
  /** Apple sends the name only at a person's first sign-in to the client. */
  const appleSeen = new Set<string>();
  let keys: Promise<{ privateKey: CryptoKey; jwk: JWK }> | null = null;
  const signingKey = () =>
    (keys ??= generateKeyPair('RS256', { extractable: true }).then(async ({ privateKey, publicKey }) => ({
      privateKey,
      jwk: { ...(await exportJWK(publicKey)), kid: 'dev-idp-1', alg: 'RS256', use: 'sig' },
    })));

  function prune() {
    const t = now().getTime();
    for (const [k, g] of codes) if (g.expiresAt < t - CODE_TTL_MS || codes.size > MAX_ENTRIES) codes.delete(k);
    for (const [k, v] of tokens) if (v.expiresAt < t || tokens.size > MAX_ENTRIES) tokens.delete(k);
  }

  // Forms and token requests come url-encoded; only this plugin's routes parse them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  function html(reply: FastifyReply, status: number, render: (nonce: string) => string) {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // same-origin, not no-referrer: the form_post page's POST must carry its Origin (the site checks it).
      .header('referrer-policy', 'same-origin')
      .header('x-frame-options', 'DENY')
      .header('content-security-policy', `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; form-action 'self' ${env.WEB_ORIGIN}; frame-ancestors 'none'; base-uri 'none'`)
      .send(render(nonce));
  }

  function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
    return reply.status(status).header('cache-control', 'no-store').send({ error, error_description: description });
  }

  /** The authorization response, by redirect or (Apple) by a self-posting form. */
  function respond(reply: FastifyReply, provider: SocialProvider, req: Record<string, string>, fields: Record<string, string>) {
    const all: Record<string, string> = { ...fields, ...(req.state ? { state: req.state } : {}), iss: devIdpBase(env, provider) };
    if (req.response_mode === 'form_post') return html(reply, 200, (nonce) => formPostPage(provider, req.redirect_uri!, all, nonce));
    const to = new URL(req.redirect_uri!);
    for (const [k, v] of Object.entries(all)) to.searchParams.set(k, v);
    return reply.header('cache-control', 'no-store').redirect(to.toString(), 302);
  }

  /**
   * Checks an authorization request. An unknown client or redirect URI gets a page and no redirect (RFC
   * 6749 §4.1.2.1); other faults go back to the client as error responses.
   */
  function check(provider: SocialProvider, raw: Record<string, unknown>): { req: Record<string, string>; page?: string; error?: [string, string] } {
    const req: Record<string, string> = {};
    for (const k of REQUEST_FIELDS) if (typeof raw[k] === 'string') req[k] = raw[k];
    if (!served.has(provider)) return { req, page: 'Этот провайдер настроен по-настоящему: тестовый вход для него выключен.' };
    if (req.client_id !== devClient(env, provider).clientId) return { req, page: `Неизвестное приложение (client_id ${req.client_id ?? 'не указан'}).` };
    if (req.redirect_uri !== redirectUriOf(env, provider)) return { req, page: `Адрес возврата не зарегистрирован: ${req.redirect_uri ?? 'не указан'}.` };
    if (req.response_type !== 'code') return { req, error: ['unsupported_response_type', 'only response_type=code'] };
    if (!req.state) return { req, error: ['invalid_request', 'state is required'] };
    if (!req.code_challenge || req.code_challenge_method !== 'S256') return { req, error: ['invalid_request', 'PKCE with S256 is required'] };
    if (provider === 'apple' && /\b(name|email)\b/.test(req.scope ?? '') && req.response_mode !== 'form_post') {
      return { req, error: ['invalid_request', 'response_mode must be form_post when name or email is requested'] };
    }
    return { req };
  }

  app.get(
    ApiRoute.devIdpAuthorize,
    { config: { audience: 'anonymous', public: true }, schema: { tags: ['development'], summary: 'Development identity provider: the authorize page', params } },
    async (request, reply) => {
      const { provider } = request.params;
      const { req, page, error } = check(provider, request.query as Record<string, unknown>);
      if (page) return html(reply, 400, (nonce) => errorPage(provider, page, nonce));
      if (error) return respond(reply, provider, req, { error: error[0], error_description: error[1] });
      return html(reply, 200, (nonce) => authorizePage({ provider, request: req, redirectUri: req.redirect_uri! }, nonce));
    },
  );

  app.post(
    ApiRoute.devIdpAuthorize,
    { config: { audience: 'anonymous', public: true }, schema: { tags: ['development'], summary: 'Development identity provider: the tester allows or denies', params } },
    async (request, reply) => {
      const { provider } = request.params;
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      const { req, page, error } = check(provider, body);
      if (page) return html(reply, 400, (nonce) => errorPage(provider, page, nonce));
      if (error) return respond(reply, provider, req, { error: error[0], error_description: error[1] });
      if (body.decision !== 'allow') return respond(reply, provider, req, { error: 'access_denied', error_description: 'the user denied access' });

      const shape = SHAPE[provider];
      let identity: DevIdentity;
      const preset = PRESETS[provider].find((p) => p.key === body.who);
      if (preset) {
        identity = { email: preset.email, name: preset.name, phone: preset.phone, emailVerified: preset.emailVerified };
      } else {
        const email = (body.email ?? '').trim().toLowerCase() || null;
        const name = (body.name ?? '').trim().slice(0, 100) || null;
        const phoneDigits = (body.phone ?? '').replace(/\D/g, '');
        const values = { who: 'custom', email: body.email ?? '', name: body.name ?? '', phone: body.phone ?? '', email_verified: body.email_verified === 'true' };
        const problem =
          (!email && !shape.emailOptional && 'Укажите почту.') ||
          (email && !EMAIL.test(email) && 'Почта указана неверно.') ||
          (!email && !name && 'Укажите почту или имя.') ||
          (shape.hasPhone && phoneDigits && (phoneDigits.length < 10 || phoneDigits.length > 15) && 'Телефон указан неверно.');
        if (problem) {
          return html(reply, 400, (nonce) => authorizePage({ provider, request: req, redirectUri: req.redirect_uri!, error: problem, values } satisfies AuthorizeView, nonce));
        }
        identity = {
          email,
          name,
          phone: shape.hasPhone && phoneDigits ? `+${phoneDigits.length === 10 ? `7${phoneDigits}` : phoneDigits}` : null,
          // Providers without the flag: Yandex answers only confirmed addresses, VK does not say.
          emailVerified: shape.hasVerifiedFlag ? body.email_verified === 'true' : provider === 'yandex',
        };
      }

      prune();
      const code = newToken();
      const deviceId = provider === 'vk' ? `dev-${randomBytes(12).toString('hex')}` : null;
      codes.set(code, {
        provider, clientId: req.client_id!, redirectUri: req.redirect_uri!, challenge: req.code_challenge!, nonce: req.nonce ?? null,
        scope: req.scope ?? '', identity, deviceId, expiresAt: now().getTime() + CODE_TTL_MS, used: false, accessToken: null,
      });
      const fields: Record<string, string> = { code };
      if (deviceId) Object.assign(fields, { device_id: deviceId, type: 'code_v2' });
      if (provider === 'apple') {
        const sub = subjectOf(provider, identity);
        if (!appleSeen.has(sub) && identity.name) {
          appleSeen.add(sub);
          const [firstName = '', ...rest] = identity.name.split(/\s+/);
          fields.user = JSON.stringify({ name: { firstName, lastName: rest.join(' ') }, ...(identity.email ? { email: identity.email } : {}) });
        }
      }
      return respond(reply, provider, req, fields);
    },
  );

  app.post(
    ApiRoute.devIdpToken,
    { config: { audience: 'anonymous', public: true }, schema: { tags: ['development'], summary: 'Development identity provider: the token endpoint', params } },
    async (request, reply) => {
      const { provider } = request.params;
      if (!served.has(provider)) return oauthError(reply, 400, 'invalid_client', 'not served here');
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      const expected = devClient(env, provider);
      let clientId = body.client_id;
      let secret = body.client_secret;
      const basic = request.headers.authorization;
      if (basic?.startsWith('Basic ')) {
        const [id, pw] = Buffer.from(basic.slice(6), 'base64').toString().split(':').map((s) => decodeURIComponent(s));
        clientId = id;
        secret = pw;
      }
      // VK ID's web clients prove themselves with PKCE only; the others with their secret too.
      const needsSecret = provider !== 'vk';
      if (clientId !== expected.clientId || (needsSecret && !(secret && safeEqual(secret, expected.clientSecret)))) {
        return oauthError(reply, 401, 'invalid_client', 'client authentication failed');
      }
      if (body.grant_type !== 'authorization_code') return oauthError(reply, 400, 'unsupported_grant_type', 'only authorization_code');
      const grant = body.code ? codes.get(body.code) : undefined;
      if (!grant || grant.provider !== provider || grant.expiresAt <= now().getTime()) return oauthError(reply, 400, 'invalid_grant', 'unknown or expired code');
      if (grant.used) {
        // A code used twice is a stolen one: what it gave is revoked (RFC 6749 §4.1.2).
        if (grant.accessToken) tokens.delete(grant.accessToken);
        return oauthError(reply, 400, 'invalid_grant', 'code already used');
      }
      grant.used = true;
      if (grant.clientId !== clientId) return oauthError(reply, 400, 'invalid_grant', 'code issued to another client');
      if (body.redirect_uri !== grant.redirectUri) return oauthError(reply, 400, 'invalid_grant', 'redirect_uri does not match');
      if (!body.code_verifier || !safeEqual(s256(body.code_verifier), grant.challenge)) return oauthError(reply, 400, 'invalid_grant', 'PKCE verification failed');
      if (grant.deviceId && body.device_id !== grant.deviceId) return oauthError(reply, 400, 'invalid_grant', 'device_id does not match');

      const accessToken = newToken();
      grant.accessToken = accessToken;
      tokens.set(accessToken, { grant, expiresAt: now().getTime() + ACCESS_TTL_MS });
      const claims = idTokenClaims(provider, grant.identity, { issuer: devIdpBase(env, provider), clientId, nonce: grant.nonce, nowS: Math.floor(now().getTime() / 1000) });
      const { privateKey } = await signingKey();
      const idToken = claims ? await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'dev-idp-1', typ: 'JWT' }).sign(privateKey) : null;
      return reply.header('cache-control', 'no-store').send({
        access_token: accessToken,
        token_type: provider === 'yandex' ? 'bearer' : 'Bearer',
        expires_in: ACCESS_TTL_MS / 1000,
        refresh_token: newToken(),
        ...(idToken ? { id_token: idToken } : {}),
        ...tokenExtras(provider, grant.identity, grant.scope),
      });
    },
  );

  function bearer(provider: SocialProvider, token: string | undefined) {
    const found = token ? tokens.get(token) : undefined;
    return found && found.grant.provider === provider && found.expiresAt > now().getTime() ? found.grant : null;
  }

  // Yandex ID: GET https://login.yandex.ru/info?format=json with "Authorization: OAuth <token>".
  app.get(
    ApiRoute.devIdpInfo,
    { config: { audience: 'anonymous', public: true }, schema: { tags: ['development'], summary: 'Development identity provider: Yandex ID user info', params } },
    async (request, reply) => {
      const { provider } = request.params;
      const auth = request.headers.authorization ?? '';
      const grant = provider === 'yandex' && auth.startsWith('OAuth ') ? bearer(provider, auth.slice(6).trim()) : null;
      if (!grant) return reply.status(401).send({ error: 'invalid_token' });
      return userinfo(provider, grant.identity, grant.clientId);
    },
  );

  // VK ID: POST https://id.vk.com/oauth2/user_info with client_id and access_token in the form.
  app.post(
    ApiRoute.devIdpUserInfo,
    { config: { audience: 'anonymous', public: true }, schema: { tags: ['development'], summary: 'Development identity provider: VK ID user info', params } },
    async (request, reply) => {
      const { provider } = request.params;
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      const grant = provider === 'vk' ? bearer(provider, body.access_token) : null;
      if (!grant || body.client_id !== grant.clientId) return reply.status(401).send({ error: 'invalid_token', error_description: 'access token is missing or invalid' });
      return userinfo(provider, grant.identity, grant.clientId);
    },
  );

  app.get(
    ApiRoute.devIdpJwks,
    { config: { audience: 'anonymous', public: true }, schema: { tags: ['development'], summary: 'Development identity provider: the keys its ID tokens are signed with', params } },
    async () => ({ keys: [(await signingKey()).jwk] }),
  );
}
