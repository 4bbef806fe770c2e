import type { Company, TocEntry } from '@ekran/contracts';
import type { Env } from '../../env.ts';
import { DEMO_COMPANY } from '../../env.ts';
import { renderMarkdown } from '../../lib/markdown.ts';

/** The operator's requisites from the settings (COMPANY_*); demo while they are the repository's demo values. */
export function companyOf(env: Pick<Env, 'COMPANY_NAME' | 'COMPANY_INN' | 'COMPANY_OGRN' | 'COMPANY_KPP' | 'COMPANY_ADDRESS' | 'COMPANY_EMAIL' | 'COMPANY_PHONE'>): Company {
  return {
    name: env.COMPANY_NAME,
    inn: env.COMPANY_INN,
    ogrn: env.COMPANY_OGRN,
    kpp: env.COMPANY_KPP,
    address: env.COMPANY_ADDRESS,
    email: env.COMPANY_EMAIL,
    phone: env.COMPANY_PHONE,
    is_demo: env.COMPANY_NAME === DEMO_COMPANY.COMPANY_NAME || env.COMPANY_INN === DEMO_COMPANY.COMPANY_INN,
  };
}

/**
 * The values of the placeholders an editor may write: {{company.name}} … {{company.phone}}, {{site.url}}, and
 * {{company.email_link}}, the address as a mailto link (its Markdown is built here; see fillPlaceholders).
 */
export function placeholderValues(company: Company, siteUrl: string): Record<string, string> {
  return {
    'company.name': company.name,
    'company.inn': company.inn,
    'company.ogrn': company.ogrn,
    'company.kpp': company.kpp || '—',
    'company.address': company.address,
    'company.email': company.email,
    'company.phone': company.phone,
    'company.email_link': company.email,
    'site.url': siteUrl,
  };
}

/** Placeholders whose value is an address that becomes a mailto link rather than text. */
const MAILTO_PLACEHOLDERS = new Set(['company.email_link']);

const PLACEHOLDER = /\{\{\s*([a-z]+\.[a-z_]+)\s*\}\}/g;
// A setting is text, never Markdown: all its ASCII punctuation is escaped before the Markdown is read, so no mark,
// table bar or address in it becomes markup or a link (an http:// origin of development would be a link the
// sanitiser drops, text and all).
const MARKDOWN_MARKS = /[!-/:-@[-`{-~]/g;

const asText = (value: string) => value.replace(MARKDOWN_MARKS, (c) => `\\${c}`);

/**
 * A mailto link to an address: its words escaped as text, its target percent-encoded (so no bracket, space or mark
 * of the setting can end the link early or add to it).
 */
const mailtoLink = (address: string) => {
  const target = encodeURIComponent(address).replace(/%40/g, '@').replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `[${asText(address)}](mailto:${target})`;
};

/**
 * Markdown with its placeholders filled (values escaped as text, a mailto placeholder as a link); an unknown
 * placeholder stays as written.
 */
export function fillPlaceholders(markdown: string, values: Record<string, string>): string {
  return markdown.replace(PLACEHOLDER, (whole, key: string) => {
    const value = values[key];
    if (value === undefined) return whole;
    return MAILTO_PLACEHOLDERS.has(key) ? mailtoLink(value) : asText(value);
  });
}

/** The placeholders a Markdown source names that `values` does not know (the seed's test keeps this empty). */
export function unknownPlaceholders(markdown: string, values: Record<string, string>): string[] {
  return [...markdown.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((key) => !(key in values));
}

const HEADING = /<h([23])>([\s\S]*?)<\/h\1>/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/**
 * Anchors for a long document's headings and its table of contents: each h2 and h3 of the sanitised HTML gets
 * id="section-N" (made here, never taken from the source), and the contents list them in order.
 */
export function withHeadingIds(html: string): { html: string; toc: TocEntry[] } {
  const toc: TocEntry[] = [];
  const out = html.replace(HEADING, (_whole, level: string, inner: string) => {
    const id = `section-${toc.length + 1}`;
    const title = inner.replace(/<[^>]*>/g, '').replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e] ?? e).trim();
    toc.push({ id, title, level: Number(level) });
    return `<h${level} id="${id}">${inner}</h${level}>`;
  });
  return { html: out, toc };
}

/** A document's or page's Markdown as the site shows it: placeholders filled, rendered, sanitised, headings anchored. */
export function renderContent(markdown: string, values: Record<string, string>): { html: string; toc: TocEntry[] } {
  return withHeadingIds(renderMarkdown(fillPlaceholders(markdown, values)));
}
