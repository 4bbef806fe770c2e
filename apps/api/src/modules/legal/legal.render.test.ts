import { LEGAL_DOCUMENTS, STATIC_PAGES } from '@ekran/db/seed';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { companyOf, fillPlaceholders, placeholderValues, renderContent, unknownPlaceholders, withHeadingIds } from './legal.render.ts';

const values = placeholderValues(companyOf(loadEnv({ COMPANY_NAME: 'ООО «Кинопоток»', COMPANY_INN: '7701234567', COMPANY_KPP: '' })), 'https://kinopotok.ru');

describe('the placeholders of documents and pages', () => {
  it('are filled from the settings, with spaces inside the braces allowed', () => {
    expect(fillPlaceholders('{{company.name}}, ИНН {{ company.inn }}', values)).toBe('ООО «Кинопоток», ИНН 7701234567');
    expect(renderContent('Сайт {{site.url}}/legal, почта {{company.email}}.', values).html.trim()).toBe('<p>Сайт https://kinopotok.ru/legal, почта support@ekran.ru.</p>');
  });

  it('an address in a setting stays text, an http:// one of development too (not a link the sanitiser would drop)', () => {
    const dev = placeholderValues(companyOf(loadEnv({})), 'http://localhost:3000');
    expect(renderContent('На сайте {{site.url}} и в приложениях.', dev).html.trim()).toBe('<p>На сайте http://localhost:3000 и в приложениях.</p>');
  });

  it('{{company.email_link}} is the address as a mailto link, its words text and its target encoded', () => {
    expect(renderContent('Пишите на {{company.email_link}}.', values).html.trim()).toBe('<p>Пишите на <a href="mailto:support@ekran.ru">support@ekran.ru</a>.</p>');
    const odd = { ...values, 'company.email_link': 'a_b*c)[x](https://evil.example)@ekran.ru' };
    const { html } = renderContent('Пишите на {{company.email_link}}.', odd);
    expect(html).toBe('<p>Пишите на <a href="mailto:a_b%2Ac%29%5Bx%5D%28https%3A%2F%2Fevil.example%29@ekran.ru">a_b*c)[x](https://evil.example)@ekran.ru</a>.</p>\n');
    expect(html).not.toContain('<em>');
  });

  it('an empty КПП (a sole trader) reads as a dash', () => {
    expect(fillPlaceholders('КПП {{company.kpp}}', values)).toBe('КПП —');
  });

  it('a value is text, never Markdown: its marks and a table bar are escaped, and the sanitiser still runs', () => {
    const evil = { ...values, 'company.name': 'ООО *Жир* | [ссылка](javascript:alert(1)) <script>' };
    const { html } = renderContent('| a | b |\n|---|---|\n| Имя | {{company.name}} |', evil);
    expect(html).not.toContain('<em>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('href');
    expect(html).toContain('<td>ООО *Жир* | [ссылка](javascript:alert(1)) &lt;script&gt;</td>');
  });

  it('an unknown placeholder stays as written and is reported', () => {
    expect(fillPlaceholders('{{company.ceo}} и {{company.name}}', values)).toBe('{{company.ceo}} и ООО «Кинопоток»');
    expect(unknownPlaceholders('{{company.ceo}} и {{company.name}}', values)).toEqual(['company.ceo']);
  });

  it('every seeded document version and page names only known placeholders', () => {
    const sources = [...LEGAL_DOCUMENTS.flatMap((d) => d.versions.map((v) => v.body)), ...STATIC_PAGES.map((p) => p.body)];
    for (const source of sources) expect(unknownPlaceholders(source, values)).toEqual([]);
  });
});

describe('headings and the table of contents', () => {
  it('gives h2 and h3 anchors of their own and lists them in order, ignoring any id of the source', () => {
    const { html, toc } = withHeadingIds('<h2>1. Термины</h2><p>т</p><h3>Пробный &amp; период</h3><h2>2. <em>Оплата</em></h2>');
    expect(html).toBe('<h2 id="section-1">1. Термины</h2><p>т</p><h3 id="section-2">Пробный &amp; период</h3><h2 id="section-3">2. <em>Оплата</em></h2>');
    expect(toc).toEqual([
      { id: 'section-1', title: '1. Термины', level: 2 },
      { id: 'section-2', title: 'Пробный & период', level: 3 },
      { id: 'section-3', title: '2. Оплата', level: 2 },
    ]);
  });

  it('renders a whole document: Markdown headings become anchored sections', () => {
    const { html, toc } = renderContent('Вступление.\n\n## Реквизиты\n\n- {{company.name}}', values);
    expect(html).toContain('<h2 id="section-1">Реквизиты</h2>');
    expect(html).toContain('<li>ООО «Кинопоток»</li>');
    expect(toc).toHaveLength(1);
  });
});
