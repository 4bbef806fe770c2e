import type { MenuItem } from '@ekran/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from './logo.tsx';

export function Footer({ menu }: { menu: MenuItem[] }) {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Logo label={t('brand')} />
          <p>{t('footer.about')}</p>
        </div>
        <nav aria-label={t('footer.sections')}>
          <ul className="footer__links">
            {menu.map((item) => (
              <li key={item.key}>
                <Link to={item.url}>{item.title}</Link>
              </li>
            ))}
            {/* issue 4 genres: the genre pages are not in the spec's header menu, so the footer leads to them. */}
            <li>
              <Link to="/genres">{t('genres.title')}</Link>
            </li>
          </ul>
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
