import type { Company } from '@ekran/contracts';
import { useTranslation } from '../../lib/use-translation.ts';

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * A document's day in Moscow time, where its versions take effect: «1 сентября 2026 г.» (1 September 2026 in English).
 * `endingBefore` gives the last day of a period that ends at that moment (the day before).
 */
export function formatDay(iso: string, language: string, endingBefore = false): string {
  const locale = language === 'en' ? 'en-GB' : 'ru-RU';
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' });
    dayFormats.set(locale, format);
  }
  return format.format(new Date(new Date(iso).getTime() - (endingBefore ? 1 : 0)));
}

/** HTML the API rendered from Markdown and sanitised (apps/api/src/lib/markdown.ts), in the reading typography. */
export function Prose({ html, testId }: { html: string; testId?: string }) {
  return <div className="prose" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The operator's requisites from the API's settings, marked while they are the demo values. */
export function CompanyRequisites({ company, heading = true }: { company: Company; heading?: boolean }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('legal.company.name'), company.name],
    [t('legal.company.inn'), company.inn],
    ...(company.kpp ? [[t('legal.company.kpp'), company.kpp] as [string, string]] : []),
    [t('legal.company.ogrn'), company.ogrn],
    [t('legal.company.address'), company.address],
  ];
  return (
    <section className="requisites" aria-labelledby={heading ? 'requisites-title' : undefined} data-testid="requisites">
      {heading ? <h2 id="requisites-title">{t('legal.company.title')}</h2> : null}
      {company.is_demo ? (
        <p className="requisites__demo" role="note">
          {t('legal.company.demo')}
        </p>
      ) : null}
      <dl className="requisites__list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>{t('legal.company.email')}</dt>
          <dd>
            <a href={`mailto:${company.email}`}>{company.email}</a>
          </dd>
        </div>
        <div>
          <dt>{t('legal.company.phone')}</dt>
          <dd>
            <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>{company.phone}</a>
          </dd>
        </div>
      </dl>
    </section>
  );
}
