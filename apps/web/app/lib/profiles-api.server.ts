import {
  ApiPath, PinForgotResponseSchema, PinStateSchema, ProfileListSchema, ProfileSchema, ProfileSelectResponseSchema,
  type ProfileCreateRequest, type ProfileSelectRequest, type ProfileUpdateRequest,
} from '@ekran/contracts';
import { z } from 'zod';

/** The typed call of api.server.ts: a path, a contract schema for the answer, fetch options. */
export type ApiCall = <S extends z.ZodType>(schema: S, path: string, init?: RequestInit & { query?: Record<string, string | number | boolean | undefined> }) => Promise<z.infer<S>>;

const post = (body?: unknown): RequestInit => ({ method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** Profiles and the parental PIN, for loaders and actions. */
export function profilesApi(call: ApiCall) {
  return {
    profileList: () => call(ProfileListSchema, ApiPath.profiles),
    profileCreate: (body: Partial<ProfileCreateRequest> & { name: string }) => call(ProfileSchema, ApiPath.profiles, post(body)),
    profileUpdate: (id: string, body: ProfileUpdateRequest) => call(ProfileSchema, ApiPath.profile(id), { method: 'PATCH', body: JSON.stringify(body) }),
    profileDelete: (id: string) => call(z.null(), ApiPath.profile(id), { method: 'DELETE' }),
    profileSelect: (body: ProfileSelectRequest) => call(ProfileSelectResponseSchema, ApiPath.profileSelect, post(body)),
    pinState: () => call(PinStateSchema, ApiPath.pin),
    pinCreate: (pin: string) => call(z.null(), ApiPath.pin, post({ pin })),
    pinCheck: (pin: string) => call(z.null(), ApiPath.pinCheck, post({ pin })),
    pinChange: (oldPin: string, newPin: string) => call(z.null(), ApiPath.pinChange, post({ old_pin: oldPin, new_pin: newPin })),
    pinRemove: (pin: string) => call(z.null(), ApiPath.pinRemove, post({ pin })),
    pinSkip: () => call(z.null(), ApiPath.pinSkip, post()),
    pinForgot: () => call(PinForgotResponseSchema, ApiPath.pinForgot, post()),
    pinResetVerify: (token: string) => call(z.null(), ApiPath.pinResetVerify, post({ token })),
    pinReset: (token: string) => call(z.null(), ApiPath.pinReset, post({ token })),
  };
}
