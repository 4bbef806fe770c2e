import type { SocialProviders } from '@ekran/contracts';
import { formatPhone } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { Form, Link, useNavigation } from 'react-router';
import type { AuthFormErrors } from '../../lib/auth-errors.ts';
import { AuthCard, Field, FormError } from './auth-card.tsx';
import { SuggestingField } from './email-field.tsx';
import { ResendCode } from './resend-code.tsx';
import { SocialButtons } from './social-buttons.tsx';
import { SignupConsentNote } from '../legal/consent-note.tsx';

/** A path of the flow that keeps the return URL (the same rule as the server's flowPath). */
const withBack = (path: string, back: string) => (back === '/' ? path : `${path}${path.includes('?') ? '&' : '?'}back=${encodeURIComponent(back)}`);

const useBusy = () => useNavigation().state === 'submitting';

/**
 * Step one of /auth: «Почта или телефон». An email goes on to the password, a phone to an SMS code. While a
 * social registration is completed (spec platform §4) the field asks for a phone only.
 */
export function LoginStep({ back, complete, login, errors, social }: { back: string; complete: boolean; login: string; errors: AuthFormErrors | undefined; social: SocialProviders['items'] }) {
  const { t } = useTranslation();
  const busy = useBusy();
  return (
    <AuthCard title={t(complete ? 'authFlow.completeTitle' : 'authFlow.loginTitle')} lead={t(complete ? 'authFlow.completeLead' : 'authFlow.loginLead')}>
      <Form method="post" className="auth__form" noValidate>
        <FormError error={errors?.form} title={t('auth.signInErrorTitle')} />
        {complete ? (
          <Field name="login" type="tel" inputMode="tel" autoComplete="tel" required label={t('authFlow.phone')} hint={t('authFlow.phoneHint')} defaultValue={login} error={errors?.login} />
        ) : (
          <SuggestingField name="login" type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} required label={t('authFlow.login')} hint={t('authFlow.loginHint')} defaultValue={login} error={errors?.login} />
        )}
        <button type="submit" className="btn btn--primary btn--lg" disabled={busy} data-testid="login-submit">
          {t(complete ? 'authFlow.getCode' : 'authFlow.continue')}
        </button>
        <SignupConsentNote />
      </Form>
      <SocialButtons providers={social} back={back} />
      {complete ? null : (
        <p className="auth__switch">
          <Link to={withBack('/signup', back)}>{t('authFlow.toSignUpEmail')}</Link>
        </p>
      )}
    </AuthCard>
  );
}

/** The address typed on step one, with a way to start over (/auth/reset). */
function Typed({ value, back, changeLabel }: { value: string; back: string; changeLabel: string }) {
  return (
    <p className="auth__typed">
      <span data-testid="auth-typed">{value}</span>
      <Link to={withBack('/auth/reset', back)} data-testid="auth-change">
        {changeLabel}
      </Link>
    </p>
  );
}

/** Step two for an email: the password. */
export function PasswordStep({ back, email, errors }: { back: string; email: string; errors: AuthFormErrors | undefined }) {
  const { t } = useTranslation();
  const busy = useBusy();
  return (
    <AuthCard title={t('auth.signInTitle')} lead={t('authFlow.passwordLead')}>
      <Typed value={email} back={back} changeLabel={t('authFlow.change')} />
      <Form method="post" className="auth__form" noValidate>
        <FormError error={errors?.form} title={t('auth.signInErrorTitle')} />
        {/* for password managers: the account the password belongs to */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field name="password" type="password" autoComplete="current-password" required autoFocus label={t('auth.password')} error={errors?.password} />
        <button type="submit" className="btn btn--primary btn--lg" disabled={busy} data-testid="signin-submit">
          {t('auth.signIn')}
        </button>
      </Form>
      <p className="auth__switch">
        <Link to="/password/recovery">{t('auth.forgot')}</Link>
      </p>
      <p className="auth__switch">
        <Link to={withBack(`/signup?email=${encodeURIComponent(email)}`, back)}>{t('auth.toSignUp')}</Link>
      </p>
    </AuthCard>
  );
}

/**
 * Step two for an email without an account (spec platform §2 «Вход или регистрация»): sign-up in the same flow,
 * with the address typed on step one and a new password.
 */
export function RegisterStep({ back, email, errors }: { back: string; email: string; errors: AuthFormErrors | undefined }) {
  const { t } = useTranslation();
  const busy = useBusy();
  return (
    <AuthCard title={t('auth.signUpTitle')} lead={t('authFlow.registerLead')}>
      <Typed value={email} back={back} changeLabel={t('authFlow.change')} />
      <Form method="post" className="auth__form" noValidate>
        {/* catalogue §8: registration errors carry the title «Ошибка регистрации» */}
        <FormError error={errors?.form ?? errors?.email} title={t('auth.errorTitle')} />
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field
          name="password" type="password" autoComplete="new-password" required minLength={8} autoFocus
          label={t('authFlow.newPassword')} hint={t('auth.passwordHint')} error={errors?.password}
        />
        <button type="submit" className="btn btn--primary btn--lg" disabled={busy} data-testid="register-submit">
          {t('auth.signUp')}
        </button>
        <SignupConsentNote />
      </Form>
    </AuthCard>
  );
}

/** Step two for a phone: the code from the SMS, and a new code after the countdown. */
export function CodeStep({ back, complete, phone, resendIn, sentAt, errors, resent }: { back: string; complete: boolean; phone: string; resendIn: number; sentAt: number; errors: AuthFormErrors | undefined; resent: boolean }) {
  const { t } = useTranslation();
  const busy = useBusy();
  return (
    <AuthCard title={t(complete ? 'authFlow.completeTitle' : 'authFlow.codeTitle')} lead={t(complete ? 'authFlow.completeCodeLead' : 'authFlow.codeLead')}>
      <Typed value={formatPhone(phone)} back={back} changeLabel={t('authFlow.changePhone')} />
      <Form method="post" className="auth__form" noValidate>
        <FormError error={errors?.form} title={t(complete ? 'auth.errorTitle' : 'auth.signInErrorTitle')} />
        <Field
          name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required autoFocus
          label={t('authFlow.codeLabel')} hint={t('authFlow.codeHint')} error={errors?.code ?? errors?.login}
        />
        <button type="submit" name="intent" value="verify" className="btn btn--primary btn--lg" disabled={busy} data-testid="code-submit">
          {t(complete ? 'authFlow.completeSubmit' : 'auth.signIn')}
        </button>
      </Form>
      <Form method="post" className="auth__secondary">
        {resent ? <p role="status">{t('authFlow.resent')}</p> : null}
        <ResendCode key={sentAt} seconds={resendIn} disabled={busy} />
      </Form>
    </AuthCard>
  );
}
