import { ageOn, HOME_CRUMB_TITLE, isAlias, truncate } from '@ekran/core';
import type { Person } from '@ekran/contracts';
import { useTranslation } from '../../lib/use-translation.ts';
import { TitleCard } from '../../components/catalog/title-card.tsx';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { toCardView } from '../../lib/card-view.ts';
import { tFor } from '../../lib/i18n.ts';
import { imageUrl } from '../../lib/images.ts';
import { orNotFound } from '../../lib/lists.server.ts';
import { absoluteUrl, breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import '../../styles/collections.css';
import type { Route } from './+types/person';
import { notFound } from '../../lib/not-found.ts';

// Matches the card grid of spec platform §9 (see components/catalog/title-grid.tsx).
const GRID_SIZES = '(max-width: 567px) 50vw, (max-width: 767px) 33vw, (max-width: 1023px) 25vw, (max-width: 1279px) 20vw, (max-width: 1559px) 17vw, 14vw';

/** /person/{person}: biography, facts and the filmography by role (platform §3; decision 010). */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isAlias(params.person)) throw notFound();
  const { api } = context.get(visitorContext);
  const person = await orNotFound(api.personByAlias(params.person));
  return {
    person: {
      alias: person.alias,
      name: person.name,
      nameOriginal: person.name_original,
      biography: person.biography,
      birthDate: person.birth_date,
      // Counted here, on the server, so the page reads the same after hydration.
      age: ageOn(person.birth_date, new Date()),
      roles: person.roles,
      total: person.titles_total,
      years: person.years,
      genres: person.genres.map((g) => g.title.toLowerCase()),
    },
    filmography: person.filmography.map((f) => ({ role: f.role, items: f.items.map((i) => ({ card: toCardView(i), character: i.character_name })) })),
  };
}

const rolesText = (t: ReturnType<typeof tFor>, roles: Person['roles']) => roles.map((r) => t(`person.roleLower.${r}`)).join(', ');

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d) return [];
  const t = tFor('ru');
  const origin = originOf(matches);
  const { person } = d;
  const path = `/person/${person.alias}`;
  const titles = [...new Map(d.filmography.flatMap((f) => f.items.map((i) => [i.card.alias, i.card.title]))).values()];
  const description = t('person.metaDescription', {
    name: person.name,
    roles: rolesText(t, person.roles),
    count: t('count.titles', { count: person.total }),
    titles: truncate(titles.slice(0, 4).map((x) => `«${x}»`).join(', '), 160),
  });
  const poster = d.filmography[0]?.items[0]?.card.poster;
  return seoMeta(origin, {
    title: t('person.metaTitle', { name: person.name }),
    description,
    path,
    type: 'profile',
    image: poster ? imageUrl(poster, 600, 'jpeg') : null,
    jsonLd: [
      breadcrumbListLd(origin, [{ title: HOME_CRUMB_TITLE, url: '/' }, { title: person.name }], path),
      {
        '@type': 'Person',
        name: person.name,
        ...(person.nameOriginal ? { alternateName: person.nameOriginal } : {}),
        ...(person.birthDate ? { birthDate: person.birthDate } : {}),
        ...(person.biography ? { description: person.biography } : {}),
        jobTitle: person.roles.map((r) => t(`person.role.${r}`)),
        url: absoluteUrl(origin, path),
      },
    ],
  });
}

export default function PersonPage({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { person } = d;
  const birth = person.birthDate
    ? new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${person.birthDate}T00:00:00Z`))
    : null;
  const roles = person.roles.map((r) => t(`person.roleLower.${r}`)).join(', ');
  return (
    <div className="page person">
      <Breadcrumbs items={[{ title: person.name }]} />
      <header className="person__head">
        <span className="person__avatar" aria-hidden="true">
          {initials(person.name)}
        </span>
        <div>
          <h1 className="person__name">{person.name}</h1>
          {person.nameOriginal ? <p className="person__original">{person.nameOriginal}</p> : null}
          <p className="person__roles">{roles.charAt(0).toUpperCase() + roles.slice(1)}</p>
        </div>
      </header>

      <div className="person__about">
        <section aria-labelledby="person-facts">
          <h2 id="person-facts" className="sr-only">
            {t('person.facts')}
          </h2>
          <dl className="facts person__facts">
            {person.nameOriginal ? <Fact term={t('person.originalName')} value={person.nameOriginal} /> : null}
            {birth ? <Fact term={t('person.birthDate')} value={person.age !== null ? t('person.birthDateAge', { date: birth, age: t('person.age', { count: person.age }) }) : birth} /> : null}
            {person.years ? (
              <Fact term={t('person.career')} value={person.years.from === person.years.to ? String(person.years.from) : t('person.careerRange', person.years)} />
            ) : null}
            {person.genres.length > 0 ? <Fact term={t('person.genres')} value={person.genres.join(', ')} /> : null}
            <Fact term={t('person.total')} value={t('count.titles', { count: person.total })} />
          </dl>
        </section>
        {person.biography ? (
          <section className="person__bio" aria-labelledby="person-bio">
            <h2 id="person-bio">{t('person.biography')}</h2>
            <p>{person.biography}</p>
          </section>
        ) : null}
      </div>

      <section className="section" aria-labelledby="filmography">
        <h2 id="filmography">{t('person.filmography')}</h2>
        {d.filmography.length > 1 ? (
          <nav className="chips" aria-label={t('person.filmography')}>
            {d.filmography.map((f) => (
              <a key={f.role} className="chip" href={`#role-${f.role}`}>
                {t('person.filmographyRole', { role: t(`person.role.${f.role}`), count: f.items.length })}
              </a>
            ))}
          </nav>
        ) : null}
        {d.filmography.map((f) => (
          <section key={f.role} id={`role-${f.role}`} className="person__role" aria-labelledby={`role-${f.role}-title`}>
            <h3 id={`role-${f.role}-title`}>{t('person.filmographyRole', { role: t(`person.role.${f.role}`), count: f.items.length })}</h3>
            <ul className="card-grid">
              {f.items.map((item, i) => (
                <li key={item.card.id}>
                  <TitleCard title={item.card} t={t} sizes={GRID_SIZES} priority={i < 7} />
                  {item.character ? <span className="person__character">{t('person.as', { character: item.character })}</span> : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="facts__row">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
}
