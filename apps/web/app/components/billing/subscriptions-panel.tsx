import type { AccountSubscription } from '@ekran/contracts';
import { formatPrice, trialHint } from '@ekran/core';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Form, Link, useFetcher } from 'react-router';
import { cardBrand, cardExpire, isLive, isStoreToken, maskCard, needsExtension, rateStepsText, STORE_NAMES } from '../../lib/billing-view.ts';
import type { BillingActionResult, PaymentMethodView } from '../../lib/billing-actions.ts';
import { formatDate } from '../devices/format.ts';
import { Modal } from '../ui/modal.tsx';
import { ExtendButton } from './extend-button.tsx';

/**
 * /account/subscriptions: each subscription as the pending subscription of spec platform §3
 * (tariff, status, paid or trial until, the next charge, the billing window), the card it is charged to, the
 * «Отключить автопродление» flow, and the account's payment methods.
 */
export function SubscriptionsPanel({ subscriptions, methods, now }: { subscriptions: AccountSubscription[]; methods: PaymentMethodView[] | null; now: number }) {
  const { t } = useTranslation();
  return (
    <>
      {subscriptions.length === 0 ? (
        <div className="account__empty">
          <p>{t('account.subscriptions.empty')}</p>
          <Link to="/tariffs" className="btn btn--primary">
            {t('account.subscriptions.toTariffs')}
          </Link>
        </div>
      ) : (
        <>
          <p className="account__lead">{t('account.subscriptions.lead')}</p>
          <ul className="subs">
            {subscriptions.map((s) => (
              <SubscriptionCard key={s._id} sub={s} card={methods?.find((m) => m.id === s.payment_method_id) ?? null} now={now} />
            ))}
          </ul>
        </>
      )}
      <h3 className="account__subtitle">{t('billing.methods.title')}</h3>
      <PaymentMethods methods={methods} />
      <p>
        <Link to="/payment_history" className="account__link" data-testid="to-history">
          {t('billing.methods.history')}
        </Link>
      </p>
    </>
  );
}

export function SubscriptionCard({ sub, card, now }: { sub: AccountSubscription; card: PaymentMethodView | null; now: number }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatDate(iso, i18n.language);
  const live = isLive(sub);
  const extension = needsExtension(sub, now);
  const hint = sub.status === 'trial' ? trialHint((Date.parse(sub.expiration) - now) / 1000) : null;
  const masked = card ? maskCard(card.card_number) : null;
  // Only partners the texts know are named; another one reads as any subscription bought elsewhere.
  const partner = sub.partner && i18n.exists(`billing.subs.via.${sub.partner}`) ? sub.partner : null;
  // A promo code's free days: activated here, nothing to pay or manage; it simply ends (the card's own view).
  if (sub.source === 'promo') return <PromoSubscriptionCard sub={sub} live={live} />;
  return (
    <li className={`sub${live ? ' sub--live' : ''}`} data-testid="subscription">
      <div className="sub__head">
        <p className="sub__title">
          {sub.tariff.title}
          {/* A partner's subscription (the operator's) says whose it is. */}
          {partner ? <span className="sub__via" data-testid="sub-via"> {t(`billing.subs.via.${partner}`)}</span> : null}
        </p>
        <span className={`pill ${sub.status === 'grace' ? 'pill--warn' : live ? 'pill--ok' : 'pill--muted'}`}>{t(`billing.subs.status.${sub.status}`)}</span>
      </div>
      <div className="pending-sub__lines">
        {sub.tariff_info.rate_steps.length > 0 ? <p className="sub__price">{t('billing.subs.steps', { steps: rateStepsText(sub.tariff_info.rate_steps) })}</p> : null}
        <p data-testid="sub-until">
          {!live
            ? t('billing.subs.endedOn', { date: date(sub.expiration) })
            : sub.status === 'trial'
              ? t('billing.subs.trialUntil', { date: date(sub.expiration) })
              : t('billing.subs.paidUntil', { date: date(sub.expiration) })}
        </p>
        {hint ? (
          <p className="pending-sub__window" data-testid="sub-trial-hint">
            {t('billing.trialHint.account', { left: hint.text })}
          </p>
        ) : null}
        {live && sub.next_charge ? (
          <p data-testid="sub-next">{t('billing.subs.nextCharge', { price: formatPrice(sub.next_charge.amount, sub.next_charge.currency), date: date(sub.next_charge.at) })}</p>
        ) : null}
        {live && !sub.reccurent && sub.manageable ? <p data-testid="sub-renewal-off">{t('billing.subs.renewalOff', { date: date(sub.expiration) })}</p> : null}
        {extension && sub.billing_expire ? (
          <p className="pending-sub__window" data-testid="sub-window">
            {t('billing.subs.billingWindow', { date: date(sub.billing_expire) })}
          </p>
        ) : null}
        {/* With renewal off nothing more is charged: naming the card then would contradict «Автопродление отключено». */}
        {masked && sub.reccurent ? <p className="sub__meta">{t('billing.subs.chargedTo', { card: masked })}</p> : null}
        {!sub.manageable && live ? <p className="sub__meta">{t(partner ? `billing.subs.partnerNote.${partner}` : 'billing.subs.notManageable')}</p> : null}
      </div>
      {sub.manageable && live ? (
        <div className="pending-sub__actions">
          {extension ? <ExtendButton subscriptionId={sub._id} /> : null}
          {sub.reccurent ? <DisableRenewal sub={sub} /> : <EnableRenewal sub={sub} />}
        </div>
      ) : null}
    </li>
  );
}

