// Spec platform §2 Legal and Static: /legal, /legal/{alias} with its versions, /about, /corporateinfo, /confirmed and
// /denied; the short aliases stay not-found.
import type { Company, LegalDocument, StaticPage } from '@ekran/contracts';
import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import routes from '../../routes.ts';
import { ApiCallError } from '../../lib/api.server.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader as aboutLoader, meta as aboutMeta } from '../info/about.tsx';
import { loader as corporateLoader } from '../info/corporateinfo.tsx';
import { loader as outcomeLoader, meta as outcomeMeta } from '../info/outcome.tsx';
import { loader as documentLoader, meta as documentMeta } from './legal-document.tsx';
import { loader as indexLoader } from './legal-index.tsx';
import { formatDay } from '../../components/legal/legal-parts.tsx';

const company: Company = { name: 'ООО «Экран» (демо-реквизиты)', inn: '7700000000', ogrn: '1027700000000', kpp: '770001001', address: 'Москва', email: 'support@ekran.ru', phone: '8 800 700-12-34', is_demo: true };
const doc = (o: Partial<LegalDocument> = {}): LegalDocument => ({
  alias: 'terms_of_use', title: 'Пользовательское соглашение', description: 'Условия.', version: 2, effective_from: '2026-08-31T21:00:00.000Z', summary: 'Уточнены условия.',
  status: 'current', current_version: 2, html: '<h2 id="section-1">1. Термины</h2><p>Текст.</p>', toc: [{ id: 'section-1', title: '1. Термины', level: 2 }],
  versions: [
    { version: 2, effective_from: '2026-08-31T21:00:00.000Z', summary: 'Уточнены условия.', status: 'current' },
    { version: 1, effective_from: '2025-02-28T21:00:00.000Z', summary: '', status: 'previous' },
  ],
  ...o,
});
const page = (alias: string): StaticPage => ({ alias, title: 'Готово', description: 'Ссылка из письма сработала: действие подтверждено.', html: '<p>Что дальше</p>', updated_at: '2026-11-01T00:00:00.000Z', company });
const get = (path: string) => new Request(`http://localhost${path}`);
const status = (r: { thrown: unknown } | { value: unknown }) => ('thrown' in r ? (r.thrown as { init?: { status: number } }).init?.status : 200);
const root = [{ id: 'root', data: { origin: 'https://ekran.ru' } }];

describe('/legal', () => {
  it('loads the documents and the requisites', async () => {
    const legalDocuments = vi.fn().mockResolvedValue({ items: [], company });
    expect(await indexLoader({ request: get('/legal'), params: {}, context: contextWith({ legalDocuments }) } as never)).toEqual({ items: [], company });
  });
});

describe('/legal/{alias}', () => {
  it('loads the version in force', async () => {
    const legalDocument = vi.fn().mockResolvedValue(doc());
    const legalVersion = vi.fn();
    const r = await documentLoader({ request: get('/legal/terms_of_use'), params: { alias: 'terms_of_use' }, context: contextWith({ legalDocument, legalVersion }) } as never);
    expect(r.doc.version).toBe(2);
    expect(legalDocument).toHaveBeenCalledWith('terms_of_use');
    expect(legalVersion).not.toHaveBeenCalled();
  });

  it('loads an earlier version from ?version=N', async () => {
    const legalVersion = vi.fn().mockResolvedValue(doc({ version: 1, status: 'previous' }));
    const r = await documentLoader({ request: get('/legal/terms_of_use?version=1'), params: { alias: 'terms_of_use' }, context: contextWith({ legalVersion }) } as never);
    expect(legalVersion).toHaveBeenCalledWith('terms_of_use', 1);
    expect(r.doc.status).toBe('previous');
  });

  it.each(['0', 'abc', '1.5', '-2', '', '01'])('?version=%s is the not-found screen without asking the API', async (version) => {
    const legalVersion = vi.fn();
    const r = await outcome(() => documentLoader({ request: get(`/legal/terms_of_use?version=${version}`), params: { alias: 'terms_of_use' }, context: contextWith({ legalVersion }) } as never));
    expect(status(r)).toBe(404);
    expect(legalVersion).not.toHaveBeenCalled();
  });

  it('an unknown document or version the API does not have is the not-found screen; other failures are not hidden', async () => {
    const missing = vi.fn().mockRejectedValue(new ApiCallError(404, { status: 404, code: 'NOT_FOUND', message: 'Legal document not found' }));
    expect(status(await outcome(() => documentLoader({ request: get('/legal/offer'), params: { alias: 'offer' }, context: contextWith({ legalDocument: missing }) } as never)))).toBe(404);
    expect(status(await outcome(() => documentLoader({ request: get('/legal/terms_of_use?version=9'), params: { alias: 'terms_of_use' }, context: contextWith({ legalVersion: missing }) } as never)))).toBe(404);
    const broken = vi.fn().mockRejectedValue(new ApiCallError(500, null));
    const r = await outcome(() => documentLoader({ request: get('/legal/terms_of_use'), params: { alias: 'terms_of_use' }, context: contextWith({ legalDocument: broken }) } as never));
    expect('thrown' in r && r.thrown).toBeInstanceOf(ApiCallError);
  });

  it('the canonical address is the document\'s own, and an earlier version is not indexed', () => {
    const current = documentMeta({ data: { doc: doc() }, matches: root } as never);
    expect(current).toContainEqual({ title: 'Пользовательское соглашение — Экран' });
    expect(current).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://ekran.ru/legal/terms_of_use' });
    expect(current).not.toContainEqual(expect.objectContaining({ name: 'robots' }));
    const earlier = documentMeta({ data: { doc: doc({ version: 1, status: 'previous' }) }, matches: root } as never);
    expect(earlier).toContainEqual({ title: 'Пользовательское соглашение, редакция 1 — Экран' });
    expect(earlier).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://ekran.ru/legal/terms_of_use' });
    expect(earlier).toContainEqual({ name: 'robots', content: 'noindex, follow' });
  });

  it('dates read as Russian days in Moscow time, and a period\'s last day is the day before the next version', () => {
    expect(formatDay('2026-08-31T21:00:00.000Z', 'ru')).toBe('1 сентября 2026 г.');
    expect(formatDay('2026-08-31T21:00:00.000Z', 'ru', true)).toBe('31 августа 2026 г.');
    expect(formatDay('2026-08-31T21:00:00.000Z', 'en')).toBe('1 September 2026');
  });
});

