import { isAlias } from '@ekran/core';
import { Form, Link } from 'react-router';
import { Poster } from '../../components/ui/poster.tsx';
import { isKidsVisitor } from '../../lib/lists.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { cleanQuestion, isMood, MOOD_NAMES, moodOfQuestion, QUESTION_MAX, stableHash, type Mood } from './moods.ts';
import { drawTitle, predictedTitle } from './prediction.server.ts';
import type { Route } from './+types/gadanie';
import '../../styles/gadanie.css';

/** How many sayings the texts hold (gadanie.saying0 … saying7). */
const SAYINGS = 8;

/** The address of a prediction: it opens the same title again (the link to share). */
export function predictionPath(mood: Mood, alias: string, question: string | null): string {
  const query = new URLSearchParams({ mood, t: alias });
  if (question) query.set('q', question);
  return `/gadanie-random?${query.toString()}`;
}

/** «Ещё раз»: a new draw for the same mood, and the same question when one was asked. */
export function againPath(mood: Mood, question: string | null): string {
  const query = new URLSearchParams({ mood });
  if (question) query.set('q', question);
  return `/gadanie-random?${query.toString()}`;
}

/**
 * /gadanie-random (spec platform §2 Other): «гадание на фильм». The viewer picks a mood or asks a question (a question
 * leads to a mood of its own), and the catalogue «predicts» a title at random within the visitor's scope (kids get kids
 * titles; a child profile's age cap holds, the API keeps it). A drawn prediction moves to its own address (mood, title,
 * question), so the link opens the same prediction and «Ещё раз» draws anew.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, auth } = context.get(visitorContext);
  const kids = isKidsVisitor(request, auth);
  const query = new URL(request.url).searchParams;
  const question = cleanQuestion(query.get('q'));
  const asked = query.get('mood');
  const mood: Mood | null = isMood(asked) ? asked : question ? moodOfQuestion(question) : null;
  if (!mood) return { kids, question: null, mood: null, prediction: null };

  const alias = query.get('t');
  if (alias && isAlias(alias)) {
    const title = await predictedTitle(api, alias);
    // Kids mode (a cookie or /kids) is the visitor's choice, not the session's: an adult title's link draws anew.
    if (title && (!kids || title.for_kids)) {
      const prediction = {
        alias: title.alias,
        title: title.title,
        year: title.year,
        genres: title.genres.slice(0, 3).map((g) => g.title),
        ratingAge: title.rating_age,
        poster: title.vertical_poster,
        saying: stableHash(`${mood}:${title.alias}`) % SAYINGS,
      };
      return { kids, question, mood, prediction };
    }
  }
  const drawn = await drawTitle(api, mood, kids);
  if (!drawn) return { kids, question, mood, prediction: null };
  throw safeRedirect(predictionPath(mood, drawn.alias, question), 302);
}

export function meta({ matches }: Route.MetaArgs) {
  const t = tFor('ru');
  return seoMeta(originOf(matches), { title: t('gadanie.metaTitle'), description: t('gadanie.metaDescription'), path: '/gadanie-random' });
}

export default function Gadanie({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { mood, question, prediction } = loaderData;
  return (
    <div className="page gadanie">
      <header className="gadanie__head">
        <h1>{t('gadanie.title')}</h1>
        <p className="gadanie__lead">{t('gadanie.lead')}</p>
      </header>

      {prediction && mood ? (
        <section className="gadanie__result" aria-labelledby="gadanie-result">
          {question ? <p className="gadanie__question">{t('gadanie.youAsked', { question })}</p> : null}
          <h2 id="gadanie-result" className="gadanie__saying">
            {t(`gadanie.saying${prediction.saying}`)}
          </h2>
          <div className="gadanie__card" data-testid="gadanie-card">
            <div className="gadanie__card-inner">
              <Link className="gadanie__poster" to={`/watch/${prediction.alias}`} aria-label={prediction.title}>
                <Poster image={prediction.poster} orientation="vertical" width={240} sizes="240px" priority />
                <span className="gadanie__age">{prediction.ratingAge}</span>
              </Link>
              <div className="gadanie__card-back" aria-hidden="true" />
            </div>
          </div>
          <p className="gadanie__title">
            <Link to={`/watch/${prediction.alias}`} data-testid="gadanie-title">
              {prediction.title}
            </Link>
          </p>
          <p className="gadanie__meta">{[prediction.year, ...prediction.genres].join(' · ')}</p>
          <div className="gadanie__actions">
            <Link className="btn btn--primary btn--lg" to={`/watch/${prediction.alias}`}>
              {t('gadanie.watch')}
            </Link>
            <Link className="btn btn--ghost btn--lg" to={againPath(mood, question)} data-testid="gadanie-again">
              {t('gadanie.again')}
            </Link>
          </div>
          <p className="gadanie__share">
            {t('gadanie.share')}{' '}
            <Link to={predictionPath(mood, prediction.alias, question)} data-testid="gadanie-link">
              {t('gadanie.shareLink')}
            </Link>
          </p>
        </section>
      ) : mood ? (
        <p className="gadanie__empty" role="status">
          {t('gadanie.empty')}
        </p>
      ) : null}

      <section className="gadanie__ask" aria-labelledby="gadanie-moods">
        <h2 id="gadanie-moods">{prediction ? t('gadanie.askAgain') : t('gadanie.pickMood')}</h2>
        <ul className="gadanie__moods">
          {MOOD_NAMES.map((m) => (
            <li key={m}>
              <Link className={`gadanie__mood${m === mood ? ' gadanie__mood--current' : ''}`} to={`/gadanie-random?mood=${m}`} data-testid={`gadanie-mood-${m}`}>
                {t(`gadanie.mood.${m}`)}
              </Link>
            </li>
          ))}
        </ul>
        <Form method="get" className="gadanie__form">
          <label htmlFor="gadanie-q">{t('gadanie.orAsk')}</label>
          <div className="gadanie__field">
            <input id="gadanie-q" name="q" type="text" maxLength={QUESTION_MAX} placeholder={t('gadanie.questionPlaceholder')} required />
            <button type="submit" className="btn btn--primary">
              {t('gadanie.ask')}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
