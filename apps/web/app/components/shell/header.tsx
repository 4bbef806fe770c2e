import type { MenuItem } from '@ekran/core';
import * as Dialog from '@radix-ui/react-dialog';
import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { ProfileMenu } from '../profiles/profile-menu.tsx';
import { HeaderSearch } from '../search/header-search.tsx';
import { Logo } from './logo.tsx';

/** The header: logo and the menu of spec platform §2 (a drawer on narrow screens). */
export function Header({ menu, isKids, account }: { menu: MenuItem[]; isKids: boolean; account: { email: string | null } | null }) {
  const { t } = useTranslation();
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
            <ProfileMenu email={account.email} />
          ) : (
            <Link className="btn btn--ghost" to="/auth" data-testid="header-signin">
              {t('auth.signIn')}
            </Link>
          )}
        </div>
        <MobileMenu menu={menu} />
      </div>
    </header>
  );
}

function genreUrl(item: MenuItem, alias: string) {
  return `${item.url}/${alias}`;
}

function DesktopMenu({ menu }: { menu: MenuItem[] }) {
  const { t } = useTranslation();
  return (
    <NavigationMenu.Root className="nav" aria-label={t('menu.main')}>
      <NavigationMenu.List className="nav__list">
        {menu.map((item) =>
          item.data?.genres.length ? (
            <NavigationMenu.Item key={item.key} className="nav__item">
              <NavigationMenu.Trigger className="nav__link nav__trigger" data-testid={item.dataTestId}>
                {item.title}
                <svg className="nav__chevron" viewBox="0 0 12 12" aria-hidden="true">
                  <path d="M3 4.5 6 7.5 9 4.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
                </svg>
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className="nav__panel">
                <NavigationMenu.Link asChild>
                  <Link className="nav__all" to={item.url}>
                    {t('menu.allGenres')}: {item.title.toLowerCase()}
                  </Link>
                </NavigationMenu.Link>
                <ul className="nav__genres menu-grid">
                  {item.data.genres.map((g) => (
                    <li key={g.alias}>
                      <NavigationMenu.Link asChild>
                        <Link to={genreUrl(item, g.alias)}>{g.title}</Link>
                      </NavigationMenu.Link>
                    </li>
                  ))}
                </ul>
              </NavigationMenu.Content>
            </NavigationMenu.Item>
          ) : (
            <NavigationMenu.Item key={item.key} className="nav__item">
              <NavigationMenu.Link asChild>
                <NavLink className="nav__link" to={item.url} data-testid={item.dataTestId}>
                  {item.title}
                </NavLink>
              </NavigationMenu.Link>
            </NavigationMenu.Item>
          ),
        )}
      </NavigationMenu.List>
      <div className="nav__viewport-wrap">
        <NavigationMenu.Viewport className="nav__viewport" />
      </div>
    </NavigationMenu.Root>
  );
}

function MobileMenu({ menu }: { menu: MenuItem[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="burger" aria-label={t('menu.open')}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer__overlay" />
        <Dialog.Content className="drawer" aria-describedby={undefined}>
          <div className="drawer__head">
            <Dialog.Title className="drawer__title">{t('menu.title')}</Dialog.Title>
            <Dialog.Close className="drawer__close" aria-label={t('menu.close')}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <nav aria-label={t('menu.main')}>
            <ul className="drawer__list">
              {menu.map((item) => (
                <li key={item.key}>
                  <NavLink className="drawer__link" to={item.url} onClick={() => setOpen(false)}>
                    {item.title}
                  </NavLink>
                  {item.data?.genres.length ? (
                    <ul className="drawer__genres">
                      {item.data.genres.slice(0, 12).map((g) => (
                        <li key={g.alias}>
                          <Link to={genreUrl(item, g.alias)} onClick={() => setOpen(false)}>
                            {g.title}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