describe('/about and /corporateinfo', () => {
  it('/about loads its page; its meta has the canonical /about', async () => {
    const staticPage = vi.fn().mockResolvedValue(page('about'));
    const r = await aboutLoader({ request: get('/about'), params: {}, context: contextWith({ staticPage }) } as never);
    expect(staticPage).toHaveBeenCalledWith('about');
    expect(aboutMeta({ data: r, matches: root } as never)).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://ekran.ru/about' });
  });

  it('/corporateinfo loads its page and the documents', async () => {
    const staticPage = vi.fn().mockResolvedValue(page('corporateinfo'));
    const legalDocuments = vi.fn().mockResolvedValue({ items: [{ alias: 'terms_of_use', title: 'Пользовательское соглашение', description: '', version: 2, effective_from: '2026-08-31T21:00:00.000Z' }], company });
    const r = await corporateLoader({ request: get('/corporateinfo'), params: {}, context: contextWith({ staticPage, legalDocuments }) } as never);
    expect(r.documents.map((d) => d.alias)).toEqual(['terms_of_use']);
  });

  it('a page the API does not have is the not-found screen', async () => {
    const staticPage = vi.fn().mockRejectedValue(new ApiCallError(404, null));
    expect(status(await outcome(() => aboutLoader({ request: get('/about'), params: {}, context: contextWith({ staticPage }) } as never)))).toBe(404);
  });
});

describe('/confirmed and /denied', () => {
  const run = (path: string) => outcomeLoader({ request: get(path), params: {}, context: contextWith({ staticPage: vi.fn(async (alias: string) => page(alias)) }) } as never);

  it.each([
    ['/confirmed?what=email', { kind: 'confirmed', what: 'email', reason: null }],
    ['/confirmed?what=doi&reason=expired', { kind: 'confirmed', what: 'doi', reason: null }],
    ['/confirmed', { kind: 'confirmed', what: 'generic', reason: null }],
    ['/denied?what=unsubscribe&reason=invalid', { kind: 'denied', what: 'unsubscribe', reason: 'invalid' }],
    ['/denied?what=email&reason=expired', { kind: 'denied', what: 'email', reason: 'expired' }],
    ['/denied?what=<script>&reason=nonsense', { kind: 'denied', what: 'generic', reason: null }],
  ])('%s', async (path, expected) => {
    expect(await run(path)).toMatchObject(expected);
  });

  it('is not indexed and names the outcome in its title', async () => {
    const tags = outcomeMeta({ data: await run('/denied?what=doi'), matches: root } as never);
    expect(tags).toContainEqual({ title: 'Не удалось подтвердить подписку — Экран' });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex, follow' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://ekran.ru/denied' });
  });
});

describe('the route table', () => {
  const tree = routes.map((r) => ({ path: r.path, index: r.index, id: r.file }));
  const fileOf = (path: string) => (matchRoutes(tree as never, path) as { route: { id: string } }[] | null)?.at(-1)?.route.id.replace(/\.tsx?$/, '');

  it.each([
    ['/legal', 'routes/legal/legal-index'],
    ['/legal/terms_of_use', 'routes/legal/legal-document'],
    ['/legal/privacy_policy', 'routes/legal/legal-document'],
    ['/legal/terms_of_promocode', 'routes/legal/legal-document'],
    ['/legal/persondata', 'routes/legal/legal-document'],
    ['/legal/cookies_policy', 'routes/legal/legal-document'],
    ['/about', 'routes/info/about'],
    ['/corporateinfo', 'routes/info/corporateinfo'],
    ['/confirmed', 'routes/info/outcome'],
    ['/denied', 'routes/info/outcome'],
  ])('%s → %s', (path, file) => {
    expect(fileOf(path)).toBe(file);
  });

  it.each(['/privacy', '/termsofuse', '/termsofpromocode', '/persondata', '/cookies_policy'])('the short alias %s stays the not-found screen (platform §2 Legal)', (path) => {
    expect(fileOf(path)).toBe('routes/errors/not-found');
  });
});
