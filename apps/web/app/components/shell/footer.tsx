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
      </div>
    </footer>
  );
}
