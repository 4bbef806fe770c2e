import { CodeRequestSchema, ErrorCode, OPERATOR_MSISDN_COOKIE, OPERATOR_SUSPEND_COOKIE, OperatorErrorCode, type AuthData } from '@ekran/contracts';
import { formatPhone, parsePhoneInput } from '@ekran/core';
import { data } from 'react-router';
import { z } from 'zod';
import { ApiCallError, type Api } from '../../lib/api.server.ts';
import { plainCookie } from '../../lib/cookies.server.ts';
import { parseFormData } from '../../lib/form.server.ts';
import { readCookie, sessionCookie } from '../../lib/session.server.ts';
import { formFailure, type AuthFormErrors } from '../auth/auth.server.ts';

import { CONNECT_PATH, OPERATOR_FLOWS, type OperatorFlowId } from './operator-flows.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';

// The flows and the connect address are shared with the route components (operator-flows.ts).
export { CONNECT_PATH, OPERATOR_FLOWS, type OperatorFlowId } from './operator-flows.ts';

/** spec platform §6 app=mlk cookies, as the API sets them: the msisdn 30 days (it prefills the phone), suspend a day. */
const MSISDN_MAX_AGE = 30 * 86_400;
const SUSPEND_MAX_AGE = 86_400;
const cookie = (name: string, value: string, maxAgeSeconds: number) => plainCookie(name, value, { maxAgeSeconds, httpOnly: true });
export const msisdnCookie = (msisdn: string) => cookie(OPERATOR_MSISDN_COOKIE, msisdn, MSISDN_MAX_AGE);
export const suspendCookie = (suspend: boolean) => cookie(OPERATOR_SUSPEND_COOKIE, suspend ? '1' : '0', SUSPEND_MAX_AGE);

/** The msisdn kept in the cookie, when it is a mobile number. */
export function msisdnOf(request: Request): string | null {
  const raw = readCookie(request.headers.get('cookie'), OPERATOR_MSISDN_COOKIE);
  const parsed = raw ? parsePhoneInput(raw) : null;
  return parsed?.ok ? parsed.phone : null;
}

/** Where a signed-in operator customer goes: a new account (or none yet connected) to connect, else home. */
const doneFor = (flow: OperatorFlowId) => (OPERATOR_FLOWS[flow].kind === 'signup' ? CONNECT_PATH : '/');

/** Already signed in with the operator number: nothing to ask. */
const signedInWith = (auth: AuthData | null, msisdn: string | null) => Boolean(auth && !auth.virtual && auth.phone && (!msisdn || auth.phone === msisdn));

function redirectWith(url: string, cookies: string[]) {
  const headers = new Headers();
  for (const c of cookies) headers.append('Set-Cookie', c);
  return safeRedirect(url, { headers });
}

export interface PhoneStepData {
  flow: OperatorFlowId;
  kind: 'signup' | 'signin';
  /** The phone prefilled from the msisdn cookie, as the spec shows phones (platform §5). */
  msisdn: string;
}

/** The phone step: prefilled from the msisdn cookie; a signed-in customer goes on. */
export function phoneStepLoader(request: Request, auth: AuthData | null, flow: OperatorFlowId): PhoneStepData {
  const msisdn = msisdnOf(request);
  if (signedInWith(auth, msisdn)) throw safeRedirect(doneFor(flow));
  return { flow, kind: OPERATOR_FLOWS[flow].kind, msisdn: msisdn ? formatPhone(msisdn) : '' };
}

export type OperatorActionData = { errors: AuthFormErrors; msisdn?: string; resent?: boolean };

/** The phone as typed; the phone rules (parsePhoneInput) read it after, as their refusal shows it again. */
const PhoneForm = z.object({ msisdn: z.string().trim().min(1) });

/** The phone step's form: a code goes to the number, which the msisdn cookie keeps for the code step. */
export async function phoneStepAction(form: FormData, api: Api, flow: OperatorFlowId) {
  const phoneForm = parseFormData(form, PhoneForm);
  if (!phoneForm.success) return data<OperatorActionData>({ errors: { login: 'phoneEmpty' }, msisdn: '' }, { status: 400 });
  const typed = phoneForm.data.msisdn;
  const parsed = parsePhoneInput(typed);
  if (!parsed.ok) return data<OperatorActionData>({ errors: { login: parsed.reason === 'notMobile' ? 'phoneNotMobile' : 'phoneInvalid' }, msisdn: typed }, { status: 400 });
  try {
    await api.operatorCode(parsed.phone);
  } catch (err) {
    // A code went to this number a moment ago and still works: go on to enter it.
    if (!(err instanceof ApiCallError && err.body?.code === ErrorCode.TooManyCodes)) return formFailure(err, { msisdn: typed });
  }
  return redirectWith(`${OPERATOR_FLOWS[flow].base}/code`, [msisdnCookie(parsed.phone)]);
}

