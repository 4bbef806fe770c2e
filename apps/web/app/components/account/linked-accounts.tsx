import type { LinkedIdentity } from '@ekran/contracts';
import type { SocialProvider } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { useFetcher, useSearchParams } from 'react-router';
import { SocialIcon, socialStartUrl } from '../auth/social-buttons.tsx';

/** The form intent of an unlink, so the page's action can tell it from its other forms. */
export const UNLINK_INTENT = 'social-unlink';

export interface LinkedAccountsData {
  /** The providers this deployment offers, in the spec's order. */
  providers: SocialProvider[];
  items: LinkedIdentity[];
  /** Whether the account can do without every linked identity (it has a password or a phone). */
  hasPasswordOrPhone: boolean;
}

type ErrorKey = 'flowInvalid' | 'denied' | 'providerError' | 'unavailable' | 'alreadyLinked' | 'alreadyRegistered' | 'rateLimited' | 'generic';
export type LinkedAccountsActionData = { unlinked: SocialProvider; error: null } | { unlinked: null; error: ErrorKey | 'last' | 'notLinked' };

const dateOf = (iso: string, lang: string) => new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));

/**
 * The account's sign-in with Apple, Google, VK and Yandex ID (spec platform §7 social link/unlink): link
 * (the sign-in flow started by the signed-in viewer) or unlink, never the last way into the account.
 */
export function LinkedAccounts({ data, back = '/account' }: { data: LinkedAccountsData; back?: string }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<LinkedAccountsActionData>();
  const [search] = useSearchParams();
  const justLinked = search.get('linked');
  const busy = fetcher.state !== 'idle';
  const isLast = data.items.length === 1 && !data.hasPasswordOrPhone;
  if (!data.providers.length) return null;
  return (
    <section className="linked" aria-labelledby="linked-title">
      <h2 id="linked-title">{t('social.linked.title')}</h2>
      <p className="linked__lead">{t('social.linked.lead')}</p>
      {justLinked && data.providers.includes(justLinked as SocialProvider) ? (
        <p className="linked__status" role="status">
          {t('social.linked.done', { provider: t(`social.names.${justLinked}`) })}
        </p>
      ) : null}
      {fetcher.data?.error ? (
        <div className="form-error" role="alert">
          <p>{fetcher.data.error === 'last' || fetcher.data.error === 'notLinked' ? t(`social.linked.errors.${fetcher.data.error}`) : t(`social.errors.${fetcher.data.error}`, { provider: '' })}</p>
        </div>
      ) : null}
      <ul className="linked__list">
        {data.providers.map((id) => {
          const item = data.items.find((i) => i.provider === id);
          const name = t(`social.names.${id}`);
          return (
            <li key={id} className={`linked__item${item ? ' linked__item--on' : ''}`} data-testid={`linked-${id}`}>
              <span className="linked__icon">
                <SocialIcon provider={id} />
              </span>
              <span className="linked__text">
                <b>{name}</b>
                {item ? (
                  <>
                    {item.email ?? item.name ? <span>{item.email ?? item.name}</span> : null}
                    <span className="linked__since">{t('social.linked.since', { date: dateOf(item.linked_at, i18n.language) })}</span>
                  </>
                ) : (
                  <span>{t('social.linked.off')}</span>
                )}
              </span>
              {item ? (
                <fetcher.Form method="post" className="linked__action">
                  <input type="hidden" name="intent" value={UNLINK_INTENT} />
                  <input type="hidden" name="provider" value={id} />
                  <button type="submit" className="btn btn--ghost" disabled={busy || isLast} title={isLast ? t('social.linked.lastHint') : undefined} aria-label={t('social.linked.unlinkLabel', { provider: name })}>
                    {t('social.linked.unlink')}
                  </button>
                </fetcher.Form>
              ) : (
                <a className="btn btn--ghost linked__action" href={socialStartUrl(id, back, 'link')} aria-label={t('social.linked.linkLabel', { provider: name })}>
                  {t('social.linked.link')}
                </a>
              )}
            </li>
          );
        })}
      </ul>
      {isLast ? <p className="linked__hint">{t('social.linked.lastHint')}</p> : null}
    </section>
  );
}
