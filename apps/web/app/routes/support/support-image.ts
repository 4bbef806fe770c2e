import { ApiPath } from '@ekran/contracts';
import { CLIENT_IP_HEADER } from '../../lib/api.server.ts';
import { notFound } from '../../lib/not-found.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { fetchSupportImage } from '../../lib/support-api.server.ts';
import type { Route } from './+types/support-image';

const UUID = /^[0-9a-f-]{36}$/;
const TOKEN = /^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/;

/**
 * An image of a ticket on the site's own origin: /account/support/{ticketId}/images/{id} (the account's session) and
 * /support/ticket/{token}/images/{id} (the guest's private link). The API decides who may see it; another visitor
 * gets a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { token } = context.get(visitorContext);
  const { attachmentId, ticketId, guestToken } = params;
  if (!UUID.test(attachmentId)) throw notFound();
  const ip = request.headers.get(CLIENT_IP_HEADER);
  if (guestToken !== undefined) {
    if (!TOKEN.test(guestToken)) throw notFound();
    return fetchSupportImage(ApiPath.supportGuestAttachment(guestToken, attachmentId), null, ip);
  }
  if (!ticketId || !UUID.test(ticketId)) throw notFound();
  return fetchSupportImage(ApiPath.supportTicketAttachment(ticketId, attachmentId), token, ip);
}
