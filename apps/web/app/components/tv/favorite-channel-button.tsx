import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher, type ShouldRevalidateFunctionArgs } from 'react-router';
import { trackClick } from '../../lib/analytics.ts';
import type { FavoriteResult } from '../../routes/resources/favorites.ts';
import { usePersonalRoot } from '../lists/personal-root.ts';
import { SignInDialog } from '../lists/sign-in-dialog.tsx';

/** Where the star posts (routes/resources/favorite-channels.ts). */
export const FAVORITE_CHANNELS_RESOURCE = '/resources/favorite-channels';

/**
 * A TV page whose data shows the favorites (the «Избранные каналы» row of /tv) loads again after a star changed one;
 * the shell does not (the star asks for no revalidation by default), and a failed change moves nothing.
 */
export function revalidatesAfterStar({ formAction, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (formAction !== FAVORITE_CHANNELS_RESOURCE) return defaultShouldRevalidate;
  return (actionResult as FavoriteResult | undefined)?.ok === true;
}

/**
 * The favorite star of a channel (issue 7 item 5), on its cards and its page: aria-pressed, «Добавить в избранное» /
 * «Убрать из избранного». It posts through a fetcher shared by every star of the channel on the page, shows the change
 * at once (optimistic) and goes back with a message when it failed. An anonymous (virtual) visitor gets the no-auth
 * favorites popup of the title page (spec platform §2), asking to sign in.
 */
export function FavoriteChannelButton({ alias, title, initial, variant = 'icon' }: { alias: string; title: string; initial: boolean; variant?: 'icon' | 'full' }) {
  const { t } = useTranslation();
  const { isVirtual } = usePersonalRoot();
  const fetcher = useFetcher<FavoriteResult>({ key: `favorite-channel:${alias}` });
  const [askSignIn, setAskSignIn] = useState(false);
  const [dismissed, setDismissed] = useState<unknown>(null);

  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const pending = fetcher.state !== 'idle';
  const intent = fetcher.formData?.get('intent');
  // What the server last said of this star, else the page's data; while a change runs, what it asked for.
  const saved = result?.ok ? result.isFavorite : initial;
  const pressed = pending && (intent === 'add' || intent === 'remove') ? intent === 'add' : saved;
  const failed = result && !result.ok && result.error !== 'auth';
  // The server says there is no account (signed out in another tab): the popup, once per answer.
  const signInOpen = askSignIn || Boolean(result && !result.ok && result.error === 'auth' && dismissed !== result);

  const handleClick = () => {
    trackClick({ block_type: 'favorite_channels', element_type: 'button', element_id: alias, element_text: pressed ? 'remove' : 'add' });
    if (isVirtual) {
      setAskSignIn(true);
      return;
    }
    void fetcher.submit({ intent: pressed ? 'remove' : 'add', alias }, { method: 'post', action: FAVORITE_CHANNELS_RESOURCE, defaultShouldRevalidate: false });
  };
  const closeSignIn = () => {
    setAskSignIn(false);
    setDismissed(result);
  };

  const label = pressed ? t('tv.favorite.remove') : t('tv.favorite.add');
  return (
    <>
      <button
        type="button"
        className={`tv-star tv-star--${variant}${pressed ? ' tv-star--on' : ''}`}
        aria-pressed={pressed}
        aria-busy={pending || undefined}
        aria-label={variant === 'icon' ? t(pressed ? 'tv.favorite.removeChannel' : 'tv.favorite.addChannel', { title }) : undefined}
        title={variant === 'icon' ? label : undefined}
        data-testid="favorite-channel"
        data-pending={pending || undefined}
        onClick={handleClick}
      >
        <StarIcon filled={pressed} />
        {variant === 'full' ? <span>{label}</span> : null}
      </button>
      {failed ? (
        <span className="tv-star__error" role="alert" data-testid="favorite-channel-error">
          {t('tv.favorite.failed')}
        </span>
      ) : null}
      {signInOpen ? <SignInDialog reason="channels" onClose={closeSignIn} /> : null}
    </>
  );
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="tv-star__icon">
      <path
        d="M12 3.2l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 17l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}
