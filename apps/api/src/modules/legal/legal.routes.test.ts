// Spec platform §2 Legal and Static: the documents with their versions and effective dates, the static pages, the
// requisites from the settings in their text, and the holder's consent log.
import { ConsentListSchema, ErrorSchema, LEGAL_ALIASES, LegalDocumentListSchema, LegalDocumentSchema, LegalVersionListSchema, StaticPageSchema } from '@ekran/contracts';
import { consents, legalDocuments, legalDocumentVersions } from '@ekran/db';
import { seedContent } from '@ekran/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ COMPANY_NAME: 'ООО «Кинопоток»', COMPANY_INN: '7701234567', COMPANY_EMAIL: 'help@kinopotok.ru', WEB_ORIGIN: 'https://kinopotok.ru' });
  await seedContent(t.db);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = t.headers) => t.app.inject({ url, headers });

describe('GET /api/v1/legal', () => {
  it('lists the five documents of the spec in order, each with its version in force, and the requisites of the settings', async () => {
    const res = await get('/api/v1/legal');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = LegalDocumentListSchema.parse(res.json());
    expect(body.items.map((d) => d.alias)).toEqual([...LEGAL_ALIASES]);
    expect(body.items[0]).toMatchObject({ alias: 'terms_of_use', title: 'Пользовательское соглашение', version: 2, effective_from: '2026-08-31T21:00:00.000Z' });
    expect(body.company).toMatchObject({ name: 'ООО «Кинопоток»', inn: '7701234567', email: 'help@kinopotok.ru', is_demo: false });
  });

  it('a version that takes effect later is not yet the one in force', async () => {
    const saved = t.clock.now;
    t.clock.now = new Date('2026-08-31T20:59:59Z'); // a second before Moscow midnight of 1 September
    try {
      const body = LegalDocumentListSchema.parse((await get('/api/v1/legal')).json());
      expect(body.items.find((d) => d.alias === 'terms_of_use')!.version).toBe(1);
      const doc = LegalDocumentSchema.parse((await get('/api/v1/legal/terms_of_use/versions/2')).json());
      expect(doc).toMatchObject({ version: 2, status: 'upcoming', current_version: 1 });
    } finally {
      t.clock.now = saved;
    }
  });
});

