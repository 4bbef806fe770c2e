import type { AuthData } from '@ekran/contracts';
import { SESSION_COOKIE } from '@ekran/contracts';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { sessionCookieOptions } from '../../plugins/session.ts';
import { createIdentityRepo } from './identity.repo.ts';
import { createIdentityService, type SessionContext } from './identity.service.ts';

/**
 * The one way a user gets a new session on this device, whatever proved who they are (password, SMS code,
 * a social provider). Device registration and its limits live here so every sign-in obeys them.
 */
export function createSignIn(deps: Required<Pick<AppDeps, 'env' | 'database' | 'now'>>) {
  const repo = createIdentityRepo(deps.database.db);
  const identity = createIdentityService(deps);
  const cookieOptions = sessionCookieOptions(deps.env);

  return {
    /**
     * A new session of the user on the caller's device (registered to the account when new). The caller's
     * earlier session ends when it belonged to someone else: the browser now holds the account's session.
     */
    async signIn(input: { userId: string; apiClientId: string; current: SessionContext | null }): Promise<AuthData> {
      const device = await repo.deviceUidOf(input.current?.deviceId ?? null);
      const token = newToken();
      const now = deps.now();
      await repo.createSession({
        userId: input.userId,
        tokenHash: hashToken(token),
        apiClientId: input.apiClientId,
        expiresAt: new Date(now.getTime() + deps.env.SESSION_TTL_DAYS * 86_400_000),
        deviceUid: device?.uid ?? null,
        deviceType: device?.type ?? 'web',
      });
      if (input.current && input.current.userId !== input.userId) await repo.revokeSession(input.current.sessionId, now);
      return identity.refresh(token);
    },

    /** Puts the new session's token in the web cookie. */
    setCookie(reply: FastifyReply, data: AuthData) {
      void reply.setCookie(SESSION_COOKIE, data.authentication_token, cookieOptions);
    },
  };
}
export type SignIn = ReturnType<typeof createSignIn>;
