import type { AccountDevice, AccountPerson, NotifySubscription } from '@ekran/contracts';
import { formatPhone } from '@ekran/core';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { data, Form, Link, NavLink, useNavigation } from 'react-router';
import { z } from 'zod';
import { FormField, invalidProps } from '../../components/account/form-field.tsx';
import { DeviceList } from '../../components/devices/device-list.tsx';
import { deviceTitle } from '../../components/devices/format.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { env } from '../../lib/env.server.ts';
import { parseFormData } from '../../lib/form.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { visitorContext } from '../../lib/session.server.ts';
import '../../styles/account.css';
import type { Route } from './+types/account';
import { changeCard, loadSubscriptions, removeCard, setRenewal } from './billing.server.ts';
import { SubscriptionsPanel } from '../../components/billing/subscriptions-panel.tsx';
import '../../styles/billing.css';
import { removeDevice, requireRegistered, savePerson, sectionOf, setNotification, todayInMoscow, type PersonErrorKey } from './account.server.ts';
import { notFound } from '../../lib/not-found.ts';
import type { SupportTicketList } from '@ekran/contracts';
import { SupportTickets } from '../../components/support/support-tickets.tsx';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { openTicket } from '../support/support.server.ts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const section = sectionOf(params.type);
  if (!section) throw notFound();
  const { auth, api } = context.get(visitorContext);
  requireRegistered(auth, request);
  switch (section) {
    case 'main':
      return { section, person: await api.person(), today: todayInMoscow() };
    case 'devices':
      return { section, devices: await api.devices() };
    case 'subscriptions':
      // With the payment methods, and the clock the billing window and the trial hint are read by
      return { section, ...(await loadSubscriptions(api)) };
    case 'notifications':
      return { section, notifications: (await api.notifications()).data.items };
    case 'support':
      // The account's tickets (a child profile has none to see: tickets are account matters, spec platform §6)
      return { section, support: { email: env.SUPPORT_EMAIL, phone: env.SUPPORT_PHONE }, accountId: auth!._id, tickets: auth!.profile_for_child ? null : await api.supportTickets() };
  }
}

/** The forms of the sections; each handler reads its own fields. */
const AccountIntentForm = z.object({ intent: z.enum(['person', 'remove-device', 'notify', 'renewal', 'remove-card', 'change-card', 'ticket']) });

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, api } = context.get(visitorContext);
  requireRegistered(auth, request);
  const form = await request.formData();
  const parsed = parseFormData(form, AccountIntentForm);
  if (!parsed.success) throw data(null, { status: 400 });
  switch (parsed.data.intent) {
    case 'person':
      return savePerson(api, form, todayInMoscow());
    case 'remove-device':
      return removeDevice(api, form);
    case 'notify':
      return setNotification(api, form);
    // ---- Renewal on/off, removing and changing the card
    case 'renewal':
      return setRenewal(api, form);
    case 'remove-card':
      return removeCard(api, form);
    case 'change-card':
      return changeCard(api);
    // ---- A new support ticket: its thread on success, else the form's errors here, inside the account
    case 'ticket': {
      const result = await openTicket(api, form, false);
      if (!result.ok) return { intent: 'ticket' as const, errors: result.errors, values: result.values };
      throw safeRedirect(`/account/support/${result.created.ticket.id}`, 303);
    }
  }
}

export function meta() {
  return [{ title: `${tFor('ru')('account.title')} — ${tFor('ru')('brand')}` }, { name: 'robots', content: 'noindex' }];
}