describe('GET /api/v1/legal/:alias', () => {
  it('answers the version in force, rendered, with the requisites filled in, a table of contents and every version', async () => {
    const res = await get('/api/v1/legal/terms_of_use');
    expect(res.statusCode).toBe(200);
    const doc = LegalDocumentSchema.parse(res.json());
    expect(doc).toMatchObject({ alias: 'terms_of_use', version: 2, status: 'current', current_version: 2 });
    expect(doc.html).toContain('ООО «Кинопоток»');
    expect(doc.html).toContain('ИНН 7701234567');
    expect(doc.html).toContain('https://kinopotok.ru/legal/terms_of_use');
    expect(doc.html).not.toMatch(/\{\{|\}\}/);
    expect(doc.html).toContain('<h2 id="section-1">1. Термины</h2>');
    expect(doc.toc[0]).toEqual({ id: 'section-1', title: '1. Термины', level: 2 });
    expect(doc.toc.map((e) => e.title)).toContain('Реквизиты');
    expect(doc.versions.map((v) => [v.version, v.status])).toEqual([[2, 'current'], [1, 'previous']]);
    expect(doc.versions[0]!.summary).toMatch(/автопродлени/);
  });

  it.each(LEGAL_ALIASES)('%s is published with several sections of text', async (alias) => {
    const doc = LegalDocumentSchema.parse((await get(`/api/v1/legal/${alias}`)).json());
    expect(doc.toc.length).toBeGreaterThanOrEqual(4);
    expect(doc.html.length).toBeGreaterThan(2500);
    expect(doc.html).not.toContain('{{');
  });

  it('answers 404 in the error shape for a document that is not one of the spec, 400 for a malformed alias', async () => {
    for (const alias of ['privacy', 'termsofuse', 'offer']) {
      const res = await get(`/api/v1/legal/${alias}`);
      expect([res.statusCode, ErrorSchema.parse(res.json()).code], alias).toEqual([404, 'NOT_FOUND']);
    }
    for (const alias of ['Terms_Of_Use', 'terms-of-use', '_x', 'a'.repeat(65)]) {
      const res = await get(`/api/v1/legal/${alias}`);
      expect([res.statusCode, ErrorSchema.parse(res.json()).code], alias).toEqual([400, 'BAD_REQUEST']);
    }
  });

  it('answers 404 for a document of the spec that has no version in force', async () => {
    const [doc] = await t.db.select().from(legalDocuments).where(eq(legalDocuments.alias, 'cookies_policy'));
    await t.db.update(legalDocumentVersions).set({ effectiveFrom: new Date('2030-01-01T00:00:00Z') }).where(eq(legalDocumentVersions.documentId, doc!.id));
    try {
      const res = await get('/api/v1/legal/cookies_policy');
      expect([res.statusCode, ErrorSchema.parse(res.json()).code]).toEqual([404, 'NOT_FOUND']);
      expect(LegalDocumentListSchema.parse((await get('/api/v1/legal')).json()).items.map((d) => d.alias)).not.toContain('cookies_policy');
    } finally {
      await t.db.update(legalDocumentVersions).set({ effectiveFrom: new Date('2025-02-28T21:00:00Z') }).where(eq(legalDocumentVersions.documentId, doc!.id));
    }
  });

  it('works without a session (anonymous) but not without the API key', async () => {
    expect((await get('/api/v1/legal/privacy_policy', {})).statusCode).toBe(401);
    const visitor = await loginDevice(t);
    expect((await get('/api/v1/legal/privacy_policy', visitor.auth)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/legal/:alias/versions and …/versions/:version', () => {
  it('lists every version newest first with effective dates and what changed', async () => {
    const res = await get('/api/v1/legal/privacy_policy/versions');
    expect(res.statusCode).toBe(200);
    const list = LegalVersionListSchema.parse(res.json());
    expect(list.items.map((v) => [v.version, v.status, v.effective_from])).toEqual([
      [2, 'current', '2026-08-31T21:00:00.000Z'],
      [1, 'previous', '2025-02-28T21:00:00.000Z'],
    ]);
    expect(list.items[1]!.summary).toBe('');
  });

  it('answers an earlier version, whose text differs from the one in force', async () => {
    const earlier = LegalDocumentSchema.parse((await get('/api/v1/legal/terms_of_use/versions/1')).json());
    const current = LegalDocumentSchema.parse((await get('/api/v1/legal/terms_of_use')).json());
    expect(earlier).toMatchObject({ version: 1, status: 'previous', current_version: 2, effective_from: '2025-02-28T21:00:00.000Z' });
    expect(earlier.html).not.toBe(current.html);
    expect(current.html).toContain('льготного периода');
    expect(earlier.html).not.toContain('льготного периода');
  });

  it.each([
    ['3', 404],
    ['99', 404],
    ['0', 400],
    ['-1', 400],
    ['1.5', 400],
    ['abc', 400],
    ['01', 400],
    ['9999999', 400],
  ])('version %s answers %i in the error shape', async (version, status) => {
    const res = await get(`/api/v1/legal/terms_of_use/versions/${version}`);
    expect(res.statusCode).toBe(status);
    expect(ErrorSchema.parse(res.json()).status).toBe(status);
  });

  it('an unknown document has no versions (404)', async () => {
    expect((await get('/api/v1/legal/privacy/versions')).statusCode).toBe(404);
    expect((await get('/api/v1/legal/privacy/versions/1')).statusCode).toBe(404);
  });
});

describe('GET /api/v1/content/pages/:alias', () => {
  it.each(['about', 'corporateinfo', 'confirmed', 'denied'])('%s: title, description, rendered text with the requisites', async (alias) => {
    const res = await get(`/api/v1/content/pages/${alias}`);
    expect(res.statusCode).toBe(200);
    const page = StaticPageSchema.parse(res.json());
    expect(page.title.length).toBeGreaterThan(3);
    expect(page.description.length).toBeGreaterThan(20);
    expect(page.html).not.toContain('{{');
    expect(page.company.name).toBe('ООО «Кинопоток»');
  });

  it('/corporateinfo has the requisites table and the partners\' addresses', async () => {
    const page = StaticPageSchema.parse((await get('/api/v1/content/pages/corporateinfo')).json());
    expect(page.html).toMatch(/<td>ИНН<\/td>\s*<td>7701234567<\/td>/);
    for (const email of ['press@ekran.ru', 'ads@ekran.ru', 'content@ekran.ru', 'partners@ekran.ru']) expect(page.html).toContain(`<a href="mailto:${email}">${email}</a>`);
  });

  it.each(['corporateinfo', 'confirmed', 'denied'])('%s links the support address (mailto), as /legal does', async (alias) => {
    const page = StaticPageSchema.parse((await get(`/api/v1/content/pages/${alias}`)).json());
    expect(page.html).toContain('<a href="mailto:help@kinopotok.ru">help@kinopotok.ru</a>');
  });

  it('answers 404 for a page that is not one of them, 400 for a malformed alias', async () => {
    for (const alias of ['contacts', 'faq', 'x']) expect((await get(`/api/v1/content/pages/${alias}`)).statusCode).toBe(404);
    expect((await get('/api/v1/content/pages/About')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/account/consents', () => {
  it('lists the holder\'s own consents, newest first; a virtual visitor is refused', async () => {
    const user = await t.make.user();
    const other = await t.make.user();
    const { auth } = await t.make.session({ userId: user.id });
    await t.db.insert(consents).values([
      { userId: user.id, documentAlias: 'terms_of_use', version: 1, context: 'signup', acceptedAt: new Date('2025-05-01T10:00:00Z') },
      { userId: user.id, documentAlias: 'terms_of_use', version: 2, context: 'payment', acceptedAt: new Date('2026-10-01T10:00:00Z') },
      { userId: other.id, documentAlias: 'terms_of_use', version: 2, context: 'signup', acceptedAt: new Date('2026-10-02T10:00:00Z') },
    ]);
    const res = await get('/api/v1/account/consents', auth);
    expect(res.statusCode).toBe(200);
    expect(ConsentListSchema.parse(res.json()).items).toEqual([
      { document: 'terms_of_use', title: 'Пользовательское соглашение', version: 2, context: 'payment', accepted_at: '2026-10-01T10:00:00.000Z' },
      { document: 'terms_of_use', title: 'Пользовательское соглашение', version: 1, context: 'signup', accepted_at: '2025-05-01T10:00:00.000Z' },
    ]);
    const visitor = await loginDevice(t);
    expect((await get('/api/v1/account/consents', visitor.auth)).statusCode).toBe(403);
    expect((await get('/api/v1/account/consents')).statusCode).toBe(401);
  });
});

describe('the demo requisites', () => {
  it('are marked as demo in the answer', async () => {
    const demo = await createTestApp();
    try {
      await seedContent(demo.db);
      const page = StaticPageSchema.parse((await demo.app.inject({ url: '/api/v1/content/pages/corporateinfo', headers: demo.headers })).json());
      expect(page.company).toMatchObject({ name: 'ООО «Экран» (демо-реквизиты)', is_demo: true });
      expect(page.html).toContain('ООО «Экран» (демо-реквизиты)');
    } finally {
      await demo.close();
    }
  });
});
