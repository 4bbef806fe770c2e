import type { Offer } from '@ekran/contracts';
import { isTvSectionPath } from '@ekran/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useMatches, useNavigate, useRouteLoaderData } from 'react-router';
import type { ShellPopup } from '../../lib/shell-popup.server.ts';
import { previousPath } from '../../lib/navigation-trail.ts';
import { useProfiles } from '../profiles/profiles-context.tsx';
import { acceptOffer, reportOffer } from './offer-client.ts';
import { OfferPopup } from './offer-popup.tsx';
import { hasLookedAround, recordPageView, type VisitRecord } from './visits.ts';

/** The page's marketing popup, from the deepest route whose loader gave one (the home page, a title page). */
export function useShellPopupData(): ShellPopup | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const popup = (matches[i]?.loaderData as { shellPopup?: ShellPopup | null } | undefined)?.shellPopup;
    if (popup !== undefined) return popup;
  }
  return null;
}

/**
 * The decision of one page view (pure, for tests): whether the marketing popup opens now, waits, or stays shut.
 * - the shell's own popups come first (spec platform §2 popups): the deleted-device notice, the operator's mf_info
 *   popup and the profile area's popups that open by themselves (who-watches, the PIN prompt); when one of them is
 *   open, or the certificate host suppresses popups, this page view shows no marketing popup;
 * - the viewer has not looked around yet (decision 038: the first visit, or the visit that signed up or in):
 *   none, so the page the viewer came for is what they see;
 * - the profile area decides its popups after hydration: until it has, wait;
 * - the upsell is not for a visitor coming from the TV section (platform §5 "not from TV");
 * - otherwise the one popup the API chose opens (the offer, else play-grand, else the upsell).
 */
export function shellPopupDecision(input: {
  popup: ShellPopup | null;
  blocked: boolean;
  systemPopupOpen: boolean;
  automaticChecked: boolean;
  previousPath: string | null;
  lookedAround: boolean;
}): 'open' | 'wait' | 'none' {
  if (input.blocked || input.systemPopupOpen || !input.lookedAround) return 'none';
  if (!input.automaticChecked) return 'wait';
  if (!input.popup) return 'none';
  if (input.popup.offer.kind === 'upsell' && isTvSectionPath(input.previousPath)) return 'none';
  return 'open';
}

/**
 * The shell's one marketing popup per page view (spec platform §4 Offers: "Offer popups show
 * once on the main page when the offer rules pass"; §5 the upsell; the play-grand popup). The page's loader asked
 * the API which one (if any) the visitor gets; this decides when it may open without stacking on another popup,
 * records the show (the API makes it once per account, the cookies of §9 remember it in this browser), and
 * records closing or accepting it; accepting goes on through the payment redirect, /code or the landing.
 */
export function ShellPopupHost({ blocked, trialAvailable }: { blocked: boolean; trialAvailable: boolean }) {
  const popup = useShellPopupData();
  const profiles = useProfiles();
  const location = useLocation();
  const navigate = useNavigate();
  const decided = useRef<string | null>(null);
  // Whether the visitor is anonymous now (the shell's data): a visit begun anonymously that is registered now signed up or in.
  const isVirtual = (useRouteLoaderData<{ isVirtual?: boolean } | undefined>('root'))?.isVirtual ?? true;
  const pageView = useRef<{ key: string; visit: VisitRecord | null } | null>(null);
  const [open, setOpen] = useState<{ offer: Offer; placement: ShellPopup['placement']; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<'failed' | 'not-running' | null>(null);

  const systemPopupOpen = !!profiles?.dialog;
  const automaticChecked = !profiles || profiles.automaticCheckedFor === location.pathname;
  useEffect(() => {
    // Every page view counts towards this browser's visits (decision 038), once per location.
    if (pageView.current?.key !== location.key) pageView.current = { key: location.key, visit: recordPageView(isVirtual) };
    if (decided.current === location.key) return;
    const lookedAround = hasLookedAround(pageView.current.visit, isVirtual);
    // Any other dialog already open (a playback popup a resumed title opened, a device dialog) owns this page view too.
    const otherDialog = document.querySelector('[role="dialog"]') !== null;
    const decision = shellPopupDecision({ popup, blocked, systemPopupOpen: systemPopupOpen || otherDialog, automaticChecked, previousPath: previousPath(), lookedAround });
    if (decision === 'wait') return;
    decided.current = location.key;
    if (decision !== 'open' || !popup) return;
    setOpen({ ...popup, key: location.key });
    void reportOffer('shown', popup.offer, popup.placement);
  }, [location.key, popup, blocked, systemPopupOpen, automaticChecked, isVirtual]);

  if (!open || open.key !== location.key) return null;
  const close = () => {
    setOpen(null);
    void reportOffer('closed', open.offer, open.placement);
  };
  const accept = async () => {
    setBusy(true);
    setError(null);
    const result = await acceptOffer(open.offer, open.placement, `${location.pathname}${location.search}`, (to) => {
      setOpen(null);
      void navigate(to);
    });
    setBusy(false);
    if (result !== 'done') setError(result);
  };
  return <OfferPopup offer={open.offer} trialAvailable={trialAvailable} busy={busy} error={error} onAccept={() => void accept()} onClose={close} />;
}