const NAV = [
  { key: 'main', to: '/account' },
  { key: 'devices', to: '/account/devices' },
  { key: 'subscriptions', to: '/account/subscriptions' },
  { key: 'notifications', to: '/account/notifications' },
  { key: 'support', to: '/account/support' },
] as const;

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    // On a phone the sections are a row of tabs that scrolls sideways: keep the open one in view.
    const active = nav.current?.querySelector<HTMLElement>('.active');
    if (nav.current && active) nav.current.scrollLeft = active.offsetLeft - (nav.current.clientWidth - active.offsetWidth) / 2;
  }, [loaderData.section]);
  return (
    <div className="account">
      <h1 className="account__title">{t('account.title')}</h1>
      <div className="account__layout">
        <nav ref={nav} className="account__nav" aria-label={t('account.sections')}>
          <ul>
            {NAV.map((item) => (
              <li key={item.key}>
                <NavLink to={item.to} end className="account__tab" preventScrollReset>
                  {t(`account.nav.${item.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <section className="account__panel" aria-labelledby="account-section">
          <h2 id="account-section" className="account__section-title">
            {t(`account.nav.${loaderData.section}`)}
          </h2>
          {loaderData.section === 'main' ? (
            <MainSection person={loaderData.person} today={loaderData.today} result={actionData && 'intent' in actionData && actionData.intent === 'person' ? actionData : undefined} />
          ) : null}
          {loaderData.section === 'devices' ? <DevicesSection devices={loaderData.devices.items} limit={loaderData.devices.limit} /> : null}
          {loaderData.section === 'subscriptions' ? <SubscriptionsPanel subscriptions={loaderData.subscriptions} methods={loaderData.methods} now={loaderData.now} /> : null}
          {loaderData.section === 'notifications' ? (
            <NotificationsSection items={loaderData.notifications} result={actionData && 'intent' in actionData && actionData.intent === 'notify' ? actionData : undefined} />
          ) : null}
          {loaderData.section === 'support' ? (
            <SupportSection
              support={loaderData.support}
              accountId={loaderData.accountId}
              tickets={loaderData.tickets}
              failed={actionData && 'intent' in actionData && actionData.intent === 'ticket' ? actionData : undefined}
            />
          ) : null}
        </section>
      </div>
    </div>
  );
}

type PersonResult = { saved: boolean; values: { name: string; birthday: string; gender: string }; errors: Partial<Record<'name' | 'birthday' | 'gender' | 'form', PersonErrorKey>> };

function MainSection({ person, today, result }: { person: AccountPerson; today: string; result: PersonResult | undefined }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const values = result && !result.saved ? result.values : { name: person.name ?? '', birthday: person.birthday ?? '', gender: person.gender ?? '' };
  const errors = result?.errors ?? {};
  const errorText = (key: PersonErrorKey | undefined) => (key ? t(`account.errors.${key}`) : undefined);
  return (
    <>
      <p className="account__lead">{t('account.main.lead')}</p>
      <Form method="post" className="account__form" noValidate preventScrollReset>
        <input type="hidden" name="intent" value="person" />
        {errors.form ? (
          <p className="form-error" role="alert">
            {t(`account.errors.${errors.form}`)}
          </p>
        ) : null}
        <FormField name="name" label={t('account.main.name')} error={errorText(errors.name)}>
          <input id="name" name="name" defaultValue={values.name} maxLength={60} autoComplete="given-name" placeholder={t('account.main.namePlaceholder')} {...invalidProps('name', errors.name)} />
        </FormField>
        <FormField name="birthday" label={t('account.main.birthday')} error={errorText(errors.birthday)}>
          <input id="birthday" name="birthday" type="date" min="1900-01-01" max={today} defaultValue={values.birthday} autoComplete="bday" {...invalidProps('birthday', errors.birthday)} />
        </FormField>
        <fieldset className="account__choice" aria-describedby={errors.gender ? 'gender-error' : undefined}>
          <legend>{t('account.main.gender')}</legend>
          {(['', 'female', 'male'] as const).map((g) => (
            <label key={g || 'none'} className="chip-radio">
              <input type="radio" name="gender" value={g} defaultChecked={values.gender === g} />
              <span>{g ? t(`account.main.${g}`) : t('account.main.genderNone')}</span>
            </label>
          ))}
          {errors.gender ? (
            <p className="field__error" id="gender-error" role="alert">
              {t(`account.errors.${errors.gender}`)}
            </p>
          ) : null}
        </fieldset>
        <div className="account__form-actions">
          <button type="submit" className="btn btn--primary" disabled={busy} data-testid="person-save">
            {t('account.main.save')}
          </button>
          {result?.saved ? (
            <span className="account__saved" role="status">
              {t('account.main.saved')}
            </span>
          ) : null}
        </div>
      </Form>

      <h3 className="account__subtitle">{t('account.main.contacts')}</h3>
      <dl className="account__contacts">
        <div>
          <dt>{t('account.main.email')}</dt>
          <dd>
            {person.email ? (
              <>
                <span className="account__value">{person.email}</span>
                <span className={`pill ${person.email_confirmed ? 'pill--ok' : 'pill--warn'}`}>
                  {person.email_confirmed ? t('account.main.emailConfirmed') : t('account.main.emailUnconfirmed')}
                </span>
                {person.email_confirmed ? null : (
                  <Link to="/signup/confirm?back=/account" className="account__link">
                    {t('account.main.confirmEmail')}
                  </Link>
                )}
              </>
            ) : (
              <>
                <span className="account__value account__value--empty">{t('account.main.noneEmail')}</span>
                <Link to="/signup?back=/account" className="account__link">
                  {t('account.main.addEmail')}
                </Link>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('account.main.phone')}</dt>
          <dd>
            {person.phone ? (
              <span className="account__value" data-testid="account-phone">
                {formatPhone(person.phone)}
              </span>
            ) : (
              <>
                <span className="account__value account__value--empty">{t('account.main.none')}</span>
                <Link to="/auth?back=/account" className="account__link">
                  {t('account.main.addPhone')}
                </Link>
              </>
            )}
          </dd>
        </div>
      </dl>

      <div className="account__danger">
        <div>
          <h3 className="account__subtitle">{t('account.main.dangerTitle')}</h3>
          <p>{t('account.main.dangerLead')}</p>
        </div>
        <div className="account__danger-actions">
          <Link to="/account/google_delete" className="btn btn--danger" data-testid="to-delete">
            {t('account.main.toDelete')}
          </Link>
        </div>
      </div>
    </>
  );
}

function DevicesSection({ devices, limit }: { devices: AccountDevice[]; limit: number | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [confirming, setConfirming] = useState<AccountDevice | null>(null);
  const removing = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'remove-device';
  return (
    <>
      {limit ? <p className="account__lead">{t('account.devices.lead', { count: limit })}</p> : null}
      {limit ? (
        <p className="account__meter" data-testid="device-count">
          {t('account.devices.count', { count: devices.length, limit })}
        </p>
      ) : null}
      <DeviceList
        devices={devices}
        showFirstSeen
        action={(d) =>
          d.is_current ? (
            // This device leaves the account by signing out here.
            <Link to="/logout" className="btn btn--ghost btn--sm">
              {t('auth.signOut')}
            </Link>
          ) : (
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setConfirming(d)} data-testid="device-remove">
              {t('devices.remove')}
            </button>
          )
        }
      />
      <p className="account__hint">{t('account.devices.hint')}</p>
      <p className="account__hint">{t('account.devices.currentHint')}</p>
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        focus="dialog"
        title={t('devices.remove')}
        lead={confirming ? t('devices.removeConfirm', { name: deviceTitle(confirming, t) }) : ''}
        testId="device-remove-dialog"
      >
        <Form method="post" className="modal__actions" preventScrollReset onSubmit={() => setConfirming(null)}>
          <input type="hidden" name="intent" value="remove-device" />
          <input type="hidden" name="device_id" value={confirming?.id ?? ''} />
          <button type="button" className="btn btn--ghost" onClick={() => setConfirming(null)}>
            {t('devices.cancel')}
          </button>
          <button type="submit" className="btn btn--danger" disabled={removing} data-testid="device-remove-confirm">
            {t('devices.remove')}
          </button>
        </Form>
      </Modal>
    </>
  );
}

type NotifyResult = { channel: string | null; error: 'generic' | 'rateLimited' | 'noDestination' | null };

function NotificationsSection({ items, result }: { items: NotifySubscription[]; result: NotifyResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pendingChannel = navigation.state !== 'idle' ? navigation.formData?.get('channel') : null;
  return (
    <>
      <p className="account__lead">{t('account.notifications.lead')}</p>
      <ul className="notify">
        {items.map((item) => {
          const on = item.status !== 'off';
          const hint =
            item.status === 'pending'
              ? t('account.notifications.pendingHint', { email: item.destination })
              : !item.available
                ? t(item.channel === 'email' ? 'account.notifications.needsEmail' : 'account.notifications.needsPhone')
                : item.channel === 'push'
                  ? t('account.notifications.pushHint')
                  : item.destination;
          return (
            <li key={item.channel} className="notify__row" data-testid={`notify-${item.channel}`}>
              <div className="notify__body">
                <p className="notify__title">
                  {t(`account.notifications.${item.channel}`)}
                  <span className={`pill ${item.status === 'active' ? 'pill--ok' : item.status === 'pending' ? 'pill--warn' : 'pill--muted'}`}>
                    {t(`account.notifications.${item.status === 'active' ? 'on' : item.status}`)}
                  </span>
                </p>
                {hint ? <p className="notify__hint">{hint}</p> : null}
                {result?.channel === item.channel && result.error ? (
                  <p className="field__error" role="alert">
                    {t(result.error === 'noDestination' ? 'account.notifications.noDestination' : `account.errors.${result.error}`)}
                  </p>
                ) : null}
                {item.status === 'pending' ? (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="notify" />
                    <input type="hidden" name="channel" value={item.channel} />
                    <input type="hidden" name="subscribed" value="true" />
                    <button type="submit" className="account__link account__link--button">
                      {t('account.notifications.resend')}
                    </button>
                  </Form>
                ) : null}
              </div>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="notify" />
                <input type="hidden" name="channel" value={item.channel} />
                <input type="hidden" name="subscribed" value={on ? 'false' : 'true'} />
                <button
                  type="submit"
                  role="switch"
                  aria-checked={on}
                  aria-label={`${t(`account.notifications.${item.channel}`)}: ${on ? t('account.notifications.turnOff') : t('account.notifications.turnOn')}`}
                  className={`switch${on ? ' switch--on' : ''}`}
                  disabled={!item.available || pendingChannel === item.channel}
                  data-testid={`notify-toggle-${item.channel}`}
                >
                  <span className="switch__thumb" />
                </button>
              </Form>
            </li>
          );
        })}
      </ul>
    </>
  );
}

function SupportSection({
  support, accountId, tickets, failed,
}: { support: { email: string; phone: string }; accountId: string; tickets: SupportTicketList | null; failed?: ComponentProps<typeof SupportTickets>['failed'] }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="account__lead">{t('account.support.lead')}</p>
      {tickets ? <SupportTickets tickets={tickets} failed={failed} /> : <p className="form-error">{t('support.form.kidsBlocked')}</p>}
      <dl className="account__contacts">
        <div>
          <dt>{t('account.support.email')}</dt>
          <dd>
            <a href={`mailto:${support.email}`} className="account__link">
              {support.email}
            </a>
          </dd>
        </div>
        <div>
          <dt>{t('account.support.phone')}</dt>
          <dd>
            <a href={`tel:${support.phone.replace(/^8/, '+7')}`} className="account__link">
              {formatPhone(support.phone)}
            </a>
            {/^(\+?7|8)800/.test(support.phone) ? <span className="account__note">{t('account.support.phoneNote')}</span> : null}
          </dd>
        </div>
        <div>
          <dt>{t('account.support.hours')}</dt>
          <dd>{t('account.support.hoursValue')}</dd>
        </div>
      </dl>
      <div className="account__faq">
        <p>{t('account.support.faqLead')}</p>
        <Link to="/faq" className="btn btn--ghost">
          {t('account.support.faq')}
        </Link>
      </div>
      <p className="account__hint">{t('account.support.accountId', { id: accountId })}</p>
    </>
  );
}
