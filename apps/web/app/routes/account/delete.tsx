import { useTranslation } from '../../lib/use-translation.ts';
import { Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import { FormField, invalidProps } from '../../components/account/form-field.tsx';
import { AuthCard } from '../../components/auth/auth-card.tsx';
import { parseFormData } from '../../lib/form.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { clearedSessionCookie, visitorContext } from '../../lib/session.server.ts';
import '../../styles/account.css';
import type { Route } from './+types/delete';
import { requireRegistered } from './account.server.ts';
import { deleteAccount, sendDeleteCode } from './delete.server.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth, api } = context.get(visitorContext);
  const url = new URL(request.url);
  // After the deletion the browser is a new anonymous visitor: it only sees that the account is gone.
  if (url.searchParams.get('deleted') === '1' && (!auth || auth.virtual)) return { deleted: true as const };
  requireRegistered(auth, request);
  const person = await api.person();
  const byCode = url.searchParams.get('by') === 'code' || !person.has_password;
  return { deleted: false as const, byCode, hasPassword: person.has_password, email: person.email, phone: person.phone };
}

/** «Получить код» (by email or SMS); any other form is the deletion itself. */
const SendCodeForm = z.object({ intent: z.literal('send-code') });

/** The code request, and the deletion itself: the account and its data go, and the session ends for real. */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth, api } = context.get(visitorContext);
  requireRegistered(auth, request);
  const form = await request.formData();
  if (parseFormData(form, SendCodeForm).success) return sendDeleteCode(api, form);
  const failed = await deleteAccount(api, form);
  if (failed) return failed;
  return safeRedirect('/account/google_delete?deleted=1', { headers: { 'Set-Cookie': clearedSessionCookie() } });
}

export function meta() {
  const t = tFor('ru');
  return [{ title: `${t('account.delete.title')} — ${t('brand')}` }, { name: 'robots', content: 'noindex' }];
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  if (loaderData.deleted) {
    return (
      <AuthCard title={t('account.delete.doneTitle')} lead={t('account.delete.doneLead')}>
        <Link to="/" className="btn btn--primary btn--lg auth__wide">
          {t('account.doi.toHome')}
        </Link>
      </AuthCard>
    );
  }
  const { byCode, hasPassword, email, phone } = loaderData;
  const error = actionData?.error ? t(`account.delete.errors.${actionData.error}`) : undefined;
  const deleteError = actionData?.intent === 'delete' ? error : undefined;
  const items = t('account.delete.items', { returnObjects: true }) as string[];
  return (
    <div className="account">
      <Link to="/account" className="account__back">
        {t('account.back')}
      </Link>
      <h1 className="account__title">{t('account.delete.title')}</h1>
      <section className="account__panel" aria-labelledby="delete-what">
        <p className="account__lead">{t('account.delete.lead')}</p>
        <h2 id="delete-what" className="account__subtitle">
          {t('account.delete.what')}
        </h2>
        <ul className="delete-list">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>

        <div className="delete-box">
          <h2 className="account__subtitle">{t('account.delete.confirmTitle')}</h2>
          {hasPassword ? (
            <nav className="delete-methods" aria-label={t('account.delete.confirmTitle')}>
              <Link to="?by=password" replace preventScrollReset className="chip" aria-current={!byCode ? 'page' : undefined}>
                {t('account.delete.byPassword')}
              </Link>
              <Link to="?by=code" replace preventScrollReset className="chip" aria-current={byCode ? 'page' : undefined}>
                {t('account.delete.byCode')}
              </Link>
            </nav>
          ) : null}

          {byCode ? (
            <>
              <Form method="post" className="delete-code-request" preventScrollReset>
                <input type="hidden" name="intent" value="send-code" />
                {email ? (
                  <button type="submit" name="channel" value="email" className="btn btn--ghost" disabled={busy} data-testid="delete-send-email">
                    {t('account.delete.sendCodeEmail')}
                  </button>
                ) : null}
                {phone ? (
                  <button type="submit" name="channel" value="sms" className="btn btn--ghost" disabled={busy}>
                    {t('account.delete.sendCodeSms')}
                  </button>
                ) : null}
              </Form>
              {actionData?.sentTo ? (
                <p className="account__status" role="status">
                  {t('account.delete.codeSent', { to: actionData.sentTo })}
                </p>
              ) : null}
            </>
          ) : null}

          <Form method="post" className="account__form" noValidate preventScrollReset>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="method" value={byCode ? 'code' : 'password'} />
            {byCode ? (
              <FormField name="code" label={t('account.delete.code')} error={deleteError}>
                <input id="code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required {...invalidProps('code', deleteError)} />
              </FormField>
            ) : (
              <FormField name="password" label={t('account.delete.password')} error={deleteError}>
                <input id="password" name="password" type="password" autoComplete="current-password" required {...invalidProps('password', deleteError)} />
              </FormField>
            )}
            {actionData?.intent === 'send-code' && error ? (
              <p className="field__error" role="alert">
                {error}
              </p>
            ) : null}
            <div className="account__form-actions">
              <button type="submit" className="btn btn--danger btn--lg" disabled={busy} data-testid="delete-submit">
                {t('account.delete.submit')}
              </button>
              <Link to="/account" className="btn btn--ghost btn--lg">
                {t('account.delete.cancel')}
              </Link>
            </div>
          </Form>
        </div>
      </section>
    </div>
  );
}
