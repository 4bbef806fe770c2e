import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import './notices.css';

/**
 * A shell notice (spec platform §3 Notification message: text, a title, error / warning flags, no-auto-close):
 * a short message at the bottom of every page that stays across navigation. A `persistent` one never closes
 * by itself and outlives reloads of the tab until the viewer closes it (the VPN warning of platform §8); the
 * others close after `closeInMs`.
 */
export interface Notice {
  /** One notice per id: showing it again replaces it (the same warning never stacks). */
  id: string;
  kind: 'error' | 'warning' | 'info';
  title?: string | undefined;
  text: string;
  persistent?: boolean | undefined;
  /** Closes by itself after this long (not for persistent ones); 8 s by default; null: only the viewer closes it. */
  closeInMs?: number | null | undefined;
  // ---- The extension banner's «Продлить» (spec platform §8) and remembering a dismissal
  /** A button under the text (never stored: only non-persistent notices carry one). */
  action?: React.ReactNode;
  /** Called when the viewer closes the notice with its cross. */
  onClose?: (() => void) | undefined;
}

/** Where persistent notices wait for the next page load of the tab. */
const STORAGE_KEY = 'ekran.notices.v1';
const DEFAULT_CLOSE_IN_MS = 8000;
const NONE: Notice[] = [];

// One list per browser tab. Only the browser changes it (event handlers and effects); the server renders none.
let notices: Notice[] = NONE;
let restored = false;
const listeners = new Set<() => void>();

function isNotice(value: unknown): value is Notice {
  if (typeof value !== 'object' || value === null) return false;
  const n = value as Record<string, unknown>;
  return (
    typeof n.id === 'string' &&
    typeof n.text === 'string' &&
    (n.kind === 'error' || n.kind === 'warning' || n.kind === 'info') &&
    (n.title === undefined || typeof n.title === 'string')
  );
}

function set(next: Notice[]) {
  notices = next;
  try {
    const persistent = next.filter((n) => n.persistent);
    if (persistent.length > 0) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(persistent));
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode, quota): the notice still shows until the page is left.
  }
  for (const listener of listeners) listener();
}

/** Brings back the persistent notices of an earlier page of this tab (once, after hydration). */
function restore() {
  if (restored) return;
  restored = true;
  let stored: Notice[] = [];
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    stored = Array.isArray(parsed) ? parsed.filter(isNotice).map((n) => ({ ...n, persistent: true })) : [];
  } catch {
    stored = [];
  }
  if (stored.length > 0) set([...stored.filter((s) => !notices.some((n) => n.id === s.id)), ...notices]);
}

/** The shell's notices, callable from any handler: show one (replacing one of the same id) or close it. */
export const notify = {
  show(notice: Notice) {
    restore();
    set([...notices.filter((n) => n.id !== notice.id), notice]);
  },
  dismiss(id: string) {
    if (notices.some((n) => n.id === id)) set(notices.filter((n) => n.id !== id));
  },
  /** Closes every notice (tests). */
  clear() {
    set(NONE);
  },
};

/** The notices API for components. */
export const useNotices = () => notify;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The region of the shell's notices, drawn once in the root layout. */
export function Notices() {
  const { t } = useTranslation();
  const list = useSyncExternalStore(subscribe, () => notices, () => NONE);
  useEffect(restore, []);
  return (
    <section className="notices" aria-label={t('notices.region')}>
      {list.map((n) => (
        <NoticeItem key={n.id} notice={n} />
      ))}
    </section>
  );
}

function NoticeItem({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (notice.persistent || notice.closeInMs === null) return;
    const timer = window.setTimeout(() => notify.dismiss(notice.id), notice.closeInMs ?? DEFAULT_CLOSE_IN_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);
  return (
    <div className={`notice-toast notice-toast--${notice.kind}`} role={notice.kind === 'info' ? 'status' : 'alert'} data-testid={`notice-${notice.id}`}>
      <div className="notice-toast__body">
        {notice.title ? <p className="notice-toast__title">{notice.title}</p> : null}
        <p className="notice-toast__text">{notice.text}</p>
        {notice.action ? <div className="notice-toast__action">{notice.action}</div> : null}
      </div>
      <button
        type="button"
        className="notice-toast__close"
        aria-label={t('notices.close')}
        onClick={() => {
          notice.onClose?.();
          notify.dismiss(notice.id);
        }}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
