import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { FAVORITES_RESOURCE, setFavorite, useFavoritesStore } from './favorites-store.ts';
import { SignInDialog } from './sign-in-dialog.tsx';
import { usePersonalRoot } from './personal-root.ts';
import { useFavoriteToggle } from './use-favorite-toggle.ts';
import './lists.css';

/**
 * The favorite toggle of a title: on cards (an icon over the poster) and on the title page
 * (a button with text). It posts to /resources/favorites through a fetcher shared by every button of the
 * same title, shows the change at once (optimistic), a pending state while the server answers and an error
 * if it failed (the state goes back). An anonymous visitor gets the no-auth favorites popup (spec platform §2).
 */
export function FavoriteButton(props: FavoriteButtonProps) {
  const { t } = useTranslation();
  return <FavoriteToggle {...props} t={t} />;
}

interface FavoriteButtonProps {
  alias: string;
  title: string;
  variant?: 'card' | 'full';
  initial?: boolean;
}

/**
 * The favorite toggle with the translate function of the row or grid it sits in: a page renders hundreds of cards,
 * and a translation hook per card was a tenth of a home page's server render.
 */
export function FavoriteToggle({ alias, title, variant = 'card', initial, t }: FavoriteButtonProps & { t: TFunction }) {
  const { isVirtual, profileId } = usePersonalRoot();
  const store = useFavoritesStore(profileId, !isVirtual);
  // Newest first: what this browser did, what the page's data says, the profile's favorites as loaded.
  const loaded = store.status === 'loaded' ? store.aliases.has(alias) : undefined;
  const { result, pending, pressed, failed, signInOpen, toggle, closeSignIn } = useFavoriteToggle({
    fetcherKey: `favorite:${alias}`,
    action: FAVORITES_RESOURCE,
    alias,
    fallback: store.changed.get(alias) ?? initial ?? loaded ?? false,
    blockType: 'favorites',
  });
  // The server's last word on this title updates every card of it.
  useEffect(() => {
    if (result?.ok) setFavorite(profileId, result.alias, result.isFavorite);
  }, [result, profileId]);

  const stateText = pressed ? t('lists.favorite.remove') : t('lists.favorite.add');
  return (
    <>
      <button
        type="button"
        className={`fav fav--${variant}${pressed ? ' fav--on' : ''}`}
        aria-pressed={pressed}
        aria-busy={pending || undefined}
        aria-label={variant === 'card' ? t('lists.favorite.cardLabel', { title }) : undefined}
        title={variant === 'card' ? stateText : undefined}
        data-testid="favorite-button"
        data-pending={pending || undefined}
        onClick={toggle}
      >
        <HeartIcon filled={pressed} />
        {variant === 'full' ? <span>{pressed ? t('lists.favorite.inList') : t('lists.favorite.toList')}</span> : null}
      </button>
      {failed ? (
        <span className={`fav__error fav__error--${variant}`} role="alert" data-testid="favorite-error">
          {result && !result.ok && result.error === 'not_found' ? t('lists.favorite.notFound') : t('lists.favorite.failed')}
        </span>
      ) : null}
      {signInOpen ? <SignInDialog reason="favorites" onClose={closeSignIn} /> : null}
    </>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="fav__icon">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.5C1.4 7.4 3.7 4 7.2 4c2 0 3.6 1.1 4.8 2.8C13.2 5.1 14.8 4 16.8 4c3.5 0 5.8 3.4 4.5 7-1.8 4.9-9.3 9.5-9.3 9.5z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}
