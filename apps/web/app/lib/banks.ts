import type { PaymentMethod } from '@ekran/contracts';
import CardInfo from 'card-info';
import { STORE_NAMES } from './billing-view.ts';

/** Where the bank logos of card-info are served from our own origin (routes/resources/bank-logo.ts). */
export const BANK_LOGOS_PATH = '/banks-logos/';

/** spec platform §3: "Default card background is dark slate." */
export const DEFAULT_CARD_BACKGROUND = 'linear-gradient(135deg, #2f3a4c, #1c2330)';
const DEFAULT_TEXT = '#eef0f5';

/** How a payment method's card is drawn: the bank's name, logo and colours, or the dark slate default. */
export interface BankLook {
  name: string | null;
  /** A path on our site, never another host. */
  logo: string | null;
  background: string;
  text: string;
}

// Wallets and the operator are known by the payment type, not by digits (spec platform §3: "The bank is found by
// payment type or by the first 6 card digits"). Their colours are the services' own.
const BY_TYPE: Readonly<Partial<Record<PaymentMethod['type'], Omit<BankLook, 'logo'>>>> = {
  card_googlepay: { name: 'Google Pay', background: 'linear-gradient(135deg, #3c4043, #202124)', text: DEFAULT_TEXT },
  card_cloudpayments_applepay: { name: 'Apple Pay', background: 'linear-gradient(135deg, #3a3a3c, #000000)', text: DEFAULT_TEXT },
  megafon_payment: { name: 'МегаФон', background: 'linear-gradient(135deg, #00b956, #00833d)', text: '#ffffff' },
};

/**
 * The bank of a payment method: by its type, else by the first 6 digits through card-info (a maintained list of
 * Russian banks with prefixes, logos and colours), else the dark slate default. Run on the server: the bank list
 * stays out of the browser's bundle.
 */
export function bankOf(method: Pick<PaymentMethod, 'type' | 'card_bin'>): BankLook {
  const byType = BY_TYPE[method.type];
  if (byType) return { ...byType, logo: null };
  const store = STORE_NAMES[method.type];
  if (store) return { name: store, logo: null, background: DEFAULT_CARD_BACKGROUND, text: DEFAULT_TEXT };
  const bin = method.card_bin?.replace(/\D/g, '') ?? '';
  if (bin.length >= 6) {
    const info = new CardInfo(bin.slice(0, 6), { banksLogosPath: BANK_LOGOS_PATH, preferredExt: 'svg' });
    if (info.bankAlias) return { name: info.bankName, logo: info.bankLogo, background: info.backgroundGradient, text: info.textColor };
  }
  return { name: null, logo: null, background: DEFAULT_CARD_BACKGROUND, text: DEFAULT_TEXT };
}