export interface CodeStepData {
  flow: OperatorFlowId;
  kind: 'signup' | 'signin';
  msisdn: string;
}

/** The code step: needs the msisdn the code went to, else back to the phone step. */
export function codeStepLoader(request: Request, auth: AuthData | null, flow: OperatorFlowId): CodeStepData {
  const msisdn = msisdnOf(request);
  if (!msisdn) throw safeRedirect(OPERATOR_FLOWS[flow].base);
  if (signedInWith(auth, msisdn)) throw safeRedirect(doneFor(flow));
  return { flow, kind: OPERATOR_FLOWS[flow].kind, msisdn: formatPhone(msisdn) };
}

const ResendForm = z.object({ intent: z.literal('resend') });

/** The code step's form: resend, or the code signs in (the session cookie follows). */
export async function codeStepAction(request: Request, form: FormData, api: Api, flow: OperatorFlowId) {
  const msisdn = msisdnOf(request);
  if (!msisdn) return safeRedirect(OPERATOR_FLOWS[flow].base);
  if (parseFormData(form, ResendForm).success) {
    try {
      await api.operatorCode(msisdn);
    } catch (err) {
      return formFailure(err, { resent: false });
    }
    return data<OperatorActionData>({ errors: {}, resent: true });
  }
  // Any other post is the code: six digits, as the API takes it.
  const codeForm = parseFormData(form, CodeRequestSchema);
  if (!codeForm.success) return data<OperatorActionData>({ errors: { code: 'codeFormat' } }, { status: 400 });
  try {
    const auth = await api.operatorVerify(msisdn, codeForm.data.code);
    return redirectWith(doneFor(flow), [sessionCookie(auth.authentication_token)]);
  } catch (err) {
    return formFailure(err, { resent: false });
  }
}

/**
 * spec platform §6 app=mlk: the operator's app opens the site with ?app=mlk&msisdn=…&suspend=…. The msisdn and
 * suspend cookies are kept; the customer already signed in with that number goes to /megafon_connect, anyone
 * else to the code step (the API has sent the code). Null when the request is no app=mlk entry or its msisdn
 * is no mobile number (the page then opens as usual).
 */
export async function mlkEntry(request: Request, api: Api): Promise<Response | null> {
  const url = new URL(request.url);
  if (url.searchParams.get('app') !== 'mlk') return null;
  const parsed = parsePhoneInput(url.searchParams.get('msisdn') ?? '');
  if (!parsed.ok) return null;
  const suspendParam = url.searchParams.get('suspend');
  const suspend = suspendParam === '1' || suspendParam?.toLowerCase() === 'true';
  const cookies = [msisdnCookie(parsed.phone), suspendCookie(suspend)];
  try {
    const result = await api.operatorMlk(parsed.phone, suspend);
    return redirectWith(result.state === 'signed_in' ? CONNECT_PATH : `${OPERATOR_FLOWS['signin-mf'].base}/code`, cookies);
  } catch (err) {
    // Too many codes lately: the phone step shows why; any other refusal too.
    if (err instanceof ApiCallError && err.status < 500) return redirectWith(OPERATOR_FLOWS['signin-mf'].base, cookies);
    throw err;
  }
}

/** The connect button's answer: the subscription, or the error key of the operator's refusal. */
export type ConnectFailure = 'notSubscriber' | 'noMoney' | 'msisdnTaken' | 'signIn' | 'generic';
export function connectFailureOf(err: unknown): ConnectFailure {
  if (!(err instanceof ApiCallError)) throw err;
  switch (err.body?.code) {
    case OperatorErrorCode.NotOperatorSubscriber:
      return 'notSubscriber';
    case OperatorErrorCode.InsufficientBalance:
    case OperatorErrorCode.OperatorSuspended:
      return 'noMoney';
    case OperatorErrorCode.MsisdnTaken:
      return 'msisdnTaken';
    case ErrorCode.AuthRequired:
    case ErrorCode.RegistrationRequired:
    case ErrorCode.NoDestination:
    case ErrorCode.Unauthorized:
      return 'signIn';
    default:
      if (err.status >= 500 && err.status !== 503) throw err;
      return 'generic';
  }
}
