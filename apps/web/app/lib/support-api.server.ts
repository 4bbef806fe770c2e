import {
  API_KEY_HEADER, ApiPath, SESSION_COOKIE, SupportArticleSchema, SupportFaqSchema, SupportFeedbackResponseSchema, SupportHomeSchema,
  SupportSearchResponseSchema, SupportSectionSchema, SupportTicketCreatedSchema, SupportTicketListSchema, SupportTicketSchema,
} from '@ekran/contracts';
import type { ApiCall } from './api-call.server.ts';
import { env } from './env.server.ts';

/**
 * The help centre and support tickets, for loaders and actions. A ticket's form goes on as the browser sent it
 * (multipart/form-data with its images): the API reads and re-encodes the files.
 */
export function supportApi(call: ApiCall) {
  return {
    supportHome: () => call(SupportHomeSchema, ApiPath.supportHome),
    supportSection: (alias: string) => call(SupportSectionSchema, ApiPath.supportSection(alias)),
    supportArticle: (alias: string) => call(SupportArticleSchema, ApiPath.supportArticle(alias)),
    supportSearch: (q: string) => call(SupportSearchResponseSchema, ApiPath.supportSearch, { query: { q } }),
    supportFaq: () => call(SupportFaqSchema, ApiPath.supportFaq),
    supportVote: (alias: string, helpful: boolean) =>
      call(SupportFeedbackResponseSchema, ApiPath.supportArticleFeedback(alias), { method: 'POST', body: JSON.stringify({ helpful }) }),
    supportOpenTicket: (form: FormData) => call(SupportTicketCreatedSchema, ApiPath.supportTickets, { method: 'POST', body: form }),
    supportTickets: () => call(SupportTicketListSchema, ApiPath.supportTickets),
    supportTicket: (id: string) => call(SupportTicketSchema, ApiPath.supportTicket(id)),
    supportReply: (id: string, form: FormData) => call(SupportTicketSchema, ApiPath.supportTicketMessages(id), { method: 'POST', body: form }),
    supportGuestTicket: (token: string) => call(SupportTicketSchema, ApiPath.supportGuestTicket(token)),
    supportGuestReply: (token: string, form: FormData) => call(SupportTicketSchema, ApiPath.supportGuestMessages(token), { method: 'POST', body: form }),
  };
}

/**
 * An image of a ticket, passed through from the API as it answers (the bytes, their type, a 404): images are not JSON,
 * so this is a plain fetch with the visitor's session, not the typed client.
 */
export async function fetchSupportImage(path: string, token: string | null, ip: string | null): Promise<Response> {
  const headers = new Headers({ [API_KEY_HEADER]: env.WEB_API_KEY });
  if (token) headers.set('cookie', `${SESSION_COOKIE}=${token}`);
  if (ip) headers.set('x-forwarded-for', ip);
  const res = await fetch(new URL(path, env.API_URL), { headers, signal: AbortSignal.timeout(10_000) });
  if (!res.ok) return new Response(null, { status: res.status === 404 || res.status === 400 ? 404 : res.status });
  return new Response(res.body, {
    status: 200,
    headers: { 'content-type': res.headers.get('content-type') ?? 'application/octet-stream', 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' },
  });
}
