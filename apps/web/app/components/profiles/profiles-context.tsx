import {
  afterProfileSelection, nextProfileSwitchStep, opensPinCreatePopup, PENDING_PROFILE_STORAGE_KEY, PROFILE_SCOPED_STORAGE_KEYS, showsWhoWatch,
  type SwitchProfile,
} from '@ekran/core';
import { createContext, useCallback, useContext, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useFetcher, useLocation, useNavigate, useRevalidator } from 'react-router';
import { asInterfaceLanguage, loadInterfaceLanguage } from '../../lib/i18n.ts';
import type { ProfilesShell } from '../../lib/profiles.server.ts';
import type { ProfileActionError, ProfileActionResult } from '../../lib/profile-actions.ts';

/** The URL every profile dialog posts to. */
export const PROFILE_ACTION = '/profiles/action';

/** A popup of the profile area (spec platform §2 popups: who-watches, parental control, child form, …). */
export type ProfileDialog =
  | { kind: 'who-watch' }
  | { kind: 'manage' }
  /** Create (no profileId) or edit a profile; `child` shows the child form. `switchAfter` continues a child-profile switch. */
  | { kind: 'profile-form'; child: boolean; profileId?: string; switchAfter?: boolean }
  | { kind: 'limit' }
  | { kind: 'child-prompt'; switchAfter?: boolean }
  /** The parental-control popup: type null = create, check = enter the PIN to leave a child profile, … */
  | { kind: 'parental'; type: null | 'check' | 'menu' | 'change' | 'remove' | 'forgot'; profileId?: string; continuesSwitch?: boolean };

interface ProfilesUi {
  shell: ProfilesShell;
  dialog: ProfileDialog | null;
  open: (dialog: ProfileDialog) => void;
  close: () => void;
  /** spec platform §4 Child profile switch; null = the child profile (the first one). */
  switchTo: (target: SwitchProfile | null) => void;
  /** Selects a profile by POST (with the PIN from the check popup). */
  select: (profileId: string, pin?: string) => void;
  /** The select answer while it is an error, for the popup that asked. */
  selectError: ProfileActionError | null;
  selectBusy: boolean;
  /** After the PIN popup of a switch: continue with the remembered profile (local storage), else just close. */
  continuePendingSwitch: () => void;
  /** Add a profile, or show the «maximum number of profiles» popup when the account is full. */
  addProfile: (child: boolean, switchAfter?: boolean) => void;
  /**
   * The path whose popups that open by themselves (who-watch, the PIN prompt) were decided, so the
   * shell's marketing popups open only after them and never over them (components/offers/shell-popup-host.tsx).
   */
  automaticCheckedFor: string | null;
}

const Context = createContext<ProfilesUi | null>(null);

/** The profile area's state and actions; null outside a registered visitor's page (and in isolated tests). */
export const useProfiles = () => useContext(Context);

