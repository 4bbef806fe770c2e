import { AuthDataSchema, ProfileSchema, type AuthData, type Profile } from '@ekran/contracts';
import { devices, apiClients, profiles, sessions } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { TEST_API_KEY, type TestApp } from '../../test/harness.ts';

let n = 0;

/**
 * A registered viewer (made in the database: sign-up has its own tests and a per-address rate limit) with a
 * session on its main profile; `password` gives it one for sign-in tests.
 */
export async function registeredViewer(t: TestApp, o: { email?: string | null; phone?: string | null; password?: string } = {}) {
  const email = o.email === undefined ? `viewer${++n}.${Date.now()}@example.ru` : o.email;
  const user = await t.make.user({ email, phone: o.phone ?? null, passwordHash: o.password ? await hashPassword(o.password) : null });
  const session = await extraSession(t, user.id);
  const [main] = await t.db.select().from(profiles).where(eq(profiles.userId, user.id)).limit(1);
  return { _id: user.id, email, ...session, profile_id: main!.id, mainProfileId: main!.id };
}

/** A second session of an existing account (another device), made directly in the database. */
export async function extraSession(t: TestApp, userId: string) {
  const token = newToken();
  const [client] = await t.db.select().from(apiClients).where(eq(apiClients.key, TEST_API_KEY));
  const [main] = await t.db.select().from(profiles).where(eq(profiles.userId, userId)).orderBy(profiles.createdAt).limit(1);
  // Every session belongs to a device of the account (the playback check insists on it).
  const [device] = await t.db.insert(devices).values({ userId, deviceUid: `test-device-${token.slice(0, 12)}`, deviceType: 'web' }).returning();
  await t.db.insert(sessions).values({ tokenHash: hashToken(token), userId, profileId: main!.id, deviceId: device!.id, apiClientId: client!.id, expiresAt: new Date('2030-01-01T00:00:00Z') });
  return { token, auth: { ...t.headers, cookie: `ekran_token=${token}` } };
}

/** POST /api/v1/profiles, expecting 201. */
export async function createProfile(t: TestApp, auth: Record<string, string>, payload: Record<string, unknown>): Promise<Profile> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/profiles', headers: auth, payload });
  if (res.statusCode !== 201) throw new Error(`create profile failed: ${res.statusCode} ${res.body}`);
  return ProfileSchema.parse(res.json());
}

/** POST /api/v1/profiles/select. */
export const selectProfile = (t: TestApp, auth: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/profiles/select', headers: auth, payload });

/** The auth data of a session. */
export async function refresh(t: TestApp, auth: Record<string, string>): Promise<AuthData> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: auth });
  if (res.statusCode !== 200) throw new Error(`refresh failed: ${res.statusCode} ${res.body}`);
  return AuthDataSchema.parse(res.json());
}

/** A registered viewer now in a new child profile (with the given child form). */
export async function childSession(t: TestApp, form: Record<string, unknown> = {}) {
  const viewer = await registeredViewer(t);
  const child = await createProfile(t, viewer.auth, { name: 'Маша', child: true, ...form });
  const res = await selectProfile(t, viewer.auth, { profile_id: child._id });
  if (res.statusCode !== 200) throw new Error(`select failed: ${res.statusCode} ${res.body}`);
  return { ...viewer, child };
}
