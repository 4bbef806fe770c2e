import { data } from 'react-router';
import { z } from 'zod';
import { ApiCallError } from '../../lib/api.server.ts';
import { env } from '../../lib/env.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/extend-subscription';
import type { ExtendAnswer } from '../../lib/resource-answers.ts';

export type { ExtendAnswer } from '../../lib/resource-answers.ts';

const FormSchema = z.object({ subscription_id: z.uuid(), key: z.uuid() });
const OrderQuerySchema = z.object({ order: z.string().regex(/^[\w-]{1,64}$/) });

/**
 * GET ?order=: where an extension the bank had not answered stands now (a read, so asking again never pays). A
 * settled order answers as the extension itself would have.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, auth } = context.get(visitorContext);
  if (!auth || auth.virtual) return data<ExtendAnswer>({ error: 'auth' }, { status: 401 });
  const parsed = OrderQuerySchema.safeParse({ order: new URL(request.url).searchParams.get('order') });
  if (!parsed.success) return data<ExtendAnswer>({ error: 'bad-request' }, { status: 400 });
  try {
    const order = await api.order(parsed.data.order);
    if (order.status === 'succeeded' || order.status === 'pending' || order.status === 'processing') return data<ExtendAnswer>({ status: order.status, order_id: order._id });
    return data<ExtendAnswer>({ status: 'failed', reason: order.failure_reason });
  } catch (err) {
    if (!(err instanceof ApiCallError)) throw err;
    if (err.status === 401 || err.status === 403) return data<ExtendAnswer>({ error: 'auth' }, { status: err.status });
    if (err.status === 404) return data<ExtendAnswer>({ error: 'bad-request' }, { status: 404 });
    return data<ExtendAnswer>({ error: 'failed' }, { status: 502 });
  }
}

/**
 * spec platform §4 Pending subscription extension, §8 «Не смогли продлить подписку»: POST extend with the
 * banner's Idempotency-Key (made once per banner, so a double click or a retry after a lost answer pays once).
 * Without a bound card the API answers a pending order with the payment host's page; the browser goes there.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, auth } = context.get(visitorContext);
  if (!auth || auth.virtual) return data<ExtendAnswer>({ error: 'auth' }, { status: 401 });
  const parsed = await parseForm(request, FormSchema);
  if (!parsed.success) return data<ExtendAnswer>({ error: 'bad-request' }, { status: 400 });
  try {
    const order = await api.extendSubscription(parsed.data.subscription_id, parsed.data.key);
    if (order.status === 'succeeded') return data<ExtendAnswer>({ status: 'succeeded', order_id: order._id });
    if (order.status === 'pending' && order.payment_url) {
      const target = new URL(order.payment_url);
      if (target.protocol !== 'https:' && target.protocol !== 'http:') return data<ExtendAnswer>({ error: 'failed' }, { status: 502 });
      target.searchParams.set('client_key', env.WEB_API_KEY);
      return data<ExtendAnswer>({ status: 'redirect', url: target.toString() });
    }
    if (order.status === 'pending' || order.status === 'processing') return data<ExtendAnswer>({ status: order.status, order_id: order._id });
    return data<ExtendAnswer>({ status: 'failed', reason: order.failure_reason });
  } catch (err) {
    // Our own wait ran out: the charge may be under way. The banner keeps its key, so asking again finds that order.
    if (err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError')) return data<ExtendAnswer>({ status: 'processing', order_id: null });
    if (!(err instanceof ApiCallError)) throw err;
    if (err.status === 401 || err.status === 403) return data<ExtendAnswer>({ error: 'auth' }, { status: err.status });
    if (err.status === 400 || err.status === 404 || err.status === 409) return data<ExtendAnswer>({ error: 'bad-request' }, { status: err.status });
    return data<ExtendAnswer>({ error: 'failed' }, { status: 502 });
  }
}
