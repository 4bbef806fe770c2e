import type { MenuItem } from '@ekran/core';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../lib/use-translation.ts';
import { useRouteLoaderData } from 'react-router';

/** A genre's page in a section of the menu. */
export function genreUrl(item: MenuItem, alias: string) {
  return `${item.url}/${alias}`;
}

/** A link of the site map. */
export interface SiteLink {
  key: string;
  url: string;
  title: string;
}

/** A group of the footer's site map (and of the phone drawer below the menu). */
export interface SiteGroup {
  key: 'watch' | 'tv' | 'subscription' | 'personal' | 'service' | 'help';
  title: string;
  links: SiteLink[];
}

/**
 * The site's pages grouped as the footer lists them: the catalogue (the header menu's sections, genres and the
 * editors' lists), TV, prices and codes, the viewer's own lists, the service itself (about, the journal, devices and
 * apps, requisites) and help (the help centre, FAQ, contacts, legal documents: spec platform §2 Other). TV pages (and the archive, already left out of the menu) answer 403
 * outside RU (platform §6), so that group is RU only; a child profile is not offered tariffs or codes, as its
 * profile menu offers no account pages. A link's key names its text (siteMap.links.*) and its test id; it must not equal
 * a section of the translation files, or every page would load that section's texts (lib/text-sections.ts).
 */
export function buildSiteMap({ menu, countryCode, isChild, t }: { menu: readonly MenuItem[]; countryCode: string | null | undefined; isChild: boolean; t: TFunction }): SiteGroup[] {
  const fromMenu = (key: MenuItem['key']): SiteLink[] => menu.filter((item) => item.key === key).map((item) => ({ key, url: item.url, title: item.title }));
  const link = (key: string, url: string): SiteLink => ({ key, url, title: t(`siteMap.links.${key}`) });
  const groups: SiteGroup[] = [
    {
      key: 'watch',
      title: t('siteMap.groups.watch'),
      links: [
        ...fromMenu('movies'),
        ...fromMenu('series'),
        ...fromMenu('animation'),
        ...fromMenu('new'),
        link('genres', '/genres'),
        link('collections', '/collections'),
        link('selections', '/selections'),
        link('playlists', '/playlists'),
        link('fortune', '/gadanie-random'),
      ],
    },
  ];
  if (countryCode === 'RU') {
    groups.push({
      key: 'tv',
      title: t('siteMap.groups.tv'),
      links: [link('tv', '/tv'), link('channels', '/tvchannels'), link('guide', '/channel'), ...fromMenu('archive')],
    });
  }
  if (!isChild) {
    groups.push({
      key: 'subscription',
      title: t('siteMap.groups.subscription'),
      links: [link('tariffs', '/tariffs'), link('code', '/code'), link('gift', '/pages/gift'), link('promos', '/promos'), link('partners', '/partners')],
    });
  }
  groups.push({ key: 'personal', title: t('siteMap.groups.personal'), links: [link('favorites', '/favorites'), ...(isChild ? [] : [link('kids', '/kids')])] });
  groups.push({
    key: 'service',
    title: t('siteMap.groups.service'),
    links: [link('about', '/about'), link('magazine', '/journal'), link('waysToWatch', '/ways-to-watch'), link('app', '/ios-android-app'), link('corporateinfo', '/corporateinfo')],
  });
  groups.push({ key: 'help', title: t('siteMap.groups.help'), links: [link('helpCentre', '/support'), link('faq', '/faq'), link('contacts', '/contacts'), link('legalDocs', '/legal')] });
  return groups;
}

/** The site map of the current visitor (the root loader's country and profile). */
export function useSiteMap(menu: readonly MenuItem[]): SiteGroup[] {
  const { t } = useTranslation();
  const root = useRouteLoaderData<{ countryCode?: string | null; isChild?: boolean } | undefined>('root');
  return buildSiteMap({ menu, countryCode: root?.countryCode ?? 'RU', isChild: root?.isChild ?? false, t });
}
