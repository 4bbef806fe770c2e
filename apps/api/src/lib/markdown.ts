import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * The editors' Markdown (pages, legal documents, help and journal articles) turned into HTML the site may put in a
 * page as it is. markdown-it runs with raw HTML off, so a `<script>` in the source is text; its link check already
 * refuses `javascript:` and `data:` links. sanitize-html then keeps only the tags and attributes below, whatever a
 * plugin or a future option lets through: the database is not trusted to hold safe HTML.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: true, breaks: false });
// Russian typography: «ёлочки» outside, „лапки“ inside (typographer's replacement of straight quotes).
md.options.quotes = ['«', '»', '„', '“'];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h2', 'h3', 'h4', 'strong', 'em', 's', 'blockquote', 'code', 'pre', 'ul', 'ol', 'li',
    'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    ol: ['start'],
    th: ['style'],
    td: ['style'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
  },
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    // An outside link opens beside the page and passes no referrer or opener; the site's own stay as they are.
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const outside = /^https:\/\//i.test(href);
      return { tagName, attribs: outside ? { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' } : { ...attribs, rel: '', target: '' } };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
};

/** A link whose address the allowlist refused keeps its words as text (an `<a>` left without its href). */
const unwrapDeadLinks = (html: string) => html.replace(/<a(?![^>]*\shref=)[^>]*>([\s\S]*?)<\/a>/g, '$1');

/** Markdown to sanitised HTML (see the module's comment); an empty source is an empty string. */
export function renderMarkdown(source: string): string {
  if (!source.trim()) return '';
  return unwrapDeadLinks(sanitizeHtml(md.render(source), SANITIZE).replace(/ (rel|target)=""/g, ''));
}

/** The text of Markdown with its marks removed, for descriptions, search and reading time. */
export function markdownText(source: string): string {
  return sanitizeHtml(md.render(source), { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}
