import type { Landing } from '@ekran/contracts';
import { LANDING_SLUG_PATTERN } from '@ekran/core';
import { data } from 'react-router';
import { z } from 'zod';
import { isNothingThere, type Api } from '../../lib/api.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { paymentRedirect } from '../../lib/payment-redirect.server.ts';
import type { Visitor } from '../../lib/session.server.ts';
import { offSiteRedirect, safeRedirect } from '../../lib/safe-redirect.ts';
import { notFound } from '../../lib/not-found.ts';

/** What the landing's button answers when it cannot go on: the offer is over, or the payment link failed. */
export type LandingActionAnswer = { error: 'ended' | 'payment-link' };

/** The landing of /pages/{slug} from the API; any slug the API does not know (or could not be one) is a 404. */
export async function loadLanding(api: Pick<Api, 'landing'>, slug: string | undefined): Promise<Landing> {
  if (!slug || !LANDING_SLUG_PATTERN.test(slug)) throw notFound();
  try {
    return await api.landing(slug);
  } catch (err) {
    if (isNothingThere(err)) throw notFound();
    throw err;
  }
}

/** Where the result page leads after paying on a landing: the title it is about, else the home page. */
export const landingBackUrl = (landing: Landing) => (landing.featured ? `/watch/${landing.featured.alias}` : '/');

/** The page's utm_*, each checked where it is passed on. */
const UtmForm = z.object({
  utm_source: z.string().optional(),
  utm_medium: z.string().optional(),
  utm_campaign: z.string().optional(),
  utm_content: z.string().optional(),
  utm_term: z.string().optional(),
});

/**
 * The landing's button for its tariff: spec platform §4 Tariff flow and Payment redirect, as everywhere else. The
 * landing is read again from the API (the browser names nothing but the page), so an offer that ended meanwhile
 * sells nothing (409). A visitor without an email or a phone (a virtual one) signs in first and comes back here;
 * a registered one goes on to the payment host for the landing's tariff (pb_special and unlisted discount tariffs
 * included: the API gives its payment link), with the page's utm_* passed on.
 */
export async function landingAction(request: Request, visitor: Pick<Visitor, 'api' | 'auth'>, slug: string | undefined) {
  const landing = await loadLanding(visitor.api, slug);
  if (landing.state !== 'active' || !landing.tariff) return data<LandingActionAnswer>({ error: 'ended' }, { status: 409 });
  const here = `/pages/${landing.slug}`;
  const { auth } = visitor;
  if (!auth || auth.virtual || (!auth.email && !auth.phone)) throw safeRedirect(`/auth?back=${encodeURIComponent(here)}`);
  const utm = await parseForm(request, UtmForm);
  const result = await paymentRedirect(visitor.api, {
    tariffUrl: landing.tariff.url,
    cookies: request.headers.get('cookie'),
    // Tracking never stops a purchase: a form that does not parse passes none.
    utm: utm.success ? utm.data : {},
    back: landingBackUrl(landing),
  });
  if ('error' in result) return data<LandingActionAnswer>({ error: 'payment-link' }, { status: 502 });
  throw offSiteRedirect(result.url, { headers: { 'Set-Cookie': result.cookie } });
}
