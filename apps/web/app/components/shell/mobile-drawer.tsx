import type { MenuItem } from '@ekran/core';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link, NavLink } from 'react-router';
import { genreUrl, useSiteMap } from './site-map.ts';

/**
 * The menu of a narrow screen, in a drawer the header's burger opens: «Тарифы» and «Ввести промокод» first, the header
 * menu with the first genres of each section, then the rest of the site map (the footer's groups without what is
 * above: genres, the editors' lists, TV, the gift card, promos, partners, the viewer's lists).
 */
export default function MobileDrawer({ menu, onClose, returnFocus }: { menu: MenuItem[]; onClose: () => void; returnFocus: () => void }) {
  const { t } = useTranslation();
  const siteMap = useSiteMap(menu);
  // Prices and the promo code lead the drawer (as on peers' phone menus), above the long lists of genres.
  const quick = siteMap.find((group) => group.key === 'subscription')?.links.filter((link) => link.key === 'tariffs' || link.key === 'code') ?? [];
  const shown = new Set([...menu.map((item) => item.url), ...quick.map((link) => link.url)]);
  const groups = siteMap
    .map((group) => ({ ...group, links: group.links.filter((link) => !shown.has(link.url)) }))
    .filter((group) => group.links.length > 0);
  return (
    <Dialog.Root open onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer__overlay" />
        <Dialog.Content
          className="drawer"
          aria-describedby={undefined}
          data-testid="drawer"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <div className="drawer__head">
            <Dialog.Title className="drawer__title">{t('menu.title')}</Dialog.Title>
            <Dialog.Close className="drawer__close" aria-label={t('menu.close')}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <nav aria-label={t('menu.main')}>
            {quick.length > 0 ? (
              <p className="drawer__quick">
                {quick.map((link) => (
                  <Link key={link.key} className={`btn btn--sm ${link.key === 'tariffs' ? 'btn--primary' : 'btn--ghost'}`} to={link.url} onClick={onClose} data-testid={`drawer-${link.key}`}>
                    {link.title}
                  </Link>
                ))}
              </p>
            ) : null}
            <ul className="drawer__list">
              {menu.map((item) => (
                <li key={item.key}>
                  <NavLink className="drawer__link" to={item.url} onClick={onClose}>
                    {item.title}
                  </NavLink>
                  {item.data?.genres.length ? (
                    <ul className="drawer__genres">
                      {item.data.genres.slice(0, 12).map((g) => (
                        <li key={g.alias}>
                          <Link to={genreUrl(item, g.alias)} onClick={onClose}>
                            {g.title}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
            {groups.map((group) => (
              <section key={group.key} className="drawer__group" aria-labelledby={`drawer-${group.key}`}>
                <h2 className="drawer__heading" id={`drawer-${group.key}`}>
                  {group.title}
                </h2>
                <ul className="drawer__more">
                  {group.links.map((link) => (
                    <li key={link.key}>
                      <NavLink to={link.url} onClick={onClose} data-testid={`drawer-${link.key}`}>
                        {link.title}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
