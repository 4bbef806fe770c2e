import {
  API_KEY_HEADER, ApiPath, AuthDataSchema, CatalogResponseSchema, ErrorSchema, HomeSchema, PlaybackCheckSchema,
  SESSION_COOKIE, TitleListSchema, TitleSchema, type ApiError, type DeviceLoginRequest, type EmailLoginRequest, type EmailRegisterRequest, type PasswordResetRequest, type TitleListQuery,
} from '@ekran/contracts';
import { z } from 'zod';
import { accountApi } from './account-api.server.ts';
import { env } from './env.server.ts';

/** A failed API call; loaders turn it into a response status. */
export class ApiCallError extends Error {
  constructor(readonly status: number, readonly body: ApiError | null) {
    super(body?.message ?? `API answered ${status}`);
  }
}

/** Who the API is called for: the visitor's browser name (the API names devices by it) and device id. */
export interface ApiClientInfo {
  userAgent?: string | null;
  /** The visitor's device id (the ekran_device cookie): the playback check names it (spec platform §7). */
  deviceId?: string | null;
}

/** A typed call of the API: query, body and the contract schema that parses the answer. */
export type ApiCall = <S extends z.ZodType>(schema: S, path: string, init?: RequestInit & { query?: Record<string, string | number | boolean | undefined> }) => Promise<z.infer<S>>;

/**
 * The typed API client of loaders: forwards the visitor's session token (and browser name), sends the web
 * API key, and parses every answer with its contract schema.
 */
export function createApi(token: string | null, client: ApiClientInfo = {}) {
  const call: ApiCall = async (schema, path, init = {}) => {
    const url = new URL(path, env.API_URL);
    for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers = new Headers(init.headers);
    headers.set(API_KEY_HEADER, env.WEB_API_KEY);
    headers.set('accept', 'application/json');
    if (client.userAgent) headers.set('user-agent', client.userAgent);
    if (token) headers.set('cookie', `${SESSION_COOKIE}=${token}`);
    if (init.body) headers.set('content-type', 'application/json');
    const res = await fetch(url, { ...init, headers, signal: init.signal ?? AbortSignal.timeout(10_000) });
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok) throw new ApiCallError(res.status, ErrorSchema.safeParse(json).data ?? null);
    return schema.parse(res.status === 204 ? null : json);
  };

  return {
    deviceLogin: (body: DeviceLoginRequest) => call(AuthDataSchema, ApiPath.deviceLogin, { method: 'POST', body: JSON.stringify(body) }),
    refresh: () => call(AuthDataSchema, ApiPath.authRefresh, { method: 'POST' }),
    catalog: (forKids: boolean) => call(CatalogResponseSchema, ApiPath.catalog, { query: { device_type: 'web', locale: 'ru', for_kids: forKids } }),
    home: (forKids: boolean) => call(HomeSchema, ApiPath.home, { query: { for_kids: forKids } }),
    titles: (query: Partial<TitleListQuery>) => call(TitleListSchema, ApiPath.titles, { query }),
    title: (alias: string) => call(TitleSchema, ApiPath.watch(alias)),
    playbackCheck: (uid: string) => call(PlaybackCheckSchema, ApiPath.playbackCheck(uid), { query: { device_id: client.deviceId ?? undefined } }),
    emailRegister: (body: EmailRegisterRequest) => call(AuthDataSchema, ApiPath.emailRegister, { method: 'POST', body: JSON.stringify(body) }),
    emailConfirm: (code: string) => call(AuthDataSchema, ApiPath.emailConfirm, { method: 'POST', body: JSON.stringify({ code }) }),
    emailResend: () => call(z.null(), ApiPath.emailResend, { method: 'POST' }),
    emailLogin: (body: EmailLoginRequest) => call(AuthDataSchema, ApiPath.emailLogin, { method: 'POST', body: JSON.stringify(body) }),
    logout: () => call(z.null(), ApiPath.logout, { method: 'POST' }),
    passwordRecovery: (email: string) => call(z.null(), ApiPath.passwordRecovery, { method: 'POST', body: JSON.stringify({ email }) }),
    passwordReset: (body: PasswordResetRequest) => call(z.null(), ApiPath.passwordReset, { method: 'POST', body: JSON.stringify(body) }),
    // issue 3 devices and account
    ...accountApi(call),
  };
}
export type Api = ReturnType<typeof createApi>;
