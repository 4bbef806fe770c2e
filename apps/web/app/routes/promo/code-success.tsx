import { ApiPath } from '@ekran/contracts';
import { formatPrice, gaClientId, isUuid } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { data, Form, Link } from 'react-router';
import { z } from 'zod';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { ApiCallError } from '../../lib/api.server.ts';
import { env } from '../../lib/env.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { readCookie, visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/code-success';
import { requireRegistered } from './promo.server.ts';
import './promo.css';
import { offSiteRedirect, safeRedirect } from '../../lib/safe-redirect.ts';

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' });
const text = (v: string | null) => (v && v.length <= 200 ? v : null);

export type SuccessView =
  | { kind: 'subscription'; campaign: string | null; tariff: string; until: string; extended: boolean }
  | { kind: 'discount'; campaign: string | null; tariff: string; tariffId: string; price: string };

/** What the query of /code/success (made by the code form's action) says was activated; null when it is not one. */
export function successViewOf(params: URLSearchParams): SuccessView | null {
  const campaign = text(params.get('campaign'));
  const tariff = text(params.get('tariff'));
  if (!tariff) return null;
  const discount = params.get('discount');
  if (discount) {
    const price = Number(params.get('price'));
    const currency = params.get('currency') ?? 'RUB';
    if (!isUuid(discount) || !Number.isFinite(price) || !/^[A-Z]{3}$/.test(currency)) return null;
    return { kind: 'discount', campaign, tariff, tariffId: discount, price: formatPrice(price, currency) };
  }
  const until = new Date(params.get('until') ?? '');
  if (Number.isNaN(until.getTime())) return null;
  return { kind: 'subscription', campaign, tariff, until: dateFormat.format(until), extended: params.get('extended') === '1' };
}

/** spec platform §2 /code/success: what was activated and until when, «Смотреть» to the home page. */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  requireRegistered(context.get(visitorContext).auth, `${url.pathname}${url.search}`);
  const view = successViewOf(url.searchParams);
  // Opened without an activation behind it: there is nothing to show, the code page is where to start.
  if (!view) throw safeRedirect('/code');
  return { view };
}

const TariffForm = z.object({ tariff_id: z.string().refine(isUuid) });

/**
 * A discount code's tariff: its payment link (spec platform §4 Payment redirect), then the payment host with
 * client_key. The tariff is named by id and its link is built here, so the browser names no URL.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, auth } = context.get(visitorContext);
  requireRegistered(auth, '/code');
  const parsed = await parseForm(request, TariffForm);
  if (!parsed.success) return data({ error: true }, { status: 400 });
  const tariffId = parsed.data.tariff_id;
  try {
    const link = await api.paymentLink(ApiPath.tariffPayment(tariffId), { ga_id: gaClientId(readCookie(request.headers.get('cookie'), '_ga')) ?? undefined });
    const target = new URL(link.url);
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return data({ error: true }, { status: 502 });
    target.searchParams.set('client_key', env.WEB_API_KEY);
    return offSiteRedirect(target);
  } catch (err) {
    if (!(err instanceof ApiCallError) && !(err instanceof TypeError)) throw err;
    return data({ error: true }, { status: 502 });
  }
}

export function meta() {
  return [{ title: tFor('ru')('promo.success.metaTitle') }, { name: 'robots', content: 'noindex' }];
}

export default function CodeSuccess({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { view } = loaderData;
  return (
    <div className="page promo promo--success" data-testid="code-success">
      <Breadcrumbs items={[{ title: t('promo.success.title') }]} />
      <h1 className="promo__title">{t('promo.success.title')}</h1>
      {view.campaign ? <p className="promo__campaign">{view.campaign}</p> : null}
      {view.kind === 'subscription' ? (
        <>
          <p className="promo__result" data-testid="promo-result">
            {view.extended ? t('promo.success.extended', { date: view.until }) : t('promo.success.subscription', { tariff: view.tariff, date: view.until })}
          </p>
          <Link to="/" className="btn btn--primary">
            {t('promo.success.watch')}
          </Link>
        </>
      ) : (
        <Form method="post">
          <p className="promo__result" data-testid="promo-result">
            {t('promo.success.discount', { tariff: view.tariff, price: view.price })}
          </p>
          <input type="hidden" name="tariff_id" value={view.tariffId} />
          {actionData?.error ? (
            <p className="promo__error-text" role="alert">
              {t('promo.success.payFailed')}
            </p>
          ) : null}
          <button type="submit" className="btn btn--primary">
            {t('promo.success.pay')}
          </button>
        </Form>
      )}
    </div>
  );
}