// Browser storage can be missing or refuse writes (private windows); the popups then simply show again.
const store = (kind: 'local' | 'session') => ({
  get(key: string): string | null {
    try {
      return (kind === 'local' ? localStorage : sessionStorage).getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string | null) {
    try {
      const s = kind === 'local' ? localStorage : sessionStorage;
      if (value === null) s.removeItem(key);
      else s.setItem(key, value);
    } catch {
      // ignored: see above
    }
  },
});
const local = store('local');
const session = store('session');

/** Session-storage keys: the session «Кто смотрит?» showed in, the PIN prompt shown, the child prompt shown. */
export const WHO_WATCH_SESSION_KEY = 'ekran_who_watch_session';
export const PIN_PROMPT_SHOWN_KEY = 'ekran_pin_prompt_shown';
export const CHILD_PROMPT_SHOWN_KEY = 'ekran_child_prompt_shown';

export function ProfilesProvider({ shell, children }: { shell: ProfilesShell | null; children: React.ReactNode }) {
  const [dialog, setDialog] = useState<ProfileDialog | null>(null);
  const selectFetcher = useFetcher<ProfileActionResult>({ key: 'profile-select' });
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const languageBefore = useRef('ru');
  const handled = useRef<ProfileActionResult | null>(null);

  const close = useCallback(() => setDialog(null), []);

  const select = useCallback(
    (profileId: string, pin?: string) => {
      languageBefore.current = i18n.language;
      // The answer is read from the fetcher (a wrong PIN is its data, answered 200). Nothing is revalidated after
      // it: a refusal changes nothing, and on a page the current profile may not see (a child on an adult title)
      // a revalidation would only answer 404 again. A selection reloads the shell once it has left for its home
      // (onSelected).
      selectFetcher
        .submit({ intent: 'select', profile_id: profileId, ...(pin ? { pin } : {}) }, { method: 'post', action: PROFILE_ACTION, defaultShouldRevalidate: false })
        .catch((err: unknown) => console.warn('profile select failed', err));
    },
    [i18n, selectFetcher],
  );

  const switchTo = useCallback(
    (target: SwitchProfile | null) => {
      if (!shell) return;
      const step = nextProfileSwitchStep({
        target,
        profiles: shell.profiles.map((p) => ({ id: p._id, child: p.child })),
        currentProfileId: shell.currentProfileId,
        pinStatus: shell.pinStatus,
        pinPromptShown: session.get(PIN_PROMPT_SHOWN_KEY) === '1',
      });
      switch (step.kind) {
        case 'create-child':
          setDialog({ kind: 'child-prompt', switchAfter: true });
          break;
        case 'pin-popup':
          // spec platform §4: show the PIN popup and remember the profile in local storage.
          local.set(PENDING_PROFILE_STORAGE_KEY, step.profileId);
          session.set(PIN_PROMPT_SHOWN_KEY, '1');
          setDialog({ kind: 'parental', type: null, continuesSwitch: true });
          break;
        case 'pin-check':
          setDialog({ kind: 'parental', type: 'check', profileId: step.profileId });
          break;
        case 'select':
          select(step.profileId);
          break;
        case 'home':
          setDialog(null);
          void Promise.resolve(navigate(step.path)).catch((err: unknown) => console.warn('profile switch: navigation failed', err));
          break;
      }
    },
    [shell, select, navigate],
  );

  const continuePendingSwitch = useCallback(() => {
    const pending = local.get(PENDING_PROFILE_STORAGE_KEY);
    if (pending && shell?.profiles.some((p) => p._id === pending)) select(pending);
    else setDialog(null);
  }, [shell, select]);

  const addProfile = useCallback(
    (child: boolean, switchAfter = false) => {
      if (shell && shell.profiles.length >= shell.maxProfiles) setDialog({ kind: 'limit' });
      else setDialog({ kind: 'profile-form', child, switchAfter });
    },
    [shell],
  );

  // spec platform §4 "After selection": go to /kids or /, auth data is refreshed (every loader of that page runs
  // again, the shell's included: the menu, the profile, kids mode), clear the stored selections, reload the
  // language when it changed, and the child-profile prompt.
  const selected = selectFetcher.state === 'idle' ? selectFetcher.data : undefined;
  const onSelected = useEffectEvent((result: ProfileActionResult) => {
    if (!shell || !result.ok || result.intent !== 'select') return;
    const language = asInterfaceLanguage(result.selected.language);
    const after = afterProfileSelection({
      child: result.selected.child,
      languageBefore: languageBefore.current,
      languageAfter: language,
      childProfiles: shell.profiles.filter((p) => p.child).length,
      email: shell.email,
      phone: shell.phone,
    });
    for (const key of PROFILE_SCOPED_STORAGE_KEYS) local.set(key, null);
    if (after.reloadLanguage) {
      // Another language's texts are a chunk of their own: loaded first, then the interface switches to them.
      void loadInterfaceLanguage(language).then(() => i18n.changeLanguage(language));
      document.documentElement.lang = language;
    }
    const prompt = after.showChildPrompt && session.get(CHILD_PROMPT_SHOWN_KEY) !== '1';
    if (prompt) session.set(CHILD_PROMPT_SHOWN_KEY, '1');
    // The home first, then its loaders again: revalidating the page left behind could answer 404 (an adult title
    // for a child). The navigation's promise rejects when the page left behind was still loading (its data is
    // loaded again after the selection's form); the shell is revalidated either way, and a failure only logged.
    void Promise.resolve(navigate(after.path))
      .catch((err: unknown) => console.warn('profile switch: navigation after selecting failed', err))
      .then(() => revalidator.revalidate())
      .catch((err: unknown) => console.warn('profile switch: reloading the shell failed', err))
      .then(() => setDialog(prompt ? { kind: 'child-prompt' } : null));
  });
  useEffect(() => {
    if (!selected || handled.current === selected) return;
    handled.current = selected;
    onSelected(selected);
  }, [selected]);

  // Popups that open by themselves: «Кто смотрит?» on the first page of a session (platform §6 Who_watch),
  // then the parental-control popup for pin_status create, once per session (platform §4 Pin status).
  const openAutomatic = useEffectEvent(() => {
    if (!shell || dialog) return;
    const firstVisit = session.get(WHO_WATCH_SESSION_KEY) !== shell.sessionKey;
    if (firstVisit) session.set(WHO_WATCH_SESSION_KEY, shell.sessionKey);
    const whoWatch = showsWhoWatch({
      whoWatchGroup: shell.whoWatchGroup,
      isVirtual: shell.isVirtual,
      isChild: shell.isChild,
      profiles: shell.profiles.length,
      firstVisitOfSession: firstVisit,
    });
    if (whoWatch) return setDialog({ kind: 'who-watch' });
    const shownThisSession = session.get(PIN_PROMPT_SHOWN_KEY) === '1';
    if (opensPinCreatePopup({ pinStatus: shell.pinStatus, isChild: shell.isChild, isVirtual: shell.isVirtual, shownThisSession, pathname })) {
      session.set(PIN_PROMPT_SHOWN_KEY, '1');
      setDialog({ kind: 'parental', type: null });
    }
  });
  const isIdle = dialog === null && selectFetcher.state === 'idle';
  const [automaticCheckedFor, setAutomaticCheckedFor] = useState<string | null>(null);
  useEffect(() => {
    // sessionStorage exists only in the browser, so these popups can only be decided after hydration.
    if (!isIdle) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect
    openAutomatic();
    setAutomaticCheckedFor(pathname);
  }, [isIdle, shell?.sessionKey, shell?.pinStatus, pathname]);

  const value = useMemo<ProfilesUi | null>(
    () =>
      shell && !shell.isVirtual
        ? {
            shell,
            dialog,
            open: setDialog,
            close,
            switchTo,
            select,
            selectError: selected && !selected.ok && selected.intent === 'select' ? selected.error : null,
            selectBusy: selectFetcher.state !== 'idle',
            continuePendingSwitch,
            addProfile,
            automaticCheckedFor,
          }
        : null,
    [shell, dialog, close, switchTo, select, selected, selectFetcher.state, continuePendingSwitch, addProfile, automaticCheckedFor],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}
