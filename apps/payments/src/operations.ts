// What the payment host does with money: checkouts, payments, saved cards, recurring charges, refunds,
// and the notification each one sends (the payment host protocol). Every function runs inside one
// store change, so a transaction and its notification are recorded together or not at all.
import { randomBytes, randomUUID } from 'node:crypto';
import { CARD_TYPE_NAMES, isCardExpiryValid } from '@ekran/core';
import { enqueueNotification } from './notifier.ts';
import type { CardSnapshot, Checkout, SavedCard, State, Transaction } from './store.ts';
import { paymentOutcome, recurringOutcome, type CardBehaviour, type DeclineReason, type Outcome } from './test-cards.ts';

/** A trial (bind_only) checks the card with 1.00 RUB and refunds it at once. */
export const BIND_AMOUNT = 1;
/** How long a checkout waits for the card holder. */
export const CHECKOUT_TTL_MS = 30 * 60 * 1000;
/**
 * Declined tries a checkout takes before its decline is final and the browser goes back to the shop. As a
 * provider's widget does, the card holder stays on the form after a decline, sees the reason and may type the card
 * again or another one; the shop hears of every try (a Declined notification each) but sees its page again only
 * with a final outcome.
 */
export const MAX_CARD_TRIES = 3;

/** A bad request to the server-to-server API (answered 400 {error}). */
export class BadRequest extends Error {}

const toMinor = (amount: number) => Math.round(amount * 100);
const fromMinor = (minor: number) => minor / 100;

/** The amount a checkout charges. */
export function chargedAmount(checkout: Checkout): number {
  return checkout.bind_only ? BIND_AMOUNT : checkout.amount;
}

export function isExpired(checkout: Checkout, now: Date): boolean {
  return (checkout.status === 'pending' || checkout.status === 'awaiting_3ds') && now.getTime() > Date.parse(checkout.expires_at);
}

/** What the API sends to open a checkout: the checkout's own fields before the host adds its state. */
export type CheckoutInput = Pick<
  Checkout,
  'invoice_id' | 'account_id' | 'amount' | 'currency' | 'description' | 'email' | 'recurrent' | 'bind_only' | 'success_url' | 'fail_url'
>;

export function createCheckout(draft: State, input: CheckoutInput, now: Date): Checkout {
  const checkout: Checkout = {
    id: randomUUID(),
    ...input,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + CHECKOUT_TTL_MS).toISOString(),
    status: 'pending',
    reason: null,
    card: null,
    pending_behaviour: null,
    transaction_id: null,
    finished_at: null,
  };
  draft.checkouts[checkout.id] = checkout;
  return checkout;
}

/** Parks a checkout until the card holder enters the 3-D Secure code. */
export function awaitThreeDs(draft: State, checkoutId: string, card: CardSnapshot, behaviour: CardBehaviour): void {
  const checkout = draft.checkouts[checkoutId]!;
  checkout.status = 'awaiting_3ds';
  checkout.card = card;
  checkout.pending_behaviour = behaviour;
}

function newTransaction(draft: State, fields: Omit<Transaction, 'id' | 'refunded_minor' | 'created_at'>, now: Date): Transaction {
  const tx: Transaction = { id: `tx_${randomUUID()}`, refunded_minor: 0, created_at: now.toISOString(), ...fields };
  draft.transactions[tx.id] = tx;
  return tx;
}

function cardFields(card: CardSnapshot | null) {
  return {
    CardFirstSix: card?.first6 ?? null,
    CardLastFour: card?.last4 ?? null,
    CardType: card ? CARD_TYPE_NAMES[card.brand] : null,
    CardExpDate: card?.exp ?? null,
  };
}

/** The protocol's notification body of a transaction (SentAt is added when it is signed). */
function notificationOf(tx: Transaction): Record<string, unknown> {
  return {
    TransactionId: tx.id,
    RefundOf: tx.refund_of,
    InvoiceId: tx.invoice_id,
    AccountId: tx.account_id,
    Amount: tx.amount,
    Currency: tx.currency,
    OperationType: tx.kind === 'payment' ? 'Payment' : 'Refund',
    Status: tx.status === 'succeeded' ? 'Completed' : 'Declined',
    Reason: tx.reason,
    Token: tx.kind === 'payment' && tx.status === 'succeeded' ? tx.token : null,
    ...cardFields(tx.card),
    DateTime: tx.created_at,
  };
}

function refund(draft: State, payment: Transaction, amount: number, now: Date): Transaction {
  payment.refunded_minor += toMinor(amount);
  const tx = newTransaction(
    draft,
    {
      kind: 'refund',
      invoice_id: payment.invoice_id,
      account_id: payment.account_id,
      amount,
      currency: payment.currency,
      status: 'succeeded',
      reason: null,
      refund_of: payment.id,
      card: payment.card,
      token: null,
    },
    now,
  );
  enqueueNotification(draft, notificationOf(tx), now);
  return tx;
}

function saveCard(draft: State, accountId: string, card: CardSnapshot, behaviour: CardBehaviour, now: Date): string {
  // An opaque random token: it says nothing about the card and cannot be guessed.
  const token = `tk_${randomBytes(18).toString('base64url')}`;
  const saved: SavedCard = { token, account_id: accountId, card, behaviour, created_at: now.toISOString() };
  draft.cards[token] = saved;
  return token;
}

