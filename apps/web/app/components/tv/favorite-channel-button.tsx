import { useTranslation } from '../../lib/use-translation.ts';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { SignInDialog } from '../lists/sign-in-dialog.tsx';
import { useFavoriteToggle } from '../lists/use-favorite-toggle.ts';

/** Where the star posts (routes/resources/favorite-channels.ts). */
export const FAVORITE_CHANNELS_RESOURCE = '/resources/favorite-channels';

/**
 * A TV page whose data shows the favorites (the «Избранные каналы» row of /tv) loads again after a star changed one;
 * the shell does not (the star asks for no revalidation by default), and a failed change moves nothing.
 */
export function revalidatesAfterStar({ formAction, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (formAction !== FAVORITE_CHANNELS_RESOURCE) return defaultShouldRevalidate;
  // Our own resource's answer (lib/resource-answers.ts FavoriteResult): only its ok matters here, so no schema.
  return typeof actionResult === 'object' && actionResult !== null && 'ok' in actionResult && actionResult.ok === true;
}

/**
 * The favorite star of a channel, on its cards and its page: aria-pressed, «Добавить в избранное» /
 * «Убрать из избранного». It posts through a fetcher shared by every star of the channel on the page, shows the change
 * at once (optimistic) and goes back with a message when it failed. An anonymous (virtual) visitor gets the no-auth
 * favorites popup of the title page (spec platform §2), asking to sign in.
 */
export function FavoriteChannelButton({ alias, title, initial, variant = 'icon' }: { alias: string; title: string; initial: boolean; variant?: 'icon' | 'full' }) {
  const { t } = useTranslation();
  const { pending, pressed, failed, signInOpen, toggle, closeSignIn } = useFavoriteToggle({
    fetcherKey: `favorite-channel:${alias}`,
    action: FAVORITE_CHANNELS_RESOURCE,
    alias,
    fallback: initial,
    blockType: 'favorite_channels',
  });

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
        onClick={toggle}
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
