// The registry of social sign-in providers (spec platform §7: social login for google, apple, vk, yandex).
// Each entry: its endpoints, scopes, how the client authenticates, and how its answer maps to our profile.
// A provider with settings talks to the real service; without them, the development identity provider
// (dev-idp/) stands in for it when SOCIAL_DEV_PROVIDER is on. docs/decisions/007-social-sign-in.md
import type { SocialProvider } from '@ekran/core';
import { SOCIAL_PROVIDERS } from '@ekran/core';
import type { ServerMetadata } from 'openid-client';
import type { Env } from '../../env.ts';
import { hmac } from '../../lib/tokens.ts';

/** What we keep of a provider's answer about a person. */
export interface SocialProfile {
  /** The provider's stable id of the person (sub, id, user_id). */
  subject: string;
  email: string | null;
  /** Whether the provider vouches that the person controls the address (only then do we auto-link). */
  emailVerified: boolean;
  phone: string | null;
  name: string | null;
}

/** What a provider's answer offers to the profile mapping. */
export interface ProviderAnswer {
  /** ID token claims (Google, Apple), already validated by openid-client. */
  claims: Record<string, unknown> | undefined;
  /** The token endpoint response (VK puts user_id there). */
  tokens: Record<string, unknown>;
  /** The authorization response as it came (Apple sends the name once, as the user parameter). */
  callback: Record<string, string | undefined>;
  /** The userinfo answer (Yandex, VK). */
  userinfo: Record<string, unknown> | undefined;
}

export interface ProviderSpec {
  id: SocialProvider;
  /** OpenID Connect: an id_token bound to a nonce carries the profile. Else the profile comes from userinfo. */
  oidc: boolean;
  scope: string;
  /** Extra authorization request parameters (Apple: form_post, required when asking for name or email). */
  authParams: Record<string, string>;
  /** How userinfo is called (only for OAuth 2.0 providers). */
  userinfo: null | { method: 'GET'; header: 'OAuth' } | { method: 'POST'; form: 'vk' };
  /** Extra token request parameters taken from the callback (VK ID wants device_id and state back). */
  tokenParams: (callback: Record<string, string | undefined>) => Record<string, string>;
  /** The client authenticates with a secret (post) or only with PKCE (none: VK ID for web). */
  clientAuth: 'secret' | 'apple-jwt' | 'none';
  /** The real service's endpoints, fixed so that a start needs no discovery request. */
  real: Pick<ServerMetadata, 'issuer' | 'authorization_endpoint' | 'token_endpoint' | 'jwks_uri'> & { userinfo_endpoint?: string };
  toProfile(answer: ProviderAnswer): SocialProfile;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);
const joinName = (...parts: unknown[]) => parts.map(str).filter(Boolean).join(' ') || null;
/** Phones as + and digits: Yandex sends +79…, VK 79…. */
export const normalizePhone = (v: unknown): string | null => {
  const digits = str(v)?.replace(/\D/g, '') ?? '';
  return digits.length >= 10 && digits.length <= 15 ? `+${digits}` : null;
};
const lowerEmail = (v: unknown) => str(v)?.toLowerCase() ?? null;
const required = (v: unknown, what: string): string => {
  const s = str(v);
  if (!s) throw new Error(`the provider answer has no ${what}`);
  return s;
};

function appleName(user: string | undefined): string | null {
  if (!user) return null;
  try {
    const parsed = JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } };
    return joinName(parsed.name?.firstName, parsed.name?.lastName);
  } catch {
    return null;
  }
}

export const PROVIDER_SPECS: Record<SocialProvider, ProviderSpec> = {
  google: {
    id: 'google',
    oidc: true,
    scope: 'openid email profile',
    authParams: { prompt: 'select_account' },
    userinfo: null,
    tokenParams: () => ({}),
    clientAuth: 'secret',
    real: {
      issuer: 'https://accounts.google.com',
      authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
      token_endpoint: 'https://oauth2.googleapis.com/token',
      jwks_uri: 'https://www.googleapis.com/oauth2/v3/certs',
    },
    toProfile: ({ claims }) => ({
      subject: required(claims?.sub, 'sub'),
      email: lowerEmail(claims?.email),
      emailVerified: claims?.email_verified === true,
      phone: null,
      name: str(claims?.name) ?? joinName(claims?.given_name, claims?.family_name),
    }),
  },
  apple: {
    id: 'apple',
    oidc: true,
    scope: 'name email',
    authParams: { response_mode: 'form_post' },
    userinfo: null,
    tokenParams: () => ({}),
    clientAuth: 'apple-jwt',
    real: {
      issuer: 'https://appleid.apple.com',
      authorization_endpoint: 'https://appleid.apple.com/auth/authorize',
      token_endpoint: 'https://appleid.apple.com/auth/token',
      jwks_uri: 'https://appleid.apple.com/auth/keys',
    },
    // Apple sends email_verified as "true" or true; private relay addresses are verified too. The name
    // comes only once, in the form_post user parameter of the first sign-in.
    toProfile: ({ claims, callback }) => ({
      subject: required(claims?.sub, 'sub'),
      email: lowerEmail(claims?.email),
      emailVerified: claims?.email_verified === true || claims?.email_verified === 'true',
      phone: null,
      name: appleName(callback.user),
    }),
  },
  vk: {
    id: 'vk',
    oidc: false,
    scope: 'vkid.personal_info email phone',
    authParams: {},
    userinfo: { method: 'POST', form: 'vk' },
    tokenParams: (callback) => ({ ...(callback.device_id ? { device_id: callback.device_id } : {}), ...(callback.state ? { state: callback.state } : {}) }),
    clientAuth: 'none',
    real: {
      issuer: 'https://id.vk.com',
      authorization_endpoint: 'https://id.vk.com/authorize',
      token_endpoint: 'https://id.vk.com/oauth2/auth',
      userinfo_endpoint: 'https://id.vk.com/oauth2/user_info',
    },
    // VK ID does not say whether the address is confirmed: never auto-link by it.
    toProfile: ({ userinfo, tokens }) => {
      const user = (userinfo?.user ?? {}) as Record<string, unknown>;
      return {
        subject: required(user.user_id ?? tokens.user_id, 'user_id'),
        email: lowerEmail(user.email),
        emailVerified: false,
        phone: normalizePhone(user.phone),
        name: joinName(user.first_name, user.last_name),
      };
    },
  },
  yandex: {
    id: 'yandex',
    oidc: false,
    scope: 'login:info login:email login:default_phone',
    authParams: { force_confirm: 'yes' },
    userinfo: { method: 'GET', header: 'OAuth' },
    tokenParams: () => ({}),
    clientAuth: 'secret',
    real: {
      issuer: 'https://oauth.yandex.ru',
      authorization_endpoint: 'https://oauth.yandex.ru/authorize',
      token_endpoint: 'https://oauth.yandex.ru/token',
      userinfo_endpoint: 'https://login.yandex.ru/info?format=json',
    },
    // Yandex ID gives only addresses confirmed in the Yandex account (default_email), so we take them as verified.
    toProfile: ({ userinfo }) => {
      const info = userinfo ?? {};
      const emails = Array.isArray(info.emails) ? info.emails : [];
      return {
        subject: required(info.id, 'id'),
        email: lowerEmail(info.default_email ?? emails[0]),
        emailVerified: Boolean(str(info.default_email ?? emails[0])),
        phone: normalizePhone((info.default_phone as { number?: unknown } | undefined)?.number),
        name: str(info.real_name) ?? joinName(info.first_name, info.last_name) ?? str(info.display_name),
      };
    },
  },
};