/**
 * A subscription a promo code granted (source promo, catalogue §8 activation): where it came from (the code), no
 * price and no renewal to manage, until when it lasts and what happens then (it ends; nothing is charged).
 */
function PromoSubscriptionCard({ sub, live }: { sub: AccountSubscription; live: boolean }) {
  const { t, i18n } = useTranslation();
  const until = formatDate(sub.expiration, i18n.language);
  return (
    <li className={`sub${live ? ' sub--live' : ''}`} data-testid="subscription" data-source="promo">
      <div className="sub__head">
        <p className="sub__title">{sub.tariff.title}</p>
        <span className={`pill ${live ? 'pill--ok' : 'pill--muted'}`}>{t(`billing.subs.status.${sub.status}`)}</span>
      </div>
      <div className="pending-sub__lines">
        <p className="sub__price" data-testid="sub-source">
          {sub.promo_code ? t('billing.subs.promo.source', { code: sub.promo_code }) : t('billing.subs.promo.sourceNoCode')}
        </p>
        <p data-testid="sub-until">{live ? t('billing.subs.promo.until', { date: until }) : t('billing.subs.endedOn', { date: until })}</p>
        {live ? (
          <p className="sub__meta" data-testid="sub-after">
            {t('billing.subs.promo.after', { date: until })}
          </p>
        ) : null}
      </div>
      {live ? (
        <div className="pending-sub__actions">
          <Link to="/tariffs" className="btn btn--ghost btn--sm" data-testid="sub-to-tariffs">
            {t('billing.subs.promo.toTariffs')}
          </Link>
        </div>
      ) : null}
    </li>
  );
}

/** The steps of spec platform §4 Disable recurring subscription: "Steps cycle 0, 1, 2 then back to 0." */
export type DisableStep = 0 | 1 | 2;

/**
 * Step 0: the card shows the button; step 1: «Вы уверены?» with what the viewer loses and an offer to stay; step 2:
 * the confirmation that renewal is off until the date; closing it goes back to 0.
 */
export function DisableRenewal({ sub }: { sub: Pick<AccountSubscription, '_id' | 'expiration'> }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<BillingActionResult>();
  const [step, setStep] = useState<DisableStep>(0);
  const [seen, setSeen] = useState(fetcher.data);
  // The answer of «Отключить» moves the flow on (adjusted while rendering, not in an effect).
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    if (fetcher.data?.intent === 'renewal' && fetcher.data.ok && !fetcher.data.enabled && step === 1) setStep(2);
  }
  const failed = fetcher.state === 'idle' && fetcher.data?.intent === 'renewal' && !fetcher.data.ok;
  const busy = fetcher.state !== 'idle';
  const until = formatDate(sub.expiration, i18n.language);
  return (
    <>
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => setStep(1)} data-testid="renewal-disable">
        {t('billing.subs.disable')}
      </button>
      <Modal open={step === 1} onClose={() => setStep(0)} focus="dialog" title={t('billing.subs.confirmTitle')} lead={t('billing.subs.confirmLead', { date: until })} testId="renewal-confirm">
        <ul className="offer__benefits">
          <li>{t('billing.subs.lose1')}</li>
          <li>{t('billing.subs.lose2')}</li>
          <li>{t('billing.subs.lose3')}</li>
        </ul>
        <p className="offer__note">{t('billing.subs.stayOffer')}</p>
        {failed ? (
          <p className="form-error" role="alert">
            {t('billing.subs.failed')}
          </p>
        ) : null}
        <fetcher.Form method="post" className="modal__actions" preventScrollReset>
          <input type="hidden" name="intent" value="renewal" />
          <input type="hidden" name="subscription_id" value={sub._id} />
          <input type="hidden" name="enabled" value="false" />
          <button type="submit" className="btn btn--ghost" disabled={busy} data-testid="renewal-confirm-off">
            {t('billing.subs.confirmDisable')}
          </button>
          <button type="button" className="btn btn--primary" onClick={() => setStep(0)} data-testid="renewal-stay">
            {t('billing.subs.stay')}
          </button>
        </fetcher.Form>
      </Modal>
      <Modal open={step === 2} onClose={() => setStep(0)} focus="dialog" title={t('billing.subs.doneTitle')} lead={t('billing.subs.doneLead', { date: until })} testId="renewal-done">
        <div className="modal__actions">
          <button type="button" className="btn btn--primary" onClick={() => setStep(0)} data-testid="renewal-done-ok">
            {t('billing.subs.done')}
          </button>
        </div>
      </Modal>
    </>
  );
}

