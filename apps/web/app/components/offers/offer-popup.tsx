import type { Offer } from '@ekran/contracts';
import { formatPrice } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { perPeriod, tariffPriceText, trialDaysOf } from '../../lib/billing-view.ts';
import { Modal } from '../ui/modal.tsx';
import './offers.css';

const dayFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'Europe/Moscow' });

/** What an offer costs, in the words of the tariff cards: «149 ₽ за месяц, затем 499 ₽ в месяц» (a trial first when the viewer has one). */
export function offerPriceText(offer: Offer, trialAvailable: boolean, t: (key: string, o?: Record<string, unknown>) => string): string | null {
  const { tariff } = offer;
  if (!tariff) return offer.promo_code ? t('landings.promoCode', { code: offer.promo_code }) : null;
  const trial = trialDaysOf(tariff, trialAvailable);
  if (trial) return t('landings.trialThen', { days: t('card.days', { count: trial }), price: `${formatPrice(tariff.price, tariff.currency)} ${perPeriod(tariff.duration_days)}` });
  return tariffPriceText(tariff, offer.next_tariff ? [tariff, offer.next_tariff] : [tariff]);
}

/**
 * The body of an offer (the subscription offer, the play-grand popup, the upsell's welcome present): its picture,
 * text, price and «until», its button and «Не сейчас». Shared by the shell's popup and the subscriptions popup's
 * offer screen.
 */
export function OfferBody({
  offer, trialAvailable, busy, error, onAccept, onLater, laterText,
}: {
  offer: Offer;
  trialAvailable: boolean;
  busy: boolean;
  error: 'failed' | 'not-running' | null;
  onAccept: () => void;
  onLater: () => void;
  laterText?: string;
}) {
  const { t } = useTranslation();
  const price = offerPriceText(offer, trialAvailable, t);
  const until = offer.ends_at ? dayFormat.format(new Date(new Date(offer.ends_at).getTime() - 1)) : null;
  return (
    <div className={`offer-popup offer-popup--${offer.kind}`}>
      {offer.image ? <img className="offer-popup__image" src={offer.image} alt="" width={320} height={200} decoding="async" /> : null}
      <p className="offer-popup__text">{offer.text}</p>
      {price ? (
        <p className="offer-popup__price" data-testid="offer-price">
          {price}
        </p>
      ) : null}
      {until ? <p className="offer-popup__until">{t('offers.until', { date: until })}</p> : null}
      {error ? (
        <p className="offer-popup__error" role="alert">
          {error === 'not-running' ? t('offers.notRunning') : `${t('gating.errorTitle')}. ${t('gating.errorText')}`}
        </p>
      ) : null}
      <div className="modal__actions offer-popup__actions">
        <button type="button" className="btn btn--ghost" onClick={onLater} data-testid="offer-later">
          {laterText ?? t('offers.later')}
        </button>
        <button type="button" className="btn btn--primary" onClick={onAccept} disabled={busy} aria-busy={busy} data-testid="offer-cta">
          {busy ? t('gating.paying') : offer.cta_text}
        </button>
      </div>
      {offer.landing && offer.kind !== 'play_grand' ? (
        <p className="offer-popup__more">
          <Link to={`/pages/${offer.landing}`} onClick={onLater}>
            {t('offers.more')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** The shell's marketing popup: one offer record in the site's dialog (focus trap, Escape, aria). */
export function OfferPopup(props: Omit<Parameters<typeof OfferBody>[0], 'onLater'> & { onClose: () => void }) {
  const { offer, onClose, ...rest } = props;
  return (
    <Modal onClose={onClose} title={offer.title} size="sm" testId="offer-popup" focus="dialog">
      <div data-kind={offer.kind}>
        <OfferBody offer={offer} onLater={onClose} {...rest} />
      </div>
    </Modal>
  );
}
