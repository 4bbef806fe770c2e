import { z } from 'zod';

// Legal documents (spec platform §2 Legal: /legal and /legal/{alias}), the static pages of platform §2 Static
// (/about, /corporateinfo, /confirmed, /denied) and the account's consent log.

/** The legal documents of spec platform §2, in the order /legal lists them. */
export const LEGAL_ALIASES = ['terms_of_use', 'privacy_policy', 'persondata', 'cookies_policy', 'terms_of_promocode'] as const;
/** The alias of a legal document. */
export type LegalAlias = (typeof LEGAL_ALIASES)[number];
/** Whether a path segment names a legal document. */
export const isLegalAlias = (value: string): value is LegalAlias => (LEGAL_ALIASES as readonly string[]).includes(value);

/** The static pages whose text the API keeps. */
export const PAGE_ALIASES = ['about', 'corporateinfo', 'confirmed', 'denied'] as const;
/** The alias of a static page. */
export type PageAlias = (typeof PAGE_ALIASES)[number];

/** Where a viewer accepted documents. */
export const CONSENT_CONTEXTS = ['signup', 'phone', 'social', 'payment'] as const;
export type ConsentContext = (typeof CONSENT_CONTEXTS)[number];

/** An alias of a document or page: lowercase latin letters and underscores (an unknown one is a 404). */
const ContentAliasSchema = z.string().regex(/^[a-z][a-z_]{0,63}$/, 'an alias is lowercase latin letters and underscores');

/** GET /api/v1/legal/:alias */
export const LegalAliasParamsSchema = z.object({ alias: ContentAliasSchema });
/** GET /api/v1/legal/:alias/versions/:version: a version is a whole number from 1. */
export const LegalVersionParamsSchema = LegalAliasParamsSchema.extend({
  version: z.string().regex(/^[1-9]\d{0,5}$/, 'a version is a whole number from 1').transform(Number),
});
/** GET /api/v1/content/pages/:alias */
export const PageAliasParamsSchema = z.object({ alias: ContentAliasSchema });

/** The operator's requisites, from the API's settings; `is_demo` while they are the repository's demo values. */
export const CompanySchema = z
  .object({
    name: z.string(),
    inn: z.string(),
    ogrn: z.string(),
    kpp: z.string(),
    address: z.string(),
    email: z.string(),
    phone: z.string(),
    is_demo: z.boolean(),
  })
  .meta({ id: 'Company' });
export type Company = z.infer<typeof CompanySchema>;

/** A version of a document as the version list names it. */
export const LegalVersionInfoSchema = z.object({
  version: z.number().int(),
  effective_from: z.string(),
  /** What changed against the previous version ('' for the first). */
  summary: z.string(),
  /** current: in force now; previous: replaced; upcoming: published, in force from effective_from. */
  status: z.enum(['current', 'previous', 'upcoming']),
});
export type LegalVersionInfo = z.infer<typeof LegalVersionInfoSchema>;

/** A document on the /legal list: its title, line and the version in force. */
export const LegalDocumentSummarySchema = z.object({
  alias: z.string(),
  title: z.string(),
  description: z.string(),
  version: z.number().int(),
  effective_from: z.string(),
});
export type LegalDocumentSummary = z.infer<typeof LegalDocumentSummarySchema>;

/** GET /api/v1/legal */
export const LegalDocumentListSchema = z.object({ items: z.array(LegalDocumentSummarySchema), company: CompanySchema }).meta({ id: 'LegalDocumentList' });
export type LegalDocumentList = z.infer<typeof LegalDocumentListSchema>;

/** A heading of a document's table of contents (the id is the heading's anchor in `html`). */
export const TocEntrySchema = z.object({ id: z.string(), title: z.string(), level: z.number().int() });
export type TocEntry = z.infer<typeof TocEntrySchema>;

/** GET /api/v1/legal/:alias and …/versions/:version: one version, rendered (sanitised HTML), with every version listed. */
export const LegalDocumentSchema = z
  .object({
    alias: z.string(),
    title: z.string(),
    description: z.string(),
    version: z.number().int(),
    effective_from: z.string(),
    summary: z.string(),
    status: LegalVersionInfoSchema.shape.status,
    /** The version in force now. */
    current_version: z.number().int(),
    html: z.string(),
    toc: z.array(TocEntrySchema),
    versions: z.array(LegalVersionInfoSchema),
  })
  .meta({ id: 'LegalDocument' });
export type LegalDocument = z.infer<typeof LegalDocumentSchema>;

/** GET /api/v1/legal/:alias/versions */
export const LegalVersionListSchema = z.object({ alias: z.string(), items: z.array(LegalVersionInfoSchema) }).meta({ id: 'LegalVersionList' });
export type LegalVersionList = z.infer<typeof LegalVersionListSchema>;

/** GET /api/v1/content/pages/:alias: a static page, rendered, with the requisites its page may show. */
export const StaticPageSchema = z
  .object({ alias: z.string(), title: z.string(), description: z.string(), html: z.string(), updated_at: z.string(), company: CompanySchema })
  .meta({ id: 'StaticPage' });
export type StaticPage = z.infer<typeof StaticPageSchema>;

/** One acceptance of the consent log. */
export const ConsentSchema = z.object({
  document: z.string(),
  title: z.string(),
  version: z.number().int(),
  context: z.enum(CONSENT_CONTEXTS),
  accepted_at: z.string(),
});
export type Consent = z.infer<typeof ConsentSchema>;

/** GET /api/v1/account/consents: the holder's consents, newest first. */
export const ConsentListSchema = z.object({ items: z.array(ConsentSchema) }).meta({ id: 'ConsentList' });
export type ConsentList = z.infer<typeof ConsentListSchema>;
