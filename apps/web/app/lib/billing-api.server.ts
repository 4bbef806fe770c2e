import {
  ApiPath, IDEMPOTENCY_HEADER, OrderSchema, PaymentHistorySchema, PaymentLinkSchema, PaymentMethodsSchema, TariffListSchema, type TariffsQuery,
} from '@ekran/contracts';
import { z } from 'zod';
import type { ApiCall } from './api-call.server.ts';

const json = (method: string, body: unknown, headers?: Record<string, string>) => ({ method, body: JSON.stringify(body), ...(headers ? { headers } : {}) });

/**
 * How long a charge may keep us waiting: longer than the API waits for the provider (15 s) and for a repeat's first
 * answer (20 s), so the API's own answer (processing, when the bank is silent) arrives instead of our timeout.
 */
export const CHARGE_TIMEOUT_MS = 40_000;

/**
 * The billing calls of the tariff page, the payment result pages, the account's subscriptions and
 * payment methods, and the payment history. The answers of recurrent, extend and card removal are not pinned by
 * the contracts beyond success, so they are read loosely and the pages reload what they show.
 */
export function billingApi(call: ApiCall) {
  return {
    /** spec platform §7 GET tariffs with its optional channel and experiment. */
    tariffsFor: (query: TariffsQuery) => call(TariffListSchema, ApiPath.tariffs, { query }),
    order: (id: string) => call(OrderSchema, ApiPath.order(id)),
    /** The payment host's page to bind another card (GET bind_card). */
    bindCard: (query: { return_to: 'web' | 'mobile'; back_url?: string }) => call(PaymentLinkSchema, ApiPath.bindCard, { query }),
    /** Turns the automatic renewal of a subscription off or back on (platform §4 Disable recurring subscription). */
    setRecurrent: (subscriptionId: string, enabled: boolean) => call(z.unknown(), ApiPath.recurrent, json('POST', { subscription_id: subscriptionId, enabled })),
    /** Pays a subscription in its billing window now (platform §4 Pending subscription extension); repeatable by key. */
    extendSubscription: (subscriptionId: string, idempotencyKey: string) =>
      call(OrderSchema, ApiPath.extendSubscription(subscriptionId), { ...json('POST', {}, { [IDEMPOTENCY_HEADER]: idempotencyKey }), signal: AbortSignal.timeout(CHARGE_TIMEOUT_MS) }),
    paymentMethods: () => call(PaymentMethodsSchema, ApiPath.paymentMethods),
    removePaymentMethod: (id: string) => call(z.unknown(), ApiPath.paymentMethod(id), { method: 'DELETE' }),
    paymentHistory: (query: { skip: number; limit: number }) => call(PaymentHistorySchema, ApiPath.paymentHistory, { query }),
  };
}