/**
 * Settles a checkout with the card holder's card: records the payment, saves the card when asked (recurrent
 * or bind_only), notifies, and for bind_only refunds the 1.00 at once. Returns the settled checkout.
 */
export function finishCheckout(draft: State, checkoutId: string, card: CardSnapshot, behaviour: CardBehaviour, outcome: Outcome, now: Date): Checkout {
  const checkout = draft.checkouts[checkoutId]!;
  const payment = recordPayment(draft, checkout, card, behaviour, outcome, now);
  Object.assign(checkout, {
    status: outcome.status,
    reason: outcome.reason,
    card,
    pending_behaviour: null,
    transaction_id: payment.id,
    finished_at: now.toISOString(),
    last_decline: null,
  } satisfies Partial<Checkout>);
  return checkout;
}

/**
 * A try of the card holder's card: a success settles the checkout; a decline with tries left is recorded and
 * notified like any decline, but the checkout stays open (pending) with the reason for the form to show; the
 * last allowed decline settles it as declined. Returns the checkout.
 */
export function tryCard(draft: State, checkoutId: string, card: CardSnapshot, behaviour: CardBehaviour, outcome: Outcome, now: Date): Checkout {
  const checkout = draft.checkouts[checkoutId]!;
  const declines = (checkout.declines ?? 0) + (outcome.status === 'declined' ? 1 : 0);
  if (outcome.status === 'succeeded' || declines >= MAX_CARD_TRIES) {
    checkout.declines = declines;
    return finishCheckout(draft, checkoutId, card, behaviour, outcome, now);
  }
  recordPayment(draft, checkout, card, behaviour, outcome, now);
  Object.assign(checkout, {
    status: 'pending',
    card: null,
    pending_behaviour: null,
    declines,
    last_decline: { reason: outcome.reason, card },
  } satisfies Partial<Checkout>);
  return checkout;
}

/** Records a payment of the card holder (saving the card when asked) and its notification; a trial's check is refunded at once. */
function recordPayment(draft: State, checkout: Checkout, card: CardSnapshot, behaviour: CardBehaviour, outcome: Outcome, now: Date): Transaction {
  const saves = outcome.status === 'succeeded' && (checkout.recurrent || checkout.bind_only);
  const payment = newTransaction(
    draft,
    {
      kind: 'payment',
      invoice_id: checkout.invoice_id,
      account_id: checkout.account_id,
      amount: chargedAmount(checkout),
      currency: checkout.currency,
      status: outcome.status,
      reason: outcome.reason,
      refund_of: null,
      card,
      token: saves ? saveCard(draft, checkout.account_id, card, behaviour, now) : null,
    },
    now,
  );
  enqueueNotification(draft, notificationOf(payment), now);
  if (checkout.bind_only && outcome.status === 'succeeded') refund(draft, payment, payment.amount, now);
  return payment;
}

/** The outcome of a card holder's payment with a card of this behaviour. */
export function holderOutcome(behaviour: CardBehaviour): Outcome {
  return paymentOutcome(behaviour);
}

export interface ChargeInput {
  invoice_id: string;
  account_id: string;
  token: string;
  amount: number;
  currency: string;
  description: string;
}

export interface ChargeAnswer {
  transaction_id: string;
  status: 'succeeded' | 'declined';
  reason: DeclineReason | null;
}

/** A recurring charge of a saved card: follows its test card (5105… is declined), an expired card is declined. */
export function charge(draft: State, input: ChargeInput, now: Date): ChargeAnswer {
  const saved = draft.cards[input.token];
  if (!saved) throw new BadRequest('unknown token');
  if (saved.account_id !== input.account_id) throw new BadRequest('the token belongs to another account');
  const outcome: Outcome = isCardExpiryValid(saved.card.exp, now) ? recurringOutcome(saved.behaviour) : { status: 'declined', reason: 'expired_card' };
  const tx = newTransaction(
    draft,
    {
      kind: 'payment',
      invoice_id: input.invoice_id,
      account_id: input.account_id,
      amount: input.amount,
      currency: input.currency,
      status: outcome.status,
      reason: outcome.reason,
      refund_of: null,
      card: saved.card,
      token: saved.token,
    },
    now,
  );
  enqueueNotification(draft, notificationOf(tx), now);
  return { transaction_id: tx.id, status: tx.status, reason: tx.reason };
}

/** Refunds (part of) a succeeded payment; never more than what is left of it. */
export function refundPayment(draft: State, input: { transaction_id: string; amount: number }, now: Date): { transaction_id: string; status: 'succeeded' } {
  const payment = draft.transactions[input.transaction_id];
  if (!payment || payment.kind !== 'payment') throw new BadRequest('unknown transaction');
  if (payment.status !== 'succeeded') throw new BadRequest('only a succeeded payment can be refunded');
  const left = toMinor(payment.amount) - payment.refunded_minor;
  if (toMinor(input.amount) > left) throw new BadRequest(`the amount exceeds what is left to refund (${fromMinor(left).toFixed(2)})`);
  const tx = refund(draft, payment, input.amount, now);
  return { transaction_id: tx.id, status: 'succeeded' };
}
