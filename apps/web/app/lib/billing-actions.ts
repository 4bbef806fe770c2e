import type { PaymentMethod } from '@ekran/contracts';
import type { BankLook } from './banks.ts';

// What /account/subscriptions answers its forms, shared by its action and the subscriptions panel.

/** A payment method with its bank's look, found on the server (the bank list stays out of the bundle). */
export type PaymentMethodView = PaymentMethod & { bank: BankLook };

export type BillingActionResult =
  | { intent: 'renewal'; ok: true; enabled: boolean; subscription_id: string }
  | { intent: 'renewal'; ok: false; subscription_id: string | null }
  | { intent: 'remove-card'; ok: boolean }
  | { intent: 'change-card'; ok: false };
