import type { ConsentContext, ConsentList, LegalAlias, LegalDocument, LegalDocumentList, LegalVersionInfo, LegalVersionList, StaticPage, TocEntry } from '@ekran/contracts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { createLegalRepo, insertConsents, versionsInForce, type LegalDocumentRow, type LegalTx, type LegalVersionRow } from './legal.repo.ts';
import { companyOf, placeholderValues, renderContent } from './legal.render.ts';

/**
 * What each action's page asks the viewer to accept (the sentence under its button): a sign-up of any kind accepts
 * the terms, the privacy policy and the consent to personal data processing; a payment accepts the terms, whose
 * section on subscriptions is the offer.
 */
export const CONSENTS_BY_CONTEXT: Record<ConsentContext, readonly LegalAlias[]> = {
  signup: ['terms_of_use', 'privacy_policy', 'persondata'],
  phone: ['terms_of_use', 'privacy_policy', 'persondata'],
  social: ['terms_of_use', 'privacy_policy', 'persondata'],
  payment: ['terms_of_use'],
};

/** Where one acceptance happened. */
export interface ConsentInput {
  userId: string;
  context: ConsentContext;
  ip?: string | null;
  /** What the action made (an order's id). */
  reference?: string | null;
}

/** The version in force at `now`: the newest whose effective_from has come (null while none has). */
function currentOf(versions: LegalVersionRow[], now: Date): LegalVersionRow | null {
  let current: LegalVersionRow | null = null;
  for (const v of versions) if (v.effectiveFrom <= now && (!current || v.version > current.version)) current = v;
  return current;
}

const statusOf = (v: LegalVersionRow, current: LegalVersionRow): LegalVersionInfo['status'] =>
  v.version === current.version ? 'current' : v.version < current.version ? 'previous' : 'upcoming';

/**
 * Legal documents and their versions (spec platform §2 Legal), the static pages (§2 Static) and the consent log.
 * Content is Markdown rows; the answer is sanitised HTML with the operator's requisites filled in from the settings
 * (docs/decisions/050-content-and-legal.md).
 */
export function createLegalService(deps: Pick<Deps, 'env' | 'database' | 'now'>) {
  const repo = createLegalRepo(deps.database.db);
  const company = companyOf(deps.env);
  const values = placeholderValues(company, deps.env.WEB_ORIGIN);
  // A version's text never changes once published and the settings are read once: each is rendered once.
  const rendered = new Map<string, { html: string; toc: TocEntry[] }>();
  const render = (key: string, markdown: string) => {
    let hit = rendered.get(key);
    if (!hit) {
      hit = renderContent(markdown, values);
      if (rendered.size > 500) rendered.clear();
      rendered.set(key, hit);
    }
    return hit;
  };

  function documentAnswer(document: LegalDocumentRow, versions: LegalVersionRow[], version: LegalVersionRow, current: LegalVersionRow): LegalDocument {
    const { html, toc } = render(`${version.id}:${version.version}:${version.bodyMd.length}`, version.bodyMd);
    return {
      alias: document.alias,
      title: document.title,
      description: document.description,
      version: version.version,
      effective_from: version.effectiveFrom.toISOString(),
      summary: version.summary,
      status: statusOf(version, current),
      current_version: current.version,
      html,
      toc,
      versions: versionInfos(versions, current),
    };
  }

  const versionInfos = (versions: LegalVersionRow[], current: LegalVersionRow): LegalVersionInfo[] =>
    [...versions].reverse().map((v) => ({ version: v.version, effective_from: v.effectiveFrom.toISOString(), summary: v.summary, status: statusOf(v, current) }));

  /** A document and its version in force; a document without one in force yet is not published (404). */
  async function published(alias: string) {
    const found = await repo.documentWithVersions(alias);
    const current = found && currentOf(found.versions, deps.now());
    if (!found || !current) throw notFound('Legal document');
    return { ...found, current };
  }

  return {
    company,

    /** GET /legal: the published documents with the version in force, and the requisites. */
    async list(): Promise<LegalDocumentList> {
      const now = deps.now();
      const items = (await repo.documentsWithVersions()).flatMap(({ document, versions }) => {
        const current = currentOf(versions, now);
        return current
          ? [{ alias: document.alias, title: document.title, description: document.description, version: current.version, effective_from: current.effectiveFrom.toISOString() }]
          : [];
      });
      return { items, company };
    },

    /** GET /legal/:alias: the version in force (404 for an unknown document). */
    async current(alias: string): Promise<LegalDocument> {
      const { document, versions, current } = await published(alias);
      return documentAnswer(document, versions, current, current);
    },

    /** GET /legal/:alias/versions/:version: any published version, earlier or upcoming (404 for one that is not). */
    async version(alias: string, number: number): Promise<LegalDocument> {
      const { document, versions, current } = await published(alias);
      const version = versions.find((v) => v.version === number);
      if (!version) throw notFound('Legal document version');
      return documentAnswer(document, versions, version, current);
    },

    /** GET /legal/:alias/versions: every version, newest first. */
    async versions(alias: string): Promise<LegalVersionList> {
      const { versions, current } = await published(alias);
      return { alias, items: versionInfos(versions, current) };
    },

    /** GET /content/pages/:alias (404 for an unknown page) */
    async page(alias: string): Promise<StaticPage> {
      const row = await repo.page(alias);
      if (!row) throw notFound('Page');
      const { html } = render(`page:${row.id}:${row.updatedAt.getTime()}:${row.bodyMd.length}`, row.bodyMd);
      return { alias, title: row.title, description: row.description, html, updated_at: row.updatedAt.toISOString(), company };
    },

    /**
     * Records that an account accepted the versions in force of what its action's page names (CONSENTS_BY_CONTEXT),
     * now, in the caller's transaction when it passes one. Documents not seeded are skipped: the log names only
     * versions that exist.
     */
    async recordConsents(input: ConsentInput, tx: LegalTx = deps.database.db): Promise<void> {
      const at = deps.now();
      const inForce = await versionsInForce(tx, CONSENTS_BY_CONTEXT[input.context], at);
      await insertConsents(
        tx,
        inForce.map(({ alias, version }) => ({ userId: input.userId, documentAlias: alias, version, context: input.context, acceptedAt: at, ip: input.ip ?? null, reference: input.reference ?? null })),
      );
    },

    /** GET /account/consents: what the account accepted, newest first. */
    async consentsOf(userId: string): Promise<ConsentList> {
      const rows = await repo.consentsOf(userId);
      return {
        items: rows.map(({ consent, title }) => ({
          document: consent.documentAlias,
          title: title ?? consent.documentAlias,
          version: consent.version,
          context: consent.context,
          accepted_at: consent.acceptedAt.toISOString(),
        })),
      };
    },
  };
}
export type LegalService = ReturnType<typeof createLegalService>;
