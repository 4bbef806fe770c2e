import type { LinkedIdentities, SocialCallbackRequest, SocialCallbackResult, SocialPending, SocialProviders, SocialSignupResult } from '@ekran/contracts';
import { ErrorCode } from '@ekran/contracts';
import { returnUrlOr, type SocialProvider, DAY_MS } from '@ekran/core';
import type { Deps as Handles } from '../../deps.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { hashToken, newToken, safeEqual } from '../../lib/tokens.ts';
import { requireAudience } from '../../plugins/audience.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import type { AuthServices } from '../identity/sign-in.ts';
import { appleClientSecret } from './apple-secret.ts';
import { createOAuth, type Transport } from './oauth.ts';
import { resolveProviders, type ResolvedProvider, type SocialProfile } from './providers.ts';
import { createSocialRepo, type FlowRow } from './social.repo.ts';
import { toLinkedIdentity } from './social.mapper.ts';
import { requestCountry } from '../../lib/geo-plugin.ts'; // The visitor's country

type Deps = Pick<Handles, 'env' | 'database' | 'now'>;

/** Time to come back from the provider. */
const FLOW_TTL_MS = 10 * 60_000;
/** Time to agree to a sign-up after the provider answered. */
const SIGNUP_TTL_MS = 15 * 60_000;
/** The flow cookie outlives both steps; the server enforces each step's own limit. */
export const FLOW_COOKIE_MAX_AGE_S = 30 * 60;
/** spec platform §5: a return URL only with an allowed prefix (a path of this site). */
const RETURN_PREFIXES = ['/'];

const flowInvalid = (message: string) => new AppError(400, ErrorCode.SocialFlowInvalid, message);
const alreadyLinked = (message: string) => new AppError(409, ErrorCode.SocialAlreadyLinked, message);
const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * Social sign-in (spec platform §2 /token/yandex and /auth/yandex/signup, §4 Session, §7 social login and
 * link/unlink): start, callback, sign-up with consent, linked identities. Sessions only through signIn.
 */
