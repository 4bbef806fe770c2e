import { useState } from 'react';
import { useFetcher } from 'react-router';
import { trackClick } from '../../lib/analytics.ts';
import type { FavoriteResult } from '../../lib/resource-answers.ts';
import { usePersonalRoot } from './personal-root.ts';

/**
 * The state of a favorite toggle (a title's heart, a channel's star): it posts `intent` add or remove with the alias
 * to `action` through a fetcher shared by every toggle with the same `fetcherKey`, shows the change at once
 * (optimistic) and goes back when it failed. An anonymous (virtual) visitor, or one the server finds signed out, gets
 * the no-auth favorites popup (spec platform §2): `signInOpen`, once per answer.
 */
export function useFavoriteToggle(o: {
  fetcherKey: string;
  action: string;
  alias: string;
  /** What the toggle shows with no answer of the server yet (the page's data, a store of the profile's favorites). */
  fallback: boolean;
  /** The click event's block_type (spec platform §7 click events). */
  blockType: string;
}) {
  const { isVirtual } = usePersonalRoot();
  const fetcher = useFetcher<FavoriteResult>({ key: o.fetcherKey });
  const [askSignIn, setAskSignIn] = useState(false);
  const [dismissed, setDismissed] = useState<unknown>(null);

  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const pending = fetcher.state !== 'idle';
  const intent = fetcher.formData?.get('intent');
  const saved = result?.ok ? result.isFavorite : o.fallback;
  // Optimistic: while the request runs the toggle already shows what it asked for.
  const pressed = pending && (intent === 'add' || intent === 'remove') ? intent === 'add' : saved;
  const failed = Boolean(result && !result.ok && result.error !== 'auth');
  const signInOpen = askSignIn || Boolean(result && !result.ok && result.error === 'auth' && dismissed !== result);

  const toggle = () => {
    trackClick({ block_type: o.blockType, element_type: 'button', element_id: o.alias, element_text: pressed ? 'remove' : 'add' });
    if (isVirtual) {
      setAskSignIn(true);
      return;
    }
    // Nothing on the page depends on it but the toggles of this alias (and whatever revalidates on purpose).
    void fetcher.submit({ intent: pressed ? 'remove' : 'add', alias: o.alias }, { method: 'post', action: o.action, defaultShouldRevalidate: false });
  };
  const closeSignIn = () => {
    setAskSignIn(false);
    setDismissed(result);
  };
  return { result, pending, pressed, failed, signInOpen, toggle, closeSignIn };
}
