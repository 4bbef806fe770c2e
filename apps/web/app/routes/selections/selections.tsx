import { HOME_CRUMB_TITLE } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { CoverGrid } from '../../components/collections/cover-card.tsx';
import { ListEmpty } from '../../components/collections/list-empty.tsx';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { tFor } from '../../lib/i18n.ts';
import { itemListLd } from '../../lib/list-seo.ts';
import { isKidsVisitor, redirectToCanonical } from '../../lib/lists.server.ts';
import { breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import '../../styles/collections.css';
import type { Route } from './+types/selections';

const PATH = '/selections';

/** /selections: every selection of the visitor's home (adult, or kids for a child profile and kids mode), in order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  redirectToCanonical(new URL(request.url), PATH);
  const { api, auth } = context.get(visitorContext);
  const isKids = isKidsVisitor(request, auth);
  const { items } = await api.selections(isKids);
  return { isKids, selections: items };
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d) return [];
  const t = tFor('ru');
  const origin = originOf(matches);
  const name = t('collections.selectionsTitle');
  return seoMeta(origin, {
    title: t('collections.metaSelections'),
    description: t('collections.metaSelectionsDescription', { count: t('collections.countSelections', { count: d.selections.length }) }),
    path: PATH,
    jsonLd: [
      breadcrumbListLd(origin, [{ title: HOME_CRUMB_TITLE, url: '/' }, { title: name }], PATH),
      itemListLd(origin, name, d.selections.map((s) => ({ path: s.url, name: s.title })), d.selections.length),
    ],
  });
}

export default function SelectionsPage({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const covers = d.selections.map((s) => ({
    alias: s.alias,
    url: s.url,
    title: s.title,
    description: s.description,
    meta: t('count.titles', { count: s.items_total }),
    posters: s.posters,
  }));
  return (
    <div className="page lists">
      <Breadcrumbs items={[{ title: t('collections.selectionsTitle') }]} />
      <header className="lists__head">
        <div className="page__head">
          <h1>{t('collections.selectionsTitle')}</h1>
          <p className="page__count">{t('collections.countSelections', { count: d.selections.length })}</p>
        </div>
        <p className="lists__lead">{d.isKids ? t('collections.kidsSelectionsLead') : t('collections.selectionsLead')}</p>
      </header>
      {covers.length > 0 ? <CoverGrid covers={covers} blockType="selections" /> : <ListEmpty />}
    </div>
  );
}
