import { AuthDataSchema, OperatorApiPath, OperatorMlkResultSchema, OperatorSubscriptionSchema } from '@ekran/contracts';
import { z } from 'zod';
import type { ApiCall } from './api-call.server.ts';

/** The mobile-operator (МегаФон) customer's calls. */
export function operatorApi(call: ApiCall) {
  return {
    operatorCode: (msisdn: string) => call(z.null(), OperatorApiPath.code, { method: 'POST', body: JSON.stringify({ msisdn }) }),
    operatorVerify: (msisdn: string, code: string) => call(AuthDataSchema, OperatorApiPath.verify, { method: 'POST', body: JSON.stringify({ msisdn, code }) }),
    operatorSubscription: () => call(OperatorSubscriptionSchema, OperatorApiPath.subscription),
    operatorConnect: () => call(OperatorSubscriptionSchema, OperatorApiPath.connect, { method: 'POST' }),
    operatorPopupSeen: (popup: 'got_money' | 'info' | 'no_app') => call(z.null(), OperatorApiPath.popupSeen, { method: 'POST', body: JSON.stringify({ popup }) }),
    operatorMlk: (msisdn: string, suspend: boolean) => call(OperatorMlkResultSchema, OperatorApiPath.mlk, { query: { msisdn, suspend: suspend ? '1' : '0' } }),
  };
}
