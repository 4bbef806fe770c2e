import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { tFor } from '../../lib/i18n.ts';
import { absoluteUrl, breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import type { Route } from './+types/faq';
import { WriteUs } from './support-home.tsx';
import '../../styles/support.css';

/** /faq (spec platform §2 Static): the help centre's articles marked as FAQ, by topic, each answer in a <details>. */
export async function loader({ context }: Route.LoaderArgs) {
  const { api } = context.get(visitorContext);
  return { faq: await api.supportFaq() };
}

export function meta({ matches, data }: Route.MetaArgs) {
  const t = tFor('ru');
  const origin = originOf(matches);
  const questions = data?.faq.sections.flatMap((s) => s.items) ?? [];
  return seoMeta(origin, {
    title: t('support.faq.metaTitle'),
    description: t('support.faq.metaDescription'),
    path: '/faq',
    jsonLd: [
      breadcrumbListLd(origin, [{ title: 'Главная', url: '/' }, { title: t('support.faq.title') }], '/faq'),
      {
        '@type': 'FAQPage',
        mainEntity: questions.map((q) => ({ '@type': 'Question', name: q.question, url: absoluteUrl(origin, q.url), acceptedAnswer: { '@type': 'Answer', text: q.html } })),
      },
    ],
  });
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page support">
      <Breadcrumbs items={[{ title: t('support.faq.title') }]} />
      <header className="support__head">
        <h1>{t('support.faq.title')}</h1>
        <p className="support__lead">{t('support.faq.lead')}</p>
      </header>
      {loaderData.faq.sections.map((section) => (
        <section key={section.alias} className="support__block" aria-labelledby={`faq-${section.alias}`}>
          <h2 id={`faq-${section.alias}`}>{section.title}</h2>
          <div className="support-faq">
            {section.items.map((item) => (
              <details key={item.alias} className="support-faq__item" data-testid="faq-item">
                <summary>{item.question}</summary>
                <div className="support-article__body" dangerouslySetInnerHTML={{ __html: item.html }} />
                <p>
                  <Link to={item.url}>{t('support.faq.more')}</Link>
                </p>
              </details>
            ))}
          </div>
        </section>
      ))}
      <WriteUs />
    </div>
  );
}
