// The sandbox's test cards (the payment host protocol): what each one does on the hosted page and on
// recurring charges. Saved cards keep only the behaviour, never the number.
import { cardDigits } from '@ekran/core';

/** How a card behaves; a Luhn-valid number that is not a test card is declined (do_not_honor). */
export type CardBehaviour = 'succeeds' | 'three_ds' | 'insufficient_funds' | 'expired_card' | 'recurring_declined' | 'slow_bank' | 'unknown';

/** Decline reasons of the protocol. */
export type DeclineReason = 'insufficient_funds' | 'do_not_honor' | 'expired_card' | '3ds_failed' | 'stolen_card';

export interface TestCard {
  number: string;
  brand: 'Visa' | 'MasterCard' | 'Mir';
  behaviour: CardBehaviour;
  /** What the hosted page says it does. */
  note: string;
}

/** The published test cards, in the protocol's order. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'Visa', behaviour: 'succeeds', note: 'оплата проходит' },
  { number: '2200000000000004', brand: 'Mir', behaviour: 'succeeds', note: 'оплата проходит' },
  { number: '5555555555554444', brand: 'MasterCard', behaviour: 'three_ds', note: 'запросит 3-D Secure, код 1234' },
  { number: '4000000000000002', brand: 'Visa', behaviour: 'insufficient_funds', note: 'отказ: недостаточно средств' },
  { number: '4000000000000069', brand: 'Visa', behaviour: 'expired_card', note: 'отказ: срок действия карты истёк' },
  { number: '5105105105105100', brand: 'MasterCard', behaviour: 'recurring_declined', note: 'оплата проходит, автосписания отклоняются' },
  { number: '4000000000000259', brand: 'Visa', behaviour: 'slow_bank', note: 'оплата проходит, банк отвечает на автосписания с задержкой' },
];

/** The 3-D Secure confirmation code the sandbox accepts. */
export const THREE_DS_CODE = '1234';

/** The behaviour of a typed card number. */
export function behaviourOf(number: string): CardBehaviour {
  const digits = cardDigits(number);
  return TEST_CARDS.find((c) => c.number === digits)?.behaviour ?? 'unknown';
}

export type Outcome = { status: 'succeeded'; reason: null } | { status: 'declined'; reason: DeclineReason };

const succeeded: Outcome = { status: 'succeeded', reason: null };
const declined = (reason: DeclineReason): Outcome => ({ status: 'declined', reason });

/** A payment with the card holder present (after 3-D Secure, when the card asks for it). */
export function paymentOutcome(behaviour: CardBehaviour): Outcome {
  switch (behaviour) {
    case 'succeeds':
    case 'three_ds':
    case 'recurring_declined':
    case 'slow_bank':
      return succeeded;
    case 'insufficient_funds':
      return declined('insufficient_funds');
    case 'expired_card':
      return declined('expired_card');
    case 'unknown':
      return declined('do_not_honor');
  }
}

/** A recurring charge of a saved card (no card holder present): 5105… is declined for insufficient funds. */
export function recurringOutcome(behaviour: CardBehaviour): Outcome {
  if (behaviour === 'recurring_declined') return declined('insufficient_funds');
  return paymentOutcome(behaviour);
}

/** Russian texts of the decline reasons, for the result page. */
export const REASON_TEXTS: Record<DeclineReason, string> = {
  insufficient_funds: 'Недостаточно средств на карте.',
  do_not_honor: 'Банк отклонил платёж. В песочнице принимаются только тестовые карты.',
  expired_card: 'Срок действия карты истёк.',
  '3ds_failed': 'Платёж не подтверждён: неверный код 3-D Secure.',
  stolen_card: 'Карта заблокирована банком.',
};
