// The protocol side of social sign-in, done by openid-client (authorization code flow with PKCE, state,
// and a nonce for OpenID Connect providers). Our code only chooses endpoints and maps answers.
import { ErrorCode } from '@ekran/contracts';
import * as client from 'openid-client';
import { AppError } from '../../lib/errors.ts';
import type { ResolvedProvider, SocialProfile } from './providers.ts';

/** A fetch as openid-client calls it. */
export type Transport = (url: string, init: { method: string; headers: Record<string, string>; body?: unknown; redirect?: 'manual'; signal?: AbortSignal }) => Promise<Response>;

/** The secrets of one started flow, kept on the server. */
export interface FlowChecks {
  state: string;
  nonce: string | null;
  codeVerifier: string;
}

const TIMEOUT_SECONDS = 10;

const providerError = (message: string) => new AppError(400, ErrorCode.SocialProviderError, message);
const flowInvalid = (message: string) => new AppError(400, ErrorCode.SocialFlowInvalid, message);

/** Network trouble (refused, reset, timed out) rather than a wrong answer. */
function isUnreachable(err: unknown): boolean {
  if (err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError')) return true;
  return err instanceof TypeError && err.message === 'fetch failed';
}

/**
 * VK ID's token answer carries an id_token that is not an OpenID Connect ID token (no audience, its own
 * issuer), which openid-client would rightly refuse; we identify the person by user_info, so it is dropped.
 */
function withoutIdToken(transport: Transport, tokenEndpoint: string): Transport {
  return async (url, init) => {
    const res = await transport(url, init);
    if (url !== tokenEndpoint || !res.ok) return res;
    const body = (await res.json()) as Record<string, unknown>;
    delete body.id_token;
    return new Response(JSON.stringify(body), { status: res.status, headers: { 'content-type': 'application/json' } });
  };
}

/** Authorization URLs, code exchange and profile fetching for the resolved providers. */
export function createOAuth(deps: { now: () => Date; realFetch: Transport; devFetch: Transport }) {
  async function configFor(p: ResolvedProvider, withSecret: boolean) {
    const secret = withSecret ? await p.clientSecret(deps.now()) : null;
    const auth = secret === null ? client.None() : client.ClientSecretPost(secret);
    // openid-client checks iat/exp of ID tokens against its clock; ours may be moved (tests), so it follows.
    const skew = Math.round((deps.now().getTime() - Date.now()) / 1000);
    const config = new client.Configuration(p.server, p.clientId, { id_token_signed_response_alg: 'RS256', [client.clockSkew]: skew }, auth);
    config.timeout = TIMEOUT_SECONDS;
    const transport = p.dev ? deps.devFetch : deps.realFetch;
    config[client.customFetch] = (p.spec.oidc ? transport : withoutIdToken(transport, String(p.server.token_endpoint)));
    // The development provider lives on the site's origin, plain http outside production.
    if (p.dev) client.allowInsecureRequests(config);
    return config;
  }

  async function userinfo(p: ResolvedProvider, accessToken: string, clientId: string): Promise<Record<string, unknown>> {
    const how = p.spec.userinfo;
    if (!how || !p.userinfoEndpoint) return {};
    const transport = p.dev ? deps.devFetch : deps.realFetch;
    const init: { method: string; headers: Record<string, string>; body?: string } =
      how.method === 'GET'
        ? { method: 'GET', headers: { authorization: `OAuth ${accessToken}`, accept: 'application/json' } }
        : {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
            body: new URLSearchParams({ client_id: clientId, access_token: accessToken }).toString(),
          };
    const res = await transport(p.userinfoEndpoint, { ...init, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000) });
    if (!res.ok) throw providerError(`${p.spec.id} userinfo answered ${res.status}`);
    const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!json || typeof json !== 'object') throw providerError(`${p.spec.id} userinfo is not JSON`);
    return json;
  }

  return {
    /** Fresh secrets for a new flow: state, a nonce for OpenID Connect, a PKCE verifier. */
    newChecks(p: ResolvedProvider): FlowChecks {
      return { state: client.randomState(), nonce: p.spec.oidc ? client.randomNonce() : null, codeVerifier: client.randomPKCECodeVerifier() };
    },

    /** The provider's authorization URL for these checks (PKCE S256). */
    async authorizationUrl(p: ResolvedProvider, checks: FlowChecks): Promise<URL> {
      const config = await configFor(p, false);
      return client.buildAuthorizationUrl(config, {
        redirect_uri: p.redirectUri,
        scope: p.spec.scope,
        state: checks.state,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        ...(checks.nonce ? { nonce: checks.nonce } : {}),
        ...p.spec.authParams,
      });
    },

    /**
     * Validates the authorization response against the flow (state, iss), exchanges the code with the PKCE
     * verifier, validates the ID token (nonce, audience, issuer, times) and maps the answer to our profile.
     */
    async exchange(p: ResolvedProvider, checks: FlowChecks, callback: Record<string, string | undefined>): Promise<SocialProfile> {
      const params = new URLSearchParams();
      for (const key of ['code', 'state', 'error', 'error_description', 'iss'] as const) {
        const v = callback[key];
        if (v !== undefined) params.set(key, v);
      }
      const currentUrl = new URL(p.redirectUri);
      currentUrl.search = params.toString();
      try {
        const config = await configFor(p, true);
        const tokens = await client.authorizationCodeGrant(
          config,
          currentUrl,
          { pkceCodeVerifier: checks.codeVerifier, expectedState: checks.state, ...(checks.nonce ? { expectedNonce: checks.nonce } : {}) },
          p.spec.tokenParams(callback),
        );
        const info = p.spec.userinfo ? await userinfo(p, tokens.access_token, p.clientId) : undefined;
        try {
          return p.spec.toProfile({ claims: tokens.claims(), tokens: { ...tokens }, callback, userinfo: info });
        } catch (err) {
          throw providerError(`${p.spec.id}: ${(err as Error).message}`);
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (err instanceof client.AuthorizationResponseError) {
          // The viewer said no at the provider (or the provider refused the request).
          if (err.error === 'access_denied' || err.error === 'user_cancelled_authorize' || err.error === 'user_cancelled_login') {
            throw new AppError(400, ErrorCode.SocialDenied, `Sign-in with ${p.spec.id} was cancelled`);
          }
          throw providerError(`${p.spec.id} refused the request: ${err.error}`);
        }
        if (err instanceof client.ResponseBodyError) throw providerError(`${p.spec.id} token endpoint: ${err.error}`);
        if (err instanceof client.ClientError && /"state"/.test(String((err.cause as Error | undefined)?.message ?? err.message))) {
          throw flowInvalid('The state does not match this sign-in');
        }
        if (err instanceof client.ClientError) throw providerError(`${p.spec.id}: ${(err.cause as Error | undefined)?.message ?? err.message}`);
        if (isUnreachable(err)) throw new AppError(502, ErrorCode.SocialProviderUnavailable, `${p.spec.id} is not reachable`);
        throw err;
      }
    },
  };
}
export type OAuth = ReturnType<typeof createOAuth>;