/** Where the development identity provider serves a provider id, below the site's origin. */
export const devIdpBase = (env: Pick<Env, 'WEB_ORIGIN'>, id: SocialProvider) => `${env.WEB_ORIGIN}/api/dev-idp/${id}`;

/** The development client of a provider: fixed id, secret derived from CODE_SECRET. */
export const devClient = (env: Pick<Env, 'CODE_SECRET'>, id: SocialProvider) => ({
  clientId: `ekran-dev-${id}`,
  clientSecret: hmac(env.CODE_SECRET, `dev-idp-client:${id}`),
});

/** Whether the development identity provider may serve: on by default outside production, never in production. */
export const isDevProviderOn = (env: Pick<Env, 'NODE_ENV' | 'SOCIAL_DEV_PROVIDER'>) =>
  env.NODE_ENV !== 'production' && (env.SOCIAL_DEV_PROVIDER ?? true);

/** The redirect URI registered for a provider: the site's /token/{provider} (spec platform §2 /token/yandex). */
export const redirectUriOf = (env: Pick<Env, 'WEB_ORIGIN'>, id: SocialProvider) => `${env.WEB_ORIGIN}/token/${id}`;

export interface ResolvedProvider {
  spec: ProviderSpec;
  dev: boolean;
  clientId: string;
  /** The secret for client_secret_post (Apple's is made per request). */
  clientSecret: (now: Date) => Promise<string | null>;
  server: ServerMetadata;
  userinfoEndpoint: string | null;
  redirectUri: string;
}

/** The providers this deployment offers, real where configured, else the development provider when it is on. */
export function resolveProviders(env: Env, appleSecret: (input: { now: Date }) => Promise<string>): Map<SocialProvider, ResolvedProvider> {
  const configured: Partial<Record<SocialProvider, { clientId: string; clientSecret: (now: Date) => Promise<string | null> }>> = {};
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    const secret = env.GOOGLE_CLIENT_SECRET;
    configured.google = { clientId: env.GOOGLE_CLIENT_ID, clientSecret: async () => secret };
  }
  if (env.APPLE_CLIENT_ID && env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY) {
    configured.apple = { clientId: env.APPLE_CLIENT_ID, clientSecret: (now) => appleSecret({ now }) };
  }
  if (env.VK_CLIENT_ID) configured.vk = { clientId: env.VK_CLIENT_ID, clientSecret: async () => null };
  if (env.YANDEX_CLIENT_ID && env.YANDEX_CLIENT_SECRET) {
    const secret = env.YANDEX_CLIENT_SECRET;
    configured.yandex = { clientId: env.YANDEX_CLIENT_ID, clientSecret: async () => secret };
  }

  const out = new Map<SocialProvider, ResolvedProvider>();
  for (const id of SOCIAL_PROVIDERS) {
    const spec = PROVIDER_SPECS[id];
    const real = configured[id];
    if (real) {
      const { userinfo_endpoint, ...server } = spec.real;
      out.set(id, { spec, dev: false, clientId: real.clientId, clientSecret: real.clientSecret, server, userinfoEndpoint: userinfo_endpoint ?? null, redirectUri: redirectUriOf(env, id) });
    } else if (isDevProviderOn(env)) {
      const base = devIdpBase(env, id);
      const client = devClient(env, id);
      out.set(id, {
        spec,
        dev: true,
        clientId: client.clientId,
        clientSecret: async () => (spec.clientAuth === 'none' ? null : client.clientSecret),
        server: {
          issuer: base,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          jwks_uri: `${base}/jwks`,
          authorization_response_iss_parameter_supported: true,
        },
        userinfoEndpoint: spec.userinfo ? `${base}/${spec.userinfo.method === 'GET' ? 'info?format=json' : 'user_info'}` : null,
        redirectUri: redirectUriOf(env, id),
      });
    }
  }
  return out;
}
