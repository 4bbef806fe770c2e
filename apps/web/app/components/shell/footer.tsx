import type { MenuItem } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { Logo } from './logo.tsx';
import { useSiteMap } from './site-map.ts';

/** The footer: the brand and the site map of every page that exists (site-map.ts), in groups. */
export function Footer({ menu }: { menu: MenuItem[] }) {
  const { t } = useTranslation();
  const groups = useSiteMap(menu);
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Logo label={t('brand')} />
          <p>{t('footer.about')}</p>
        </div>
        <nav className="footer__map" aria-label={t('footer.sections')} data-testid="footer-map">
          {groups.map((group) => (
            <div key={group.key} className="footer__group">
              <h2 className="footer__heading" id={`footer-${group.key}`}>
                {group.title}
              </h2>
              <ul className="footer__links" aria-labelledby={`footer-${group.key}`}>
                {group.links.map((link) => (
                  <li key={link.key}>
                    <Link to={link.url} data-testid={`footer-${link.key}`}>
                      {link.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <p className="footer__rights">
          {t('footer.rights', { year: new Date().getFullYear() })} <span className="age">{t('footer.age')}</span>
        </p>
        {/* The country of every request comes from DB-IP's Lite database, whose CC BY 4.0 licence asks for this link
            on pages that use it (NOTICE). Its text is the licensor's wording, not ours to translate. */}
        <p className="footer__credits">
          <a href="https://db-ip.com" rel="noopener" target="_blank">
            IP Geolocation by DB-IP
          </a>
        </p>
      </div>
    </footer>
  );
}
