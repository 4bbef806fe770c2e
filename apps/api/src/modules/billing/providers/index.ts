import type { Env } from '../../../env.ts';
import { createCloudPaymentsProvider } from './cloudpayments.ts';
import { createSandboxProvider } from './sandbox.ts';
import type { PaymentProvider } from './types.ts';

export * from './types.ts';

/** The providers billing knows: the one new checkouts go to (active) and every one whose notifications are accepted. */
export interface PaymentProviders {
  active: PaymentProvider;
  byName(name: string): PaymentProvider | undefined;
}

/** A registry of the given providers; the first is the active one. */
export function paymentProviders(...list: [PaymentProvider, ...PaymentProvider[]]): PaymentProviders {
  const map = new Map(list.map((p) => [p.name, p]));
  return { active: list[0], byName: (name) => map.get(name) };
}

/** The providers the settings configure (PAYMENTS_PROVIDER picks the active one). */
export function providersFromEnv(env: Env): PaymentProviders {
  const sandbox = createSandboxProvider({
    apiUrl: env.PAYMENTS_API_URL, publicId: env.PAYMENTS_PUBLIC_ID, secret: env.PAYMENTS_API_SECRET, replayWindowSeconds: env.PAYMENTS_REPLAY_WINDOW_SECONDS,
    ...(env.PAYMENTS_TIMEOUT_MS ? { timeoutMs: env.PAYMENTS_TIMEOUT_MS } : {}),
  });
  if (env.PAYMENTS_PROVIDER === 'cloudpayments' && env.CLOUDPAYMENTS_PUBLIC_ID && env.CLOUDPAYMENTS_API_SECRET) {
    // Only the active provider's notifications are accepted in production: the sandbox is not a real payment.
    return paymentProviders(createCloudPaymentsProvider({
      publicId: env.CLOUDPAYMENTS_PUBLIC_ID, apiSecret: env.CLOUDPAYMENTS_API_SECRET, ...(env.PAYMENTS_TIMEOUT_MS ? { timeoutMs: env.PAYMENTS_TIMEOUT_MS } : {}),
    }));
  }
  return paymentProviders(sandbox);
}
