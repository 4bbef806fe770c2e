import { ApiPath, ConsentListSchema, LegalDocumentListSchema, LegalDocumentSchema, StaticPageSchema } from '@ekran/contracts';
import type { ApiCall } from './api-call.server.ts';

/** The legal documents and their versions, the static pages, the account's consent log (decision 050). */
export function legalApi(call: ApiCall) {
  return {
    legalDocuments: () => call(LegalDocumentListSchema, ApiPath.legalDocuments),
    legalDocument: (alias: string) => call(LegalDocumentSchema, ApiPath.legalDocument(alias)),
    legalVersion: (alias: string, version: number) => call(LegalDocumentSchema, ApiPath.legalVersion(alias, String(version))),
    staticPage: (alias: string) => call(StaticPageSchema, ApiPath.staticPage(alias)),
    consents: () => call(ConsentListSchema, ApiPath.accountConsents),
  };
}
