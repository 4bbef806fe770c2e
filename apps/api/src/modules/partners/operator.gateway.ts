import { DAY_MS } from '@ekran/core';
import { randomUUID } from 'node:crypto';

/**
 * The mobile operator's side of an operator subscription (spec platform §1, §6 Operator customer). The real
 * МегаФон partner APIs are not public, so only this interface and an in-process sandbox exist; a real adapter
 * implements connect() against the operator and sends its state changes to the notification endpoint
 * (operator.routes.ts), signed with OPERATOR_NOTIFY_SECRET.
 */
export interface OperatorGateway {
  readonly name: string;
  /**
   * Asks the operator to bill the msisdn for the service from now. Resolves with the operator's id of the
   * subscription and the end of the first billed period; rejects with OperatorRefusal when the operator says no.
   */
  connect(msisdn: string, now: Date): Promise<{ externalId: string; expiresAt: Date }>;
}

/** The operator refused to connect: the number is not its subscriber, or the balance cannot pay. */
export class OperatorRefusal extends Error {
  constructor(readonly reason: 'not_subscriber' | 'no_money') {
    super(`operator refused: ${reason}`);
    this.name = 'OperatorRefusal';
  }
}

/** The operator bills for 30 days at a time (our reading: a monthly charge on the phone balance). */
export const OPERATOR_PERIOD_DAYS = 30;

/**
 * The alias of the tariff the operator sells (made by migration 0016, not on sale here); its
 * max_streams is the operator customer's stream limit. Another operator product would be another tariff.
 */
export const OPERATOR_TARIFF_ALIAS = 'megafon';

/**
 * The sandbox operator: every Russian mobile number is its subscriber except those ending in 0000 (not the
 * operator's), and those ending in 9999 have no money to pay for the first period. Suspend and resume come
 * from the development route or signed notifications, as they would from the operator.
 */
export function createSandboxOperatorGateway(): OperatorGateway {
  return {
    name: 'sandbox',
    async connect(msisdn, now) {
      if (msisdn.endsWith('0000')) throw new OperatorRefusal('not_subscriber');
      if (msisdn.endsWith('9999')) throw new OperatorRefusal('no_money');
      return { externalId: `sandbox-${randomUUID()}`, expiresAt: new Date(now.getTime() + OPERATOR_PERIOD_DAYS * DAY_MS) };
    },
  };
}
