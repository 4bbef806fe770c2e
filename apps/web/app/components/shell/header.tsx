import type { MenuItem } from '@ekran/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link, NavLink, useLocation } from 'react-router';
import { HeaderSearch } from '../search/header-search.tsx';
import { Logo } from './logo.tsx';
import { genreUrl } from './site-map.ts';
import { ProfileMenu } from '../profiles/profile-menu.tsx';

// What no first paint shows loads apart from the page (decision 046): the profile menu (Radix's dropdown, popper)
// only for a registered viewer, whose page renders it; the phone drawer (Radix's dialog) when the burger opens it.
const MobileDrawer = lazy(() => import('./mobile-drawer.tsx'));

/** The header: logo and the menu of spec platform §2 (a drawer on narrow screens). */
export function Header({ menu, isKids, account }: { menu: MenuItem[]; isKids: boolean; account: { email: string | null } | null }) {
  const { t } = useTranslation();
  const signInHref = useSignInHref();
  return (
    <header className="header">
      <a className="skip-link" href="#content">
        {t('header.skip')}
      </a>
      <div className="header__inner">
        <Link to={isKids ? '/kids' : '/'} className="header__logo" aria-label={t('header.home')}>
          <Logo label={t('brand')} />
        </Link>
        <DesktopMenu menu={menu} />
        <HeaderSearch isKids={isKids} />
        {isKids ? <span className="header__kids">{t('menu.kidsBadge')}</span> : null}
        <div className="header__account">
          {account ? (
            // In the shell's own code: a menu that arrived after the page could open under a popup that arrived too.
            <ProfileMenu email={account.email} />
          ) : (
            <Link className="btn btn--ghost" to={signInHref} data-testid="header-signin">
              {t('auth.signIn')}
            </Link>
          )}
        </div>
        <MobileMenu menu={menu} />
      </div>
    </header>
  );
}

/** Where the viewer is travels to /auth (and on through sign-up), so signing in or up comes back to it, not home. */
const AUTH_FLOW = /^\/(auth|signup|signin|password|token|login)(\/|$)/;
function useSignInHref(): string {
  const { pathname, search } = useLocation();
  if (pathname === '/' || AUTH_FLOW.test(pathname)) return '/auth';
  return `/auth?back=${encodeURIComponent(pathname + search)}`;
}

/** How long the pointer rests on an item before its panel opens, and how long it may stray before it closes. */
const HOVER_OPEN_MS = 120;
const HOVER_CLOSE_MS = 250;

/**
 * The desktop menu (platform §2 order). A section with genres (Фильмы, Сериалы, Мультфильмы) is a link to its page
 * beside a disclosure button for its genre panel, as on every peer's header: the label opens the catalogue; the
 * panel opens while a mouse rests on the item, or with the button (Enter, Space, ArrowDown) from the keyboard;
 * Escape, a click elsewhere or the focus leaving the item closes it. One panel at a time.
 */
function DesktopMenu({ menu }: { menu: MenuItem[] }) {
  const { t } = useTranslation();
  const [openKey, setOpenKey] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // A press anywhere outside the menu closes the open panel.
  useEffect(() => {
    if (!openKey) return;
    const handlePointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenKey(null);
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [openKey]);

  const schedule = (key: string | null, ms: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpenKey(key), ms);
  };
  const handleOpenChange = (key: string, open: boolean) => {
    window.clearTimeout(timer.current);
    setOpenKey(open ? key : null);
  };
  const handlePointerEnter = (key: string) => (event: React.PointerEvent) => {
    if (event.pointerType !== 'mouse') return; // a touch opens the label's page, the button the panel
    // Moving from one open panel's item to the next switches at once.
    schedule(key, openKey ? 0 : HOVER_OPEN_MS);
  };
  const handlePointerLeave = (event: React.PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    schedule(null, HOVER_CLOSE_MS);
  };

  return (
    // Following any of its links (a label, «Все жанры», a genre) closes the panel. The handler only watches
    // link activations (Enter on a link is a click too), so it needs no keyboard twin.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <nav className="nav" aria-label={t('menu.main')} ref={navRef} onClick={(event) => (event.target as Element).closest('a') && setOpenKey(null)}>
      <ul className="nav__list">
        {menu.map((item) =>
          item.data?.genres.length ? (
            <li
              key={item.key}
              className="nav__item nav__item--panel"
              data-state={openKey === item.key ? 'open' : 'closed'}
              onPointerEnter={handlePointerEnter(item.key)}
              onPointerLeave={handlePointerLeave}
            >
              <GenrePanelItem item={item} open={openKey === item.key} onOpenChange={(open) => handleOpenChange(item.key, open)} />
            </li>
          ) : (
            <li key={item.key} className="nav__item">
              <NavLink className="nav__link" to={item.url} data-testid={item.dataTestId}>
                {item.title}
              </NavLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function GenrePanelItem({ item, open, onOpenChange }: { item: MenuItem; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusFirst = useRef(false);
  const panelId = `nav-panel-${item.key}`;

  // Opened from the keyboard with ArrowDown: the focus goes to the panel's first link once it is there.
  useEffect(() => {
    if (open && focusFirst.current) panelRef.current?.querySelector<HTMLElement>('a')?.focus();
    focusFirst.current = false;
  }, [open]);

  const handleKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      onOpenChange(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' && event.target !== panelRef.current && !panelRef.current?.contains(event.target as Node)) {
      event.preventDefault();
      focusFirst.current = true;
      if (open) panelRef.current?.querySelector<HTMLElement>('a')?.focus();
      else onOpenChange(true);
    }
  };
  // The focus moving on past the item (Tab after the panel's last genre) closes the panel; a press outside is the
  // menu's pointerdown listener's, a press on the panel's own padding keeps it.
  const handleBlur = (event: React.FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !event.currentTarget.contains(next)) onOpenChange(false);
  };

  return (
    // The keys move focus between the label and its panel's links; the group itself takes no focus.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className="nav__group" onKeyDown={handleKeyDown} onBlur={handleBlur}>
      <NavLink className="nav__link nav__label" to={item.url} data-testid={item.dataTestId}>
        {item.title}
      </NavLink>
      <button
        ref={buttonRef}
        type="button"
        className="nav__toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={t('menu.genresOf', { title: item.title })}
        onClick={() => onOpenChange(!open)}
        data-testid={`${item.dataTestId}-genres`}
      >
        <svg className="nav__chevron" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M3 4.5 6 7.5 9 4.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      {open ? (
        <div className="nav__panel" id={panelId} ref={panelRef} data-testid="nav-panel">
          <Link className="nav__all" to={item.url}>
            {t('menu.allGenres')}: {item.title.toLowerCase()}
          </Link>
          <ul className="nav__genres menu-grid">
            {item.data?.genres.map((g) => (
              <li key={g.alias}>
                <Link to={genreUrl(item, g.alias)}>{g.title}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The burger of a narrow screen, which opens the drawer of the menu (mobile-drawer.tsx). The drawer's code loads with
 * the first press; the focus comes back here when it closes.
 */
function MobileMenu({ menu }: { menu: MenuItem[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="burger"
        aria-label={t('menu.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        data-testid="burger"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MobileDrawer menu={menu} onClose={() => setOpen(false)} returnFocus={() => buttonRef.current?.focus()} />
        </Suspense>
      ) : null}
    </>
  );
}
