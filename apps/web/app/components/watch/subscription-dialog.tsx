import type { Offer as OfferRecord, Tariff, UpgradeOption } from '@ekran/contracts';
import { DEFAULT_TRIAL_DAYS, formatPrice, pickFlowTariff } from '@ekran/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link, useNavigate } from 'react-router';
import { acceptOffer, reportOffer } from '../offers/offer-client.ts';
import { OfferBody } from '../offers/offer-popup.tsx';
import { trialDaysOf } from '../../lib/billing-view.ts';
import { Modal } from '../ui/modal.tsx';
import { cachedTariffs, loadTariffs } from './playback-client.ts';
import type { PlaybackViewer } from '../../lib/playback-types.ts';

/** What the popup offers: the tariff flow's tariff (platform §4: weight 0 with allow_trial). */
export interface Offer {
  price: number;
  currency: string;
  durationDays: number;
  /** Trial days, or null when there is no trial for this viewer. */
  trialDays: number | null;
  /** Simultaneous streams of the tariff, when known. */
  maxStreams: number | null;
}

/**
 * The offer of the tariff the flow will open: from the tariff list (cached per page session), else from the
 * check's upgrade options (the trial one first). A trial shows only while the viewer has not used one.
 */
export function offerOf(tariffs: readonly Tariff[] | null, options: readonly UpgradeOption[], trialAvailable: boolean): Offer | null {
  const tariff = pickFlowTariff(tariffs);
  if (tariff) {
    const days = tariff.trial_period_duration.days > 0 ? tariff.trial_period_duration.days : DEFAULT_TRIAL_DAYS;
    return { price: tariff.price, currency: tariff.currency, durationDays: tariff.duration_days, trialDays: tariff.allow_trial && trialAvailable ? days : null, maxStreams: tariff.max_streams };
  }
  const option = options.find((o) => o.allow_trial) ?? options[0];
  if (!option) return null;
  const days = option.trial_days > 0 ? option.trial_days : DEFAULT_TRIAL_DAYS;
  return { price: option.price, currency: option.currency, durationDays: option.duration_days, trialDays: option.allow_trial && trialAvailable ? days : null, maxStreams: null };
}

/** The tariffs of the page session, loaded when a component needs them. */
export function useTariffs() {
  const [tariffs, setTariffs] = useState<Tariff[] | null>(cachedTariffs);
  useEffect(() => {
    if (tariffs) return;
    let live = true;
    void loadTariffs().then((list) => {
      if (live && list) setTariffs(list);
    });
    return () => {
      live = false;
    };
  }, [tariffs]);
  return tariffs;
}

/**
 * spec platform §4 Playback gating step 3, the subscription popup: what the subscription gives, the trial with
 * the price after it (platform §5 price format), and the way on: the tariff flow, or /auth first for a virtual
 * visitor (who comes back to the title).
 */
export function SubscriptionDialog({
  viewer,
  options,
  authHref,
  paying,
  onSubscribe,
  onClose,
  offer,
  back = '/',
}: {
  viewer: Pick<PlaybackViewer, 'virtual' | 'trial_is_available'>;
  options: readonly UpgradeOption[];
  authHref: string;
  paying: boolean;
  onSubscribe: () => void;
  onClose: () => void;
  /** The offer the popup opens with (spec platform §4 Offers), when one applies. */
  offer?: OfferRecord | null;
  /** Where the offer's payment or sign-in comes back to (the page the viewer pressed play on). */
  back?: string;
}) {
  // What the button promised: the tariff flow's tariff and its trial (the title page seeded the tariffs).
  const [first] = useState(() => firstScreen(offer ?? null, offerOf(cachedTariffs(), options, viewer.trial_is_available)?.trialDays ?? null, viewer.trial_is_available));
  const [screen, setScreen] = useState<'offer' | 'tariffs'>(first);
  if (offer && screen === 'offer') {
    return (
      <SubscriptionOfferScreen
        offer={offer} trialAvailable={viewer.trial_is_available} back={back} onOthers={() => setScreen('tariffs')}
        othersText={first === 'tariffs' ? 'offers.backToTrial' : 'offers.otherOptions'} onClose={onClose}
      />
    );
  }
  return (
    <SubscriptionTariffScreen viewer={viewer} options={options} authHref={authHref} paying={paying} onSubscribe={onSubscribe} onClose={onClose} otherOffer={offer ?? null} onOtherOffer={() => setScreen('offer')} />
  );
}

/**
 * The screen the subscriptions popup opens on. What the title page's button promised opens first: a button that
 * says «Смотреть 7 дней бесплатно» (the tariff flow's weight-0 tariff with its trial, spec platform §4 Tariff flow)
 * opens the trial, with a running offer (§4 Offers: "the subscriptions popup may open with an offer screen") one step
 * further; the offer opens first when no trial was promised, or when the offer itself begins with the trial.
 */
