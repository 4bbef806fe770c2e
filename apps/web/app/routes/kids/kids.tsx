import { useTranslation } from 'react-i18next';
import { TitleRow } from '../../components/catalog/title-row.tsx';
import { PersonalRows } from '../../components/lists/personal-rows.tsx';
import { toCardView } from '../../lib/card-view.ts';
import { tFor } from '../../lib/i18n.ts';
import { loadPersonalRows } from '../../lib/lists.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/kids';

/**
 * /kids: the kids home (spec platform §2 Kids; kids mode is on for the path). The API gives a child profile
 * only its own ages whatever is asked; for an adult it is the kids catalogue.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { api, auth } = context.get(visitorContext);
  // issue 4: the profile's continue watching and favorites (a child profile's are within its kids scope).
  const [home, personalRows] = await Promise.all([api.home(true), loadPersonalRows({ api, auth }, { forKids: true })]);
  return { personalRows, rows: home.rows.filter((r) => r.items.length > 0).map((r) => ({ alias: r.alias, title: r.title, url: r.url, items: r.items.map(toCardView) })) };
}

export function meta() {
  const t = tFor('ru');
  return [
    { title: t('kids.metaTitle') },
    { name: 'description', content: t('kids.metaDescription') },
    { tagName: 'link', rel: 'canonical', href: '/kids' },
  ];
}

export default function Kids({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="home kids-home">
      <header className="kids-home__head">
        <h1>{t('kids.title')}</h1>
        <p>{t('kids.lead')}</p>
      </header>
      <PersonalRows rows={loaderData.personalRows} />
      {loaderData.rows.map((row, i) => (
        <TitleRow key={row.alias} row={row} priority={i === 0} />
      ))}
    </div>
  );
}
