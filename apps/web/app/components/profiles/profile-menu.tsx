import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { AvatarImage } from './avatar.tsx';
import { useProfiles } from './profiles-context.tsx';

/**
 * The header's profile menu of a registered viewer: the current profile, the profiles to switch to,
 * «Детский профиль», «Управление профилями», «Родительский контроль», the account pages, «Тарифы», «Ввести промокод»
 * and sign-out. A child profile sees only the profiles to switch to (leaving for an adult one asks for the PIN when
 * one is set).
 */
export function ProfileMenu({ email }: { email: string | null }) {
  const { t } = useTranslation();
  const ui = useProfiles();
  const current = ui?.shell.profiles.find((p) => p._id === ui.shell.currentProfileId);
  if (!ui || !current) {
    // Without the profile list (a failed call is ignored, platform §8): the initial and sign-out.
    return (
      <>
        <Link to="/account" className="header__avatar" title={email ?? undefined} aria-label={t('auth.account')} data-testid="header-account">
          {(email ?? '?').slice(0, 1).toUpperCase()}
        </Link>
        <Link className="btn btn--ghost header__signout" to="/logout">
          {t('auth.signOut')}
        </Link>
      </>
    );
  }
  const { shell } = ui;
  const others = shell.profiles.filter((p) => p._id !== current._id);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="header__avatar header__avatar--profile" title={email ?? undefined} aria-label={t('profiles.menu.open')} data-testid="profile-menu">
        <AvatarImage avatar={current.avatar} size={36} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="profile-menu" align="end" sideOffset={10} collisionPadding={12}>
          <div className="profile-menu__current">
            <AvatarImage avatar={current.avatar} size={44} />
            <div>
              <p className="profile-menu__caption">{t('profiles.menu.current')}</p>
              <p className="profile-menu__name">
                {current.name}
                {current.child ? <span className="badge badge--kids">{t('profiles.menu.childBadge')}</span> : null}
              </p>
              {email && !shell.isChild ? <p className="profile-menu__email">{email}</p> : null}
            </div>
          </div>
          {others.length > 0 ? (
            <DropdownMenu.Group className="profile-menu__group" aria-label={t('profiles.menu.switchTo')}>
              <DropdownMenu.Label className="profile-menu__label">{t('profiles.menu.switchTo')}</DropdownMenu.Label>
              {others.map((p) => (
                <DropdownMenu.Item key={p._id} className="profile-menu__item" onSelect={() => ui.switchTo({ id: p._id, child: p.child })} data-testid={`switch-${p._id}`}>
                  <AvatarImage avatar={p.avatar} size={28} />
                  <span className="profile-menu__item-name">{p.name}</span>
                  {p.child ? <span className="badge badge--kids">{t('profiles.menu.childBadge')}</span> : null}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Group>
          ) : null}
          <DropdownMenu.Separator className="profile-menu__separator" />
          {/* The profile's favorites, continue watching, history and ratings */}
          <DropdownMenu.Item asChild className="profile-menu__item">
            <Link to="/favorites" data-testid="menu-lists">
              <MenuIcon d="M12 20.5s-7.5-4.6-9.3-9.5C1.4 7.4 3.7 4 7.2 4c2 0 3.6 1.1 4.8 2.8C13.2 5.1 14.8 4 16.8 4c3.5 0 5.8 3.4 4.5 7-1.8 4.9-9.3 9.5-9.3 9.5z" />
              {t('lists.menu')}
            </Link>
          </DropdownMenu.Item>
          {shell.isChild ? null : (
            <>
              <DropdownMenu.Item className="profile-menu__item" onSelect={() => ui.switchTo(null)} data-testid="menu-kids">
                <MenuIcon d="M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z" />
                {t('profiles.menu.kids')}
              </DropdownMenu.Item>
              <DropdownMenu.Item className="profile-menu__item" onSelect={() => ui.open({ kind: 'manage' })} data-testid="menu-manage">
                <MenuIcon d="M16 11a4 4 0 1 0-8 0M4 20c1-4 4.5-6 8-6s7 2 8 6" />
                {t('profiles.menu.manage')}
              </DropdownMenu.Item>
              <DropdownMenu.Item className="profile-menu__item" onSelect={() => ui.open({ kind: 'parental', type: 'menu' })} data-testid="menu-parental">
                <MenuIcon d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6z" />
                {t('profiles.menu.parental')}
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className="profile-menu__item">
                <Link to="/account" data-testid="menu-account">
                  <MenuIcon d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1.2-4 4.4-6 8-6s6.8 2 8 6" />
                  {t('auth.account')}
                </Link>
              </DropdownMenu.Item>
              {/* Prices and codes, as every peer's account menu has them (the footer's site map lists them too). */}
              <DropdownMenu.Item asChild className="profile-menu__item">
                <Link to="/tariffs" data-testid="menu-tariffs">
                  <MenuIcon d="M3 7.5A1.5 1.5 0 0 1 4.5 6h15A1.5 1.5 0 0 1 21 7.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 16.5zM3 10h18M7 14.5h4" />
                  {t('siteMap.links.tariffs')}
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className="profile-menu__item">
                <Link to="/code" data-testid="menu-code">
                  <MenuIcon d="M4 8.5V6h16v2.5a2 2 0 0 0 0 4V18H4v-5.5a2 2 0 0 0 0-4zM10 6v12" />
                  {t('siteMap.links.code')}
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Separator className="profile-menu__separator" />
              <DropdownMenu.Item asChild className="profile-menu__item">
                <Link to="/logout" data-testid="menu-signout">
                  <MenuIcon d="M15 12H4m4-4-4 4 4 4M14 4h5v16h-5" />
                  {t('auth.signOut')}
                </Link>
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function MenuIcon({ d }: { d: string }) {
  return (
    <svg className="profile-menu__icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
