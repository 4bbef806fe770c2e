import type { PromoMeta } from '@ekran/contracts';
import { formatPrice } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { Form, useNavigation } from 'react-router';
import type { PromoErrorView } from './promo-errors.ts';
import { PromoErrorAlert } from './promo-error-alert.tsx';

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' });

/** What a code gives, in words: free days on a tariff, or a discount tariff at its price. */
export function PromoGivesText({ meta }: { meta: PromoMeta }) {
  const { t } = useTranslation();
  const g = meta.gives;
  return (
    <p className="promo__gives" data-testid="promo-gives">
      {g.kind === 'days'
        ? t('promo.code.givesDays', { period: t('card.days', { count: g.days }), tariff: g.tariff_title })
        : t('promo.code.givesDiscount', { tariff: g.tariff.title, price: formatPrice(g.tariff.price, g.tariff.currency) })}
    </p>
  );
}

/** The check → what it gives → «Активировать» form of /code, /premium_code and /pages/gift. */
export function CodeForm({
  answer,
  label,
  action,
  initialCode,
}: {
  answer: { meta?: PromoMeta | undefined; error?: PromoErrorView | undefined } | undefined;
  label: string;
  action?: string;
  /** The code a promo landing's button brought (/code?code=…). */
  initialCode?: string | null;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const meta = answer?.meta;
  return (
    <div className="promo__form-wrap">
      <Form method="post" className="promo__form" action={action}>
        <label className="field">
          <span className="field__label">{label}</span>
          <input className="field__input" name="code" required maxLength={64} autoComplete="off" autoCapitalize="characters" defaultValue={meta?.code ?? initialCode ?? ''} />
        </label>
        <button type="submit" name="intent" value="check" className="btn btn--ghost" disabled={busy}>
          {t('promo.code.check')}
        </button>
      </Form>
      {answer?.error ? <PromoErrorAlert error={answer.error} /> : null}
      {meta ? (
        <Form method="post" className="promo__meta" action={action} data-testid="promo-meta">
          <h2 className="promo__campaign">{meta.campaign.title}</h2>
          <PromoGivesText meta={meta} />
          {meta.campaign.ends_at ? <p className="promo__until">{t('promo.code.campaignUntil', { date: dateFormat.format(new Date(meta.campaign.ends_at)) })}</p> : null}
          <input type="hidden" name="code" value={meta.code} />
          <button type="submit" name="intent" value="activate" className="btn btn--primary" disabled={busy}>
            {t('promo.code.activate')}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