export function createSocialService(deps: Deps, { identity, signIn }: AuthServices, transports: { devFetch: Transport; realFetch?: Transport }) {
  const repo = createSocialRepo(deps.database.db);
  const { env } = deps;
  const providers = resolveProviders(env, ({ now }) =>
    appleClientSecret({ teamId: env.APPLE_TEAM_ID ?? '', clientId: env.APPLE_CLIENT_ID ?? '', keyId: env.APPLE_KEY_ID ?? '', privateKey: env.APPLE_PRIVATE_KEY ?? '', now }),
  );
  const oauth = createOAuth({ now: deps.now, devFetch: transports.devFetch, realFetch: transports.realFetch ?? ((url, init) => fetch(url, init as RequestInit)) });

  function provider(id: SocialProvider): ResolvedProvider {
    const p = providers.get(id);
    if (!p) throw notFound(`Sign-in with ${id}`);
    return p;
  }

  /** The flow this browser holds (by its cookie), in one of the given statuses and not expired. */
  async function flowOf(binding: string | undefined, statuses: FlowRow['status'][]): Promise<FlowRow> {
    if (!binding) throw flowInvalid('This sign-in was not started in this browser (no flow cookie)');
    if (binding.length < 32 || binding.length > 64) throw flowInvalid('Unknown sign-in');
    const flow = await repo.flowByBinding(hashToken(binding));
    if (!flow) throw flowInvalid('Unknown sign-in');
    if (!statuses.includes(flow.status)) throw flowInvalid('This sign-in is already finished; start again');
    if (flow.expiresAt <= deps.now()) throw flowInvalid('This sign-in has expired; start again');
    return flow;
  }

  /** A session of the account on this device (the one sign-in path), and the flow is over. */
  async function signInTo(flow: FlowRow, userId: string, apiClientId: string, session: SessionContext | null) {
    const auth = await signIn.signIn({ userId, apiClientId, current: session });
    await repo.endFlow(flow.id, 'done');
    return auth;
  }

  /** An existing account this verified address belongs to, that can take this provider's identity. */
  async function accountForVerifiedEmail(profile: SocialProfile, id: SocialProvider) {
    if (!profile.email || !profile.emailVerified) return null;
    const user = await repo.registeredUserByEmail(profile.email);
    if (!user) return null;
    const linked = await repo.listIdentities(user.id);
    return linked.some((i) => i.provider === id) ? null : user;
  }

  async function link(userId: string, id: SocialProvider, profile: SocialProfile) {
    try {
      await repo.linkIdentity(userId, id, profile, deps.now());
    } catch (err) {
      if (isUniqueViolation(err)) throw alreadyLinked(`This ${id} account is already linked, or the account has another ${id} identity`);
      throw err;
    }
  }

  return {
    /** The providers this deployment offers. */
    providers(): SocialProviders {
      return { items: [...providers.values()].map((p) => ({ id: p.spec.id, dev: p.dev })) };
    },

    /**
     * Starts a sign-in (or, for a registered viewer, a link): new state, nonce and PKCE verifier kept on the
     * server, bound to a random cookie value; answers the provider URL to send the browser to.
     */
    async start(input: { provider: SocialProvider; intent: 'sign_in' | 'link'; back: string | undefined; session: SessionContext | null }) {
      const p = provider(input.provider);
      // A link adds a way into the account: the holder's adult profile only, never a child profile, whose next
      // sign-in with it would start on the main profile without the PIN (spec platform §6).
      if (input.intent === 'link') requireAudience('holder', { session: input.session });
      const now = deps.now();
      await repo.purgeFlows(new Date(now.getTime() - DAY_MS));
      const checks = oauth.newChecks(p);
      const binding = newToken();
      await repo.createFlow({
        bindingHash: hashToken(binding),
        provider: input.provider,
        intent: input.intent,
        userId: input.intent === 'link' ? input.session!.userId : null,
        state: checks.state,
        nonce: checks.nonce,
        codeVerifier: checks.codeVerifier,
        redirectUri: p.redirectUri,
        back: returnUrlOr(input.back, RETURN_PREFIXES, input.intent === 'link' ? '/account' : '/'),
        status: 'started',
        expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
      });
      return { location: (await oauth.authorizationUrl(p, checks)).toString(), binding };
    },

    /**
     * The provider's answer: checks the flow (cookie, state, single use), exchanges the code, then signs in
     * a known identity, links it (link intent, or a verified email of an existing account) or asks for a
     * sign-up.
     */
    async callback(input: { provider: SocialProvider; binding: string | undefined; params: SocialCallbackRequest; session: SessionContext | null; apiClientId: string }): Promise<SocialCallbackResult> {
      const p = provider(input.provider);
      const found = await flowOf(input.binding, ['started']);
      if (found.provider !== input.provider) throw flowInvalid('This sign-in was started with another provider');
      if (!input.params.state || !safeEqual(input.params.state, found.state)) {
        await repo.endFlow(found.id, 'failed');
        throw flowInvalid('The state does not match this sign-in');
      }
      // Single use: only one request moves the flow on; a replayed callback finds it taken.
      const flow = await repo.moveFlow(found.id, 'started', 'exchanging');
      if (!flow) throw flowInvalid('This sign-in is already finished; start again');

      let profile: SocialProfile;
      try {
        profile = await oauth.exchange(p, { state: flow.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier }, input.params);
      } catch (err) {
        await repo.endFlow(flow.id, 'failed');
        throw err;
      }

      try {
        const known = await repo.identity(input.provider, profile.subject);
        if (flow.intent === 'link') {
          requireAudience('holder', { session: input.session });
          if (input.session?.userId !== flow.userId) throw forbidden('This link was started by another account');
          if (known && known.userId !== flow.userId) throw alreadyLinked(`This ${input.provider} account is linked to another account`);
          if (known) await repo.refreshIdentity(known.id, profile);
          else await link(flow.userId, input.provider, profile);
          await repo.endFlow(flow.id, 'done');
          return { result: 'linked', provider: input.provider, back: flow.back };
        }
        if (known) {
          await repo.refreshIdentity(known.id, profile);
          return { result: 'signed_in', provider: input.provider, back: flow.back, auth: await signInTo(flow, known.userId, input.apiClientId, input.session) };
        }
        // Auto-link only on the provider's word that the address is verified (else anyone could claim it).
        const owner = await accountForVerifiedEmail(profile, input.provider);
        if (owner) {
          await link(owner.id, input.provider, profile);
          return { result: 'signed_in', provider: input.provider, back: flow.back, auth: await signInTo(flow, owner.id, input.apiClientId, input.session) };
        }
        await repo.moveFlow(flow.id, 'exchanging', 'pending_signup', { profile, expiresAt: new Date(deps.now().getTime() + SIGNUP_TTL_MS) });
        return { result: 'signup', provider: input.provider, back: flow.back };
      } catch (err) {
        await repo.endFlow(flow.id, 'failed');
        throw err;
      }
    },

    /** What the provider said about the new identity waiting for consent (spec /auth/yandex/signup). */
    async pending(input: { binding: string | undefined }): Promise<SocialPending> {
      const flow = await flowOf(input.binding, ['pending_signup']);
      const profile = flow.profile!;
      return {
        provider: flow.provider,
        email: profile.email,
        email_verified: profile.emailVerified,
        phone: profile.phone,
        name: profile.name,
        back: flow.back,
        expires_at: flow.expiresAt.toISOString(),
      };
    },

    /**
     * The viewer agreed: this browser's virtual user becomes registered in place (same id, its data kept),
     * or, if the identity or its verified address found an account meanwhile, that account is signed in.
     */
    async signup(input: { binding: string | undefined; session: SessionContext | null; apiClientId: string }): Promise<SocialSignupResult> {
      const found = await flowOf(input.binding, ['pending_signup']);
      const flow = await repo.moveFlow(found.id, 'pending_signup', 'completing');
      if (!flow?.profile) throw flowInvalid('This sign-in is already finished; start again');
      const profile = flow.profile;
      const id = flow.provider;
      try {
        const known = await repo.identity(id, profile.subject);
        const owner = known ? null : await accountForVerifiedEmail(profile, id);
        if (known) return { result: 'signed_in', provider: id, back: flow.back, auth: await signInTo(flow, known.userId, input.apiClientId, input.session) };
        if (owner) {
          await link(owner.id, id, profile);
          return { result: 'signed_in', provider: id, back: flow.back, auth: await signInTo(flow, owner.id, input.apiClientId, input.session) };
        }
        const now = deps.now();
        // The address becomes the account's only when the provider verified it and nobody has it.
        const email = profile.email && profile.emailVerified && !(await repo.emailTaken(profile.email)) ? profile.email : null;
        let auth;
        try {
          if (input.session?.isVirtual) {
            const user = await repo.registerVirtual(input.session.userId, id, profile, email, now);
            if (!user) throw new AppError(409, ErrorCode.AlreadyRegistered, 'This account is already registered');
            auth = await identity.refresh(input.session.token);
          } else {
            const user = await repo.createRegistered({ countryCode: requestCountry() ?? env.DEFAULT_COUNTRY_CODE, provider: id, profile, email, at: now });
            auth = await signIn.signIn({ userId: user.id, apiClientId: input.apiClientId, current: input.session });
          }
        } catch (err) {
          if (isUniqueViolation(err)) throw alreadyLinked(`This ${id} account was linked meanwhile; sign in again`);
          throw err;
        }
        await repo.endFlow(flow.id, 'done');
        return { result: 'registered', provider: id, back: flow.back, auth };
      } catch (err) {
        await repo.endFlow(flow.id, 'failed');
        throw err;
      }
    },

    /** The viewer declined the sign-up: the provider's data is forgotten. */
    async cancel(input: { binding: string | undefined }): Promise<void> {
      const flow = await flowOf(input.binding, ['pending_signup']);
      await repo.endFlow(flow.id, 'failed');
    },

    /** The identities linked to the signed-in account. */
    async list(session: SessionContext): Promise<LinkedIdentities> {
      const [rows, user] = await Promise.all([repo.listIdentities(session.userId), repo.user(session.userId)]);
      return { items: rows.map(toLinkedIdentity), has_password_or_phone: Boolean(user?.passwordHash || user?.phone) };
    },

    /** Unlinks a provider, unless it is the last way into an account without password and phone. */
    async unlink(session: SessionContext, id: SocialProvider): Promise<void> {
      if (session.isVirtual) throw forbidden('Sign in to manage linked accounts');
      const outcome = await repo.unlink(session.userId, id);
      if (outcome === 'missing') throw notFound(`Linked ${id} account`);
      if (outcome === 'last') {
        throw new AppError(409, ErrorCode.LastSignInMethod, 'This is the last way to sign in: set a password or a phone first');
      }
    },
  };
}
export type SocialService = ReturnType<typeof createSocialService>;
