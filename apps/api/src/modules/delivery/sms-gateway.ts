import { randomUUID } from 'node:crypto';
import { DeliveryError, type Delivery } from './message.ts';

/**
 * SMS through an HTTP gateway (SMS_DELIVERY=http). One call per message:
 *
 *   POST {SMS_GATEWAY_URL}
 *   Authorization: Bearer {SMS_GATEWAY_TOKEN}
 *   Content-Type: application/json
 *   {"id": "<uuid of this message>", "to": "+79991234567", "text": "…"}
 *
 * Any 2xx answer means the gateway took the message (its body is not read for meaning); any other status,
 * a network failure or no answer within SMS_GATEWAY_TIMEOUT_MS is a failure. `id` lets a gateway drop a
 * message it already has.
 */
export function createHttpSms(options: { url: string; token: string; timeoutMs: number }): Delivery {
  return {
    async send(message) {
      if (message.channel !== 'sms') throw new DeliveryError(`The SMS gateway carries SMS, not ${message.channel}`);
      let res: Response;
      try {
        res = await fetch(options.url, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ id: randomUUID(), to: message.to, text: message.text }),
          signal: AbortSignal.timeout(options.timeoutMs),
          // A redirect is a non-2xx answer like any other: the token is never sent on to another address.
          redirect: 'manual',
        });
      } catch (err) {
        const reason = (err as Error).name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : ((err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message);
        throw new DeliveryError(`SMS gateway unreachable: ${reason}`, { cause: err });
      }
      const body = await res.text().catch(() => '');
      if (!res.ok) throw new DeliveryError(`SMS gateway answered ${res.status}${body ? `: ${body.slice(0, 200)}` : ''}`);
    },
  };
}
