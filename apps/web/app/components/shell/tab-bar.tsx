import { audienceOf, buildTabBar, type TabKey } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { NavLink } from 'react-router';
import './tab-bar.css';

/** Line icons of the tabs (24×24, drawn with the current colour). */
const ICONS: Record<TabKey, React.ReactNode> = {
  movies: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M7 5v14M17 5v14M3 9.5h4M3 14.5h4M17 9.5h4M17 14.5h4" />
    </>
  ),
  series: (
    <>
      <rect x="3" y="6" width="18" height="12" rx="2" />
      <path d="M8 21h8M12 18v3M9 2.5l3 3.5 3-3.5" />
    </>
  ),
  archive: (
    <>
      <path d="M4 12a8 8 0 1 0 2.3-5.6" />
      <path d="M4 4v3.5h3.5M12 8v4.5l3 2" />
    </>
  ),
  animation: (
    <>
      <circle cx="12" cy="13" r="7" />
      <circle cx="6.5" cy="6.5" r="2.5" />
      <circle cx="17.5" cy="6.5" r="2.5" />
      <path d="M9.5 15.5c1.4 1.2 3.6 1.2 5 0M9.5 11.5h.01M14.5 11.5h.01" />
    </>
  ),
  new: <path d="M12 3l2.2 5.3 5.8.5-4.4 3.8 1.3 5.6L12 15.3 7.1 18.2l1.3-5.6L4 8.8l5.8-.5z" />,
  education: (
    <>
      <path d="M3 8.5 12 4l9 4.5-9 4.5z" />
      <path d="M7 10.5v5c0 1.4 2.2 2.5 5 2.5s5-1.1 5-2.5v-5M21 8.5v6" />
    </>
  ),
  nurseryrhymes: (
    <>
      <path d="M9 18V6l10-2v12" />
      <circle cx="6.5" cy="18" r="2.5" />
      <circle cx="16.5" cy="16" r="2.5" />
    </>
  ),
  entertainment: (
    <>
      <path d="M12 3c3.3 0 6 2.6 6 5.9 0 3.6-3.2 6.6-6 7.6-2.8-1-6-4-6-7.6C6 5.6 8.7 3 12 3z" />
      <path d="M12 16.5 11 19h2l-1 2.5" />
    </>
  ),
};

/**
 * The tab bar of the web-app mode (spec catalogue §2): a bottom bar at width 1024 or less for visitors whose
 * Mobile_web_app group is on (the root decides that; the width is the stylesheet's). Adult_Ru: movies,
 * series, archive, animation, new; Adult_NonRu: the same without archive; Child: the three kids sections.
 */
export function TabBar({ isChild, countryCode, archiveVariant = false }: { isChild: boolean; countryCode: string | null | undefined; archiveVariant?: boolean }) {
  const { t } = useTranslation();
  const items = buildTabBar({
    isChild,
    countryCode,
    titles: {
      movies: t('menu.movies'),
      series: t('menu.series'),
      archive: t(archiveVariant ? 'menu.archiveVariant' : 'menu.archive'),
      animation: t('menu.animation'),
      new: t('menu.new'),
      education: t('menu.education'),
      nurseryrhymes: t('menu.nurseryrhymes'),
      entertainment: t('menu.entertainment'),
    },
  });
  return (
    <nav className="tab-bar" aria-label={t('tabBar.label')} data-testid="tab-bar" data-variant={audienceOf({ isChild, countryCode })}>
      <ul className="tab-bar__list">
        {items.map((item) => (
          <li key={item.key}>
            <NavLink to={item.url} className="tab-bar__link" data-testid={`tab-${item.key}`} prefetch="intent">
              <svg viewBox="0 0 24 24" aria-hidden="true" className="tab-bar__icon">
                {ICONS[item.key]}
              </svg>
              <span className="tab-bar__title">{item.title}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