function EnableRenewal({ sub }: { sub: Pick<AccountSubscription, '_id'> }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<BillingActionResult>();
  const failed = fetcher.state === 'idle' && fetcher.data?.intent === 'renewal' && !fetcher.data.ok;
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="renewal" />
      <input type="hidden" name="subscription_id" value={sub._id} />
      <input type="hidden" name="enabled" value="true" />
      <button type="submit" className="btn btn--primary btn--sm" disabled={fetcher.state !== 'idle'} data-testid="renewal-enable">
        {t('billing.subs.enable')}
      </button>
      {failed ? (
        <span className="field__error" role="alert">
          {t('billing.subs.failed')}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

/** spec platform §3 Payment method: brand, «•••• 1234», MM/YY, the bank's logo and colour; store tokens by name. */
export function PaymentMethods({ methods }: { methods: PaymentMethodView[] | null }) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<PaymentMethodView | null>(null);
  const remover = useFetcher<BillingActionResult>();
  if (methods === null) return <p className="account__hint">{t('billing.methods.loadFailed')}</p>;
  if (methods.length === 0) return <p className="account__hint" data-testid="methods-empty">{t('billing.methods.empty')}</p>;
  return (
    <>
      <ul className="pay-methods">
        {methods.map((m) => (
          <li key={m.id}>
            <PaymentCard method={m} />
            {m.can_cancel || m.can_change ? (
              <div className="pay-card__actions">
                {m.can_change ? (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="change-card" />
                    <button type="submit" className="btn btn--ghost btn--sm" data-testid="card-change">
                      {t('billing.methods.change')}
                    </button>
                  </Form>
                ) : null}
                {m.can_cancel ? (
                  <button type="button" className="btn btn--ghost btn--sm" onClick={() => setRemoving(m)} data-testid="card-remove">
                    {t('billing.methods.remove')}
                  </button>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        focus="dialog"
        title={t('billing.methods.remove')}
        lead={t('billing.methods.removeConfirm', { card: maskCard(removing?.card_number) ?? '' })}
        testId="card-remove-dialog"
      >
        <remover.Form method="post" className="modal__actions" preventScrollReset onSubmit={() => setRemoving(null)}>
          <input type="hidden" name="intent" value="remove-card" />
          <input type="hidden" name="payment_method_id" value={removing?.id ?? ''} />
          <button type="button" className="btn btn--ghost" onClick={() => setRemoving(null)}>
            {t('billing.methods.cancel')}
          </button>
          <button type="submit" className="btn btn--danger" data-testid="card-remove-confirm">
            {t('billing.methods.remove')}
          </button>
        </remover.Form>
      </Modal>
    </>
  );
}

const BRAND_NAMES: Record<string, string> = { mir: 'МИР', visa: 'VISA', mastercard: 'Mastercard', unionpay: 'UnionPay', jcb: 'JCB', amex: 'AmEx' };

export function PaymentCard({ method }: { method: PaymentMethodView }) {
  const { t } = useTranslation();
  const store = STORE_NAMES[method.type];
  const brand = cardBrand(method.brand, method.card_bin ?? method.card_number);
  const number = maskCard(method.card_number);
  const expire = cardExpire(method.card_expire);
  return (
    <div className="pay-card" style={{ background: method.bank.background, color: method.bank.text }} data-testid="pay-card">
      <div className="pay-card__top">
        {method.bank.logo ? (
          <img className="pay-card__logo" src={method.bank.logo} alt={method.bank.name ?? ''} loading="lazy" />
        ) : (
          <span className="pay-card__bank">{method.bank.name ?? t('billing.methods.card')}</span>
        )}
        {brand && !isStoreToken(method.type) ? <span className="pay-card__brand">{BRAND_NAMES[brand]}</span> : null}
      </div>
      {store ? (
        <div>
          <p className="pay-card__bank">{t('billing.methods.store', { store })}</p>
          <p className="pay-card__note">{t('billing.methods.storeNote', { store })}</p>
        </div>
      ) : (
        <div className="pay-card__bottom">
          <span className="pay-card__number">{number}</span>
          {expire ? <span data-testid="card-expire">{expire}</span> : null}
        </div>
      )}
    </div>
  );
}
