import { isAlias } from '@ekran/core';
import type { Title } from '@ekran/contracts';
import { Link } from 'react-router';
import { TitleRow } from '../../components/catalog/title-row.tsx';
import { PersonalRows } from '../../components/lists/personal-rows.tsx';
import { isNothingThere } from '../../lib/api-call.server.ts';
import { toCardView } from '../../lib/card-view.ts';
import { tFor } from '../../lib/i18n.ts';
import { loadListView, PERSONAL_ROW_SIZE } from '../../lib/personal-lists.server.ts';
import type { ListView } from '../../lib/lists-view.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import type { Route } from './+types/close-film';
import '../../styles/close-film.css';

/** Cards of the «similar» row: a screen's width of them, as on a title page. */
const SIMILAR_ROW_SIZE = 12;

/**
 * /close_film (spec platform §2 Browsing): where a viewer lands after closing the player opened from an outside link
 * (the mini-app, an autoplay link; core playerCloseDestination). `?title={alias}` names the title closed; not `watch`,
 * which with the mini-app's s=tapp leads back to the title page. What to watch next: the profile's continue watching
 * and the titles like the one closed (the title's own «Похожее», within the visitor's scope: the API answers a child
 * profile's session with kids titles only). With nothing to show, the home page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, auth } = context.get(visitorContext);
  const kids = auth?.profile_for_child ?? false;
  const alias = new URL(request.url).searchParams.get('title');
  const closing = alias && isAlias(alias) ? api.title(alias).catch((err: unknown) => (isNothingThere(err) ? null : Promise.reject(err))) : null;
  const [closed, continueRow] = await Promise.all([
    closing,
    // Crawlers have no session and no lists.
    auth ? loadListView(api, 'continue', PERSONAL_ROW_SIZE, kids) : null,
  ]);
  const watching: ListView | null = continueRow && (continueRow.status === 'error' || (continueRow.page?.items.length ?? 0) > 0) ? continueRow : null;
  const similar = closed ? similarTo(closed) : [];
  if (!watching && similar.length === 0) throw safeRedirect('/', 302);
  return { closed: closed ? { title: closed.title, alias: closed.alias } : null, watching, similar };
}

const similarTo = (title: Title) => title.similar.filter((s) => s.alias !== title.alias).slice(0, SIMILAR_ROW_SIZE).map(toCardView);

export function meta({ matches }: Route.MetaArgs) {
  const t = tFor('ru');
  // A page of the moment for one viewer: not for search engines.
  return seoMeta(originOf(matches), { title: t('closeFilm.metaTitle'), description: t('closeFilm.metaDescription'), path: '/close_film', noindex: true });
}

export default function CloseFilm({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { closed, watching, similar } = loaderData;
  return (
    <div className="page close-film">
      <header className="page__head close-film__head">
        <h1>{t('closeFilm.title')}</h1>
        {closed ? (
          <p className="page__count">
            {t('closeFilm.closed')} <Link to={`/watch/${closed.alias}`}>«{closed.title}»</Link>
          </p>
        ) : null}
      </header>
      {watching ? <PersonalRows rows={[watching]} /> : null}
      {closed && similar.length > 0 ? <TitleRow row={{ alias: 'similar', title: t('closeFilm.similarTo', { title: closed.title }), url: null, items: similar }} priority={!watching} /> : null}
      <p className="close-film__more">
        <Link className="btn btn--ghost btn--lg" to="/">
          {t('closeFilm.toHome')}
        </Link>
      </p>
    </div>
  );
}
