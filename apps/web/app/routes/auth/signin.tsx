import { ErrorCode, type DeviceLimit } from '@ekran/contracts';
import { data } from 'react-router';
import { z } from 'zod';
import { CodeStep, LoginStep, PasswordStep, RegisterStep } from '../../components/auth/signin-steps.tsx';
import { socialProvidersFor } from '../../components/auth/social-buttons.server.ts';
import { ApiCallError, type Api } from '../../lib/api.server.ts';
import { sessionCookie, visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/signin';
import {
  authMode, clearSocialMarkerCookie, flowPath, forgetLoginCookie, readLoginInput, rememberedLogin, rememberLoginCookie, resendIn, type AuthStep, type RememberedLogin,
} from './auth-flow.server.ts';
import { backOf, formFailure, refusalStatus, type AuthFormErrors } from './auth.server.ts';
import { authMeta } from './auth-meta.ts';
import { DeviceLimitDialog } from '../../components/devices/device-limit-dialog.tsx';
import { withDeviceLimit } from './device-limit.server.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { readTextForm } from '../../lib/form.server.ts';
import { notFound } from '../../lib/not-found.ts';

/** The step a path names: /auth and /signin (and the old /auth/signin) are the login field. */
function stepOf(params: { step?: string | undefined }): AuthStep | 'login' | null {
  if (!params.step || params.step === 'signin') return 'login';
  if (params.step === 'password' || params.step === 'register' || params.step === 'code') return params.step;
  return null;
}

/** The remembered login usable now: a registration being completed takes the phone steps only. */
async function usableLogin(request: Request, complete: boolean): Promise<RememberedLogin | null> {
  const remembered = await rememberedLogin(request);
  return remembered && (!complete || remembered.step === 'code') ? remembered : null;
}

/**
 * The step after the login field for an email (spec platform §2 «Вход или регистрация»): its password when the
 * address has an account, a new password when it has none. When this client address has asked about too many
 * addresses (decision 037) the password step it is, with its «Нет аккаунта? Зарегистрируйтесь».
 */
async function emailStep(api: Api, email: string): Promise<'password' | 'register'> {
  try {
    return (await api.loginCheck(email)).exists ? 'password' : 'register';
  } catch (err) {
    if (err instanceof ApiCallError && err.status === 429) return 'password';
    throw err;
  }
}

/** A redirect carrying several cookies. */
async function redirectWith(url: string, cookies: Array<string | Promise<string>>) {
  const headers = new Headers();
  for (const c of await Promise.all(cookies)) headers.append('Set-Cookie', c);
  return safeRedirect(url, { headers });
}

/** The fields of the steps' forms: the login field, a password (sign-in or sign-up), an SMS code, or «resend». */
const SignInForm = z.object({
  login: z.string().default(''),
  password: z.string().default(''),
  code: z.string().trim().default(''),
  intent: z.literal('resend').optional().catch(undefined),
});

/**
 * /auth/{step?} (spec platform §2 sign-in and sign-up): the login field, then the password of an email with an
 * account, a new password for an email without one (sign-up), or the SMS code of a phone. A remembered login sends the visitor straight to its step; a step without one goes
 * back to the field. Signed-in visitors go back to the return URL.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.step === 'signup') throw safeRedirect(`/signup${new URL(request.url).search}`);
  const step = stepOf(params);
  if (!step) throw notFound();
  const back = backOf(request);
  const mode = authMode(context.get(visitorContext).auth, request);
  if (mode.mode === 'done') throw await redirectWith(back, mode.clearMarker ? [clearSocialMarkerCookie()] : []);
  const complete = mode.mode === 'complete';
  const remembered = await usableLogin(request, complete);

  if (step === 'login') {
    if (remembered) throw safeRedirect(flowPath(`/auth/${remembered.step}`, back));
    // Social buttons on the first step; completing a registration asks for the phone only.
    return { step: 'login' as const, back, complete, social: complete ? [] : await socialProvidersFor(context.get(visitorContext).api) };
  }
  if (!remembered || remembered.step !== step) throw safeRedirect(flowPath('/auth', back));
  if (remembered.step === 'password' || remembered.step === 'register') return { step: remembered.step, back, complete, email: remembered.email };
  return { step: 'code' as const, back, complete, phone: remembered.phone, sentAt: remembered.sentAt, resendIn: resendIn(remembered.sentAt) };
}

type ActionData = { errors: AuthFormErrors; login?: string; resent?: boolean; deviceLimit?: DeviceLimit | null };

export async function action({ request, params, context }: Route.ActionArgs): Promise<Response | ReturnType<typeof data<ActionData>>> {
  const form = readTextForm(await request.formData(), SignInForm);
  const back = backOf(request);
  const { auth, api } = context.get(visitorContext);
  const mode = authMode(auth, request);
  if (mode.mode === 'done') return safeRedirect(back);
  const complete = mode.mode === 'complete';
  const step = stepOf(params);

  if (step === 'login') {
    const { login } = form;
    const input = readLoginInput(login, { phoneOnly: complete });
    // A mistyped login is an answer of the form, not a failed request (refusalStatus).
    if (input.kind === 'error') return data<ActionData>({ errors: { login: input.error }, login }, { status: refusalStatus(400) });
    if (input.kind === 'email') {
      let next: 'password' | 'register';
      try {
        next = await emailStep(api, input.email);
      } catch (err) {
        return formFailure(err, { login });
      }
      return redirectWith(flowPath(`/auth/${next}`, back), [rememberLoginCookie({ step: next, email: input.email })]);
    }
    try {
      await api.phoneCode(input.phone);
    } catch (err) {
      // A code went to this number a moment ago and still works: go on to enter it (the countdown shows the wait).
      if (!(err instanceof ApiCallError && err.body?.code === ErrorCode.TooManyCodes)) return formFailure(err, { login });
    }
    return redirectWith(flowPath('/auth/code', back), [rememberLoginCookie({ step: 'code', phone: input.phone, sentAt: Date.now() })]);
  }

  const remembered = await usableLogin(request, complete);
  if (!remembered || remembered.step !== step) return safeRedirect(flowPath('/auth', back));

  if (remembered.step === 'register') {
    try {
      await api.emailRegister({ email: remembered.email, password: form.password });
    } catch (err) {
      // Registered meanwhile (another tab, another device): its password it is.
      if (err instanceof ApiCallError && err.body?.code === ErrorCode.EmailTaken) {
        return redirectWith(flowPath('/auth/password', back), [rememberLoginCookie({ step: 'password', email: remembered.email })]);
      }
      return formFailure(err, {});
    }
    // The account exists now, in this browser's session; the letter's code confirms the address.
    return redirectWith(flowPath('/signup/confirm', back), [forgetLoginCookie()]);
  }

  if (remembered.step === 'password') {
    try {
      const signedIn = await api.emailLogin({ email: remembered.email, password: form.password });
      return redirectWith(back, [sessionCookie(signedIn.authentication_token), forgetLoginCookie()]);
    } catch (err) {
      return withDeviceLimit(err, {}, formFailure);
    }
  }

  if (form.intent === 'resend') {
    try {
      await api.phoneCode(remembered.phone);
    } catch (err) {
      return formFailure(err, { resent: false });
    }
    return data<ActionData>({ errors: {}, resent: true }, { headers: { 'Set-Cookie': await rememberLoginCookie({ ...remembered, sentAt: Date.now() }) } });
  }
  try {
    const signedIn = await api.phoneVerify({ phone: remembered.phone, code: form.code });
    // The phone completes a social registration: its marker has nothing left to do.
    return redirectWith(back, [sessionCookie(signedIn.authentication_token), forgetLoginCookie(), ...(complete ? [clearSocialMarkerCookie()] : [])]);
  } catch (err) {
    return withDeviceLimit(err, { resent: false }, formFailure);
  }
}

export const meta = authMeta;

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  // The generated action type is a union with the empty answers of other intents; this reads its one shape.
  const result = actionData;
  // spec platform §8: 403 DEVICE_COUNT_EXCEEDED opens the device-limit popup over the step.
  const deviceLimit = result?.deviceLimit ? <DeviceLimitDialog key={result.deviceLimit.ticket} limit={result.deviceLimit} back={loaderData.back} /> : null;
  switch (loaderData.step) {
    case 'password':
      return (
        <>
          {deviceLimit}
          <PasswordStep back={loaderData.back} email={loaderData.email} errors={result?.errors} />
        </>
      );
    case 'register':
      return <RegisterStep back={loaderData.back} email={loaderData.email} errors={result?.errors} />;
    case 'code':
      return (
        <>
          {deviceLimit}
          <CodeStep back={loaderData.back} complete={loaderData.complete} phone={loaderData.phone} resendIn={loaderData.resendIn} sentAt={loaderData.sentAt} errors={result?.errors} resent={result?.resent ?? false} />
        </>
      );
    default:
      return <LoginStep back={loaderData.back} complete={loaderData.complete} social={loaderData.social} login={result?.login ?? ''} errors={result?.errors} />;
  }
}