export function firstScreen(offer: Pick<OfferRecord, 'tariff'> | null, promisedTrialDays: number | null, trialAvailable: boolean): 'offer' | 'tariffs' {
  if (!offer) return 'tariffs';
  if (!promisedTrialDays) return 'offer';
  return offer.tariff && trialDaysOf(offer.tariff, trialAvailable) ? 'offer' : 'tariffs';
}

/**
 * The subscriptions popup's offer screen (spec platform §4 Offers: "the subscriptions popup may
 * open with an offer screen"): the offer's picture, text and price, its button (the same accept as the shell's
 * popup: recorded, the from-offer and redirect flags, the payment redirect), and «Другие варианты» to the
 * regular screen. Its show is recorded; closing the popup here records the offer closed.
 */
function SubscriptionOfferScreen({
  offer, trialAvailable, back, onOthers, othersText, onClose,
}: { offer: OfferRecord; trialAvailable: boolean; back: string; onOthers: () => void; othersText: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<'failed' | 'not-running' | null>(null);
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (reported.current === offer._id) return;
    reported.current = offer._id;
    void reportOffer('shown', offer, 'subscriptions');
  }, [offer]);
  const close = () => {
    void reportOffer('closed', offer, 'subscriptions');
    onClose();
  };
  const accept = async () => {
    setBusy(true);
    setError(null);
    const result = await acceptOffer(offer, 'subscriptions', back, (to) => {
      onClose();
      void navigate(to);
    });
    setBusy(false);
    if (result !== 'done') setError(result);
  };
  return (
    <Modal onClose={close} title={offer.title} testId="subscription-dialog">
      <div data-testid="subscription-offer-screen" data-kind={offer.kind}>
        <OfferBody offer={offer} trialAvailable={trialAvailable} busy={busy} error={error} onAccept={() => void accept()} onLater={onOthers} laterText={t(othersText)} />
      </div>
    </Modal>
  );
}

/** The regular screen: what the subscription gives, the trial, and the tariff flow (or /auth first). */
function SubscriptionTariffScreen({
  viewer,
  options,
  authHref,
  paying,
  onSubscribe,
  onClose,
  otherOffer,
  onOtherOffer,
}: {
  viewer: Pick<PlaybackViewer, 'virtual' | 'trial_is_available'>;
  options: readonly UpgradeOption[];
  authHref: string;
  paying: boolean;
  onSubscribe: () => void;
  onClose: () => void;
  /** A running offer this screen leads to (when the trial came first). */
  otherOffer: OfferRecord | null;
  onOtherOffer: () => void;
}) {
  const { t } = useTranslation();
  const tariffs = useTariffs();
  const offer = offerOf(tariffs, options, viewer.trial_is_available);
  const period = offer ? t('card.days', { count: offer.durationDays }) : '';
  const price = offer ? formatPrice(offer.price, offer.currency) : '';
  const trial = offer?.trialDays ? t('card.days', { count: offer.trialDays }) : null;
  const cta = trial ? t('gating.playTrial', { days: trial }) : t('gating.subscribe');
  return (
    <Modal onClose={onClose} title={t('gating.subscriptionTitle')} lead={t('gating.subscriptionLead')} testId="subscription-dialog">
      <ul className="offer__benefits">
        <li>{t('gating.benefitCatalog')}</li>
        <li>{t('gating.benefitDevices')}</li>
        {offer?.maxStreams ? <li>{t('gating.benefitStreams', { count: offer.maxStreams })}</li> : null}
        <li>{t('gating.benefitKids')}</li>
      </ul>
      {offer ? (
        <p className="offer__price" data-testid="subscription-offer">
          {trial ? t('gating.offerTrial', { days: trial, price, period }) : t('gating.offerPrice', { price, period })}
        </p>
      ) : null}
      {viewer.virtual ? <p className="offer__note">{t('gating.signInFirst')}</p> : null}
      <div className="modal__actions offer__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('gating.later')}
        </button>
        {viewer.virtual ? (
          <Link className="btn btn--primary" to={authHref} onClick={onClose} data-testid="subscription-cta">
            {cta}
          </Link>
        ) : (
          <button type="button" className="btn btn--primary" onClick={onSubscribe} disabled={paying} aria-busy={paying} data-testid="subscription-cta">
            {paying ? t('gating.paying') : cta}
          </button>
        )}
      </div>
      <p className="offer__fine">{t('gating.cancelAnytime')}</p>
      {otherOffer ? (
        <p className="offer__fine">
          <button type="button" className="offer-popup__switch" onClick={onOtherOffer} data-testid="subscription-other-offer">
            {t('offers.alsoOffer', { title: otherOffer.title })}
          </button>
        </p>
      ) : null}
    </Modal>
  );
}
