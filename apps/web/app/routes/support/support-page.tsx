import { data, useFetcher } from 'react-router';
import { z } from 'zod';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { isNothingThere } from '../../lib/api.server.ts';
import { parseFormData } from '../../lib/form.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { notFound } from '../../lib/not-found.ts';
import { breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import type { Route } from './+types/support-page';
import { ArticleList, SupportSearch, WriteUs } from './support-home.tsx';
import '../../styles/support.css';

const ALIAS = /^[a-z0-9-]{1,100}$/;

/**
 * /support/{section} and /support/{section}/{article} (spec platform §2 /support/{type?}): a section with its
 * categories, or an article. An article's canonical address names its own section; another section's redirects there.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = context.get(visitorContext);
  if (!ALIAS.test(params.section) || (params.article !== undefined && !ALIAS.test(params.article))) throw notFound();
  try {
    if (params.article) {
      const article = await api.supportArticle(params.article);
      if (article.section.alias !== params.section) throw notFound();
      return { kind: 'article' as const, article };
    }
    return { kind: 'section' as const, section: await api.supportSection(params.section) };
  } catch (err) {
    if (isNothingThere(err)) throw notFound();
    throw err;
  }
}

const VoteForm = z.object({ alias: z.string().regex(ALIAS), helpful: z.enum(['yes', 'no']) });

/** «Был ли ответ полезен?»: one vote per visitor per article (the API counts it). */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = context.get(visitorContext);
  const parsed = parseFormData(await request.formData(), VoteForm);
  if (!parsed.success) throw data(null, { status: 400 });
  try {
    const counts = await api.supportVote(parsed.data.alias, parsed.data.helpful === 'yes');
    return { voted: parsed.data.helpful, helpful: counts.helpful_count };
  } catch (err) {
    if (isNothingThere(err)) throw notFound();
    return { voted: null, helpful: null, failed: true };
  }
}

export function meta({ matches, data: page, params }: Route.MetaArgs) {
  const t = tFor('ru');
  const origin = originOf(matches);
  if (!page) return [{ title: t('support.title') }];
  if (page.kind === 'article') {
    const path = `/support/${page.article.section.alias}/${page.article.alias}`;
    const crumbs = [{ title: 'Главная', url: '/' }, { title: t('support.title'), url: '/support' }, { title: page.article.section.title, url: `/support/${page.article.section.alias}` }, { title: page.article.title }];
    return seoMeta(origin, {
      title: t('support.articleMetaTitle', { title: page.article.title }),
      description: page.article.summary,
      path,
      type: 'article',
      jsonLd: [breadcrumbListLd(origin, crumbs, path)],
    });
  }
  const path = `/support/${params.section}`;
  return seoMeta(origin, {
    title: t('support.sectionMetaTitle', { title: page.section.title }),
    description: page.section.description,
    path,
    jsonLd: [breadcrumbListLd(origin, [{ title: 'Главная', url: '/' }, { title: t('support.title'), url: '/support' }, { title: page.section.title }], path)],
  });
}

const TOPIC_OF_SECTION: Record<string, string> = { account: 'account', subscription: 'payment', playback: 'playback', devices: 'devices', kids: 'kids', tv: 'tv', privacy: 'account' };
const dateOnly = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' });

function Feedback({ alias, helpful }: { alias: string; helpful: number }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const voted = fetcher.data?.voted ?? null;
  const count = fetcher.data?.helpful ?? helpful;
  return (
    <fetcher.Form method="post" className="support-feedback" aria-labelledby="support-feedback-q" data-testid="support-feedback">
      <input type="hidden" name="alias" value={alias} />
      <p id="support-feedback-q" className="support-feedback__q">
        {t('support.helpfulQuestion')}
      </p>
      <div className="support-feedback__buttons">
        <button type="submit" name="helpful" value="yes" className={`btn btn--ghost${voted === 'yes' ? ' is-active' : ''}`} aria-pressed={voted === 'yes'} data-testid="helpful-yes">
          {t('support.helpfulYes')}
        </button>
        <button type="submit" name="helpful" value="no" className={`btn btn--ghost${voted === 'no' ? ' is-active' : ''}`} aria-pressed={voted === 'no'} data-testid="helpful-no">
          {t('support.helpfulNo')}
        </button>
      </div>
      <p className="support-feedback__status" role="status" aria-live="polite">
        {voted === 'yes' ? t('support.helpfulThanks') : voted === 'no' ? t('support.helpfulSorry') : count > 0 ? t('support.helpfulCount', { count }) : ''}
      </p>
    </fetcher.Form>
  );
}

export default function SupportPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.kind === 'section') {
    const { section } = loaderData;
    return (
      <div className="page support">
        <Breadcrumbs items={[{ title: t('support.title'), url: '/support' }, { title: section.title }]} />
        <header className="support__head">
          <h1>{section.title}</h1>
          <p className="support__lead">{section.description}</p>
          <SupportSearch />
        </header>
        {section.categories.map((c) => (
          <section key={c.alias} className="support__block" aria-labelledby={`cat-${c.alias}`}>
            <h2 id={`cat-${c.alias}`}>{c.title}</h2>
            <ArticleList items={c.articles} />
          </section>
        ))}
        <WriteUs topic={TOPIC_OF_SECTION[section.alias]} />
      </div>
    );
  }
  const { article } = loaderData;
  return (
    <div className="page support support--article">
      <Breadcrumbs items={[{ title: t('support.title'), url: '/support' }, { title: article.section.title, url: `/support/${article.section.alias}` }, { title: article.title }]} />
      <article className="support-article" data-testid="support-article">
        <h1>{article.title}</h1>
        <p className="support-article__updated">{t('support.updated', { date: dateOnly.format(new Date(article.updated_at)) })}</p>
        <div className="support-article__body prose" dangerouslySetInnerHTML={{ __html: article.html }} />
      </article>
      <Feedback alias={article.alias} helpful={article.helpful_count} />
      {article.related.length ? (
        <section className="support__block" aria-labelledby="support-related">
          <h2 id="support-related">{t('support.related')}</h2>
          <ArticleList items={article.related} />
        </section>
      ) : null}
      <WriteUs topic={TOPIC_OF_SECTION[article.section.alias]} />
    </div>
  );
}
