import {
  ErrorSchema, SupportArticleSchema, SupportErrorCode, SupportFaqSchema, SupportFeedbackResponseSchema, SupportHomeSchema, SupportSearchResponseSchema,
  SupportSectionSchema, SupportStaffTicketListSchema, SupportStaffTicketSchema, SupportTicketCreatedSchema, SupportTicketListSchema, SupportTicketSchema,
} from '@ekran/contracts';
import { supportAttachments, supportTickets } from '@ekran/db';
import { seedSupport, SUPPORT_SECTIONS } from '@ekran/db/seed';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freshAddress, type TestApp } from '../../test/harness.ts';
import { DEV_STAFF_API_KEY } from './support.dev.routes.ts';

let t: TestApp;
const STAFF_KEY = 'test-staff-key-0001';
beforeAll(async () => {
  t = await createTestApp({ WEB_ORIGIN: 'https://ekran.example' });
  await seedSupport(t.db);
  await t.make.apiClient({ key: STAFF_KEY, platform: 'staff', name: 'back office' });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = t.headers, remoteAddress = freshAddress()) => t.app.inject({ method: 'GET', url, headers, remoteAddress });
const post = (url: string, headers: Headers, payload: unknown, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object, remoteAddress });
const codeOf = (res: { json: () => unknown }) => ErrorSchema.parse(res.json()).code;

/** A registered holder's session. */
async function holder(email?: string) {
  const user = await t.make.user(email ? { email } : {});
  return { user, auth: (await t.make.session({ userId: user.id })).auth };
}

/** A multipart body as a browser sends it: text fields and `images` files. */
async function multipart(fields: Record<string, string>, files: { name: string; type: string; bytes: Buffer }[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('images', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const request = new Request('http://local/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

async function postForm(url: string, auth: Headers, fields: Record<string, string>, files: { name: string; type: string; bytes: Buffer }[] = [], remoteAddress = freshAddress()) {
  const body = await multipart(fields, files);
  return t.app.inject({ method: 'POST', url, headers: { ...auth, 'content-type': body.type }, payload: body.payload, remoteAddress });
}

/** A photo with EXIF (camera and author) and a GPS-like comment, as a phone would send. */
const photoWithExif = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Spy 3000', Artist: 'Иван Петров', ImageDescription: 'Дома, ул. Ленина 1' } })
    .toBuffer();
const jpeg = (width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();

// ---------------------------------------------------------------- the help centre

describe('GET /api/v1/support, sections and articles', () => {
  it('answers the sections with their article counts and the popular questions', async () => {
    const res = await get('/api/v1/support');
    expect(res.statusCode).toBe(200);
    const home = SupportHomeSchema.parse(res.json());
    expect(home.sections.map((s) => s.alias)).toEqual(SUPPORT_SECTIONS.map((s) => s.alias));
    const total = home.sections.reduce((n, s) => n + s.articles_total, 0);
    expect(total).toBeGreaterThanOrEqual(25);
    expect(total).toBeLessThanOrEqual(35);
    expect(home.popular[0]).toMatchObject({ alias: 'otmenit-podpisku', url: '/support/subscription/otmenit-podpisku' });
  });

  it('answers a section with its categories, an article with sanitised HTML and its siblings, 404 for unknown ones', async () => {
    const section = SupportSectionSchema.parse((await get('/api/v1/support/sections/subscription')).json());
    expect(section.categories.map((c) => c.alias)).toEqual(['tariffs', 'payment', 'cancel-refund', 'promo']);
    const article = SupportArticleSchema.parse((await get('/api/v1/support/articles/tarify')).json());
    expect(article.html).toContain('<table>');
    expect(article.html).toContain('href="/tariffs"');
    expect(article.section).toEqual({ alias: 'subscription', title: 'Подписка и оплата' });
    expect(article.related.map((r) => r.alias)).toEqual(['probnyy-period']);
    expect((await get('/api/v1/support/sections/no-such')).statusCode).toBe(404);
    expect((await get('/api/v1/support/articles/no-such')).statusCode).toBe(404);
    expect((await get('/api/v1/support/articles/Bad%20Alias')).statusCode).toBe(400);
  });

  it('answers the FAQ by section from the articles marked as FAQ', async () => {
    const faq = SupportFaqSchema.parse((await get('/api/v1/support/faq')).json());
    const marked = SUPPORT_SECTIONS.flatMap((s) => s.categories.flatMap((c) => c.articles)).filter((a) => a.isFaq);
    expect(faq.sections.flatMap((s) => s.items).length).toBe(marked.length);
    expect(faq.sections[0]!.items[0]).toMatchObject({ question: 'Как зарегистрироваться', url: '/support/account/kak-zaregistrirovatsya' });
  });
});

describe('GET /api/v1/support/search', () => {
  const search = async (q: string) => SupportSearchResponseSchema.parse((await get(`/api/v1/support/search?q=${encodeURIComponent(q)}`)).json());

  it.each([
    ['a word of the title', 'пароль', 'zabyl-parol'],
    ['another form of a word (stemming)', 'отменить подписку', 'otmenit-podpisku'],
    ['ё in the query, е in the text', 'ребёнок', 'detskiy-profil'],
    ['е in the query, ё in the text', 'шестеренка', 'kachestvo-video'],
    ['a typo', 'отминить подписку', 'otmenit-podpisku'],
    ['a typo in a long word', 'буферезация', 'video-tormozit'],
    ['a keyword the text lacks', 'смарт тв', 'smart-tv'],
    ['upper case and punctuation', 'ПИН-КОД!', 'pin-kod'],
  ])('finds by %s («%s»)', async (_, q, alias) => {
    const found = await search(q);
    expect(found.items.map((i) => i.alias)).toContain(alias);
    expect(found.items[0]!.alias).toBe(alias);
    expect(found.items_total).toBeGreaterThanOrEqual(1);
  });

  it('demands every word: «отменить подписку» finds the cancellation and auto-renewal articles, title hits first, and no article that only has a word like «сменить»', async () => {
    const aliases = (await search('отменить подписку')).items.map((i) => i.alias);
    expect(aliases.slice(0, 2)).toEqual(['otmenit-podpisku', 'avtoprodlenie']);
    for (const unrelated of ['detskiy-profil', 'sposoby-oplaty', 'promokod']) expect(aliases).not.toContain(unrelated);
    expect((await search('как отменить подписку')).items.map((i) => i.alias).slice(0, 2)).toEqual(['otmenit-podpisku', 'avtoprodlenie']);
  });

  it('forgives two neighbouring letters swapped («верунть деньги» as «деньги»)', async () => {
    expect((await search('деньги')).items[0]!.alias).toBe('vozvrat-deneg');
    const found = await search('верунть деньги');
    expect(found.items.map((i) => i.alias)).toEqual(['vozvrat-deneg']);
  });

  it('a query of stop words only finds nothing', async () => {
    expect((await search('как и где')).items).toEqual([]);
  });

  it('finds nothing for an empty query or nonsense, and refuses a too long one', async () => {
    expect(await search('   ')).toEqual({ query: '   ', items: [], items_total: 0 });
    expect((await search('ъъъщщщзззххх')).items).toEqual([]);
    expect((await get(`/api/v1/support/search?q=${'я'.repeat(201)}`)).statusCode).toBe(400);
  });
});

describe('POST /api/v1/support/articles/{alias}/feedback («Был ли ответ полезен?»)', () => {
  const vote = (alias: string, helpful: unknown, headers: Headers = t.headers, address = freshAddress()) =>
    post(`/api/v1/support/articles/${alias}/feedback`, { ...headers, 'content-type': 'application/json' }, { helpful }, address);

  it('counts one vote per visitor per article: a repeat changes nothing, a change moves the vote', async () => {
    const address = freshAddress();
    const first = SupportFeedbackResponseSchema.parse((await vote('brauzery', true, t.headers, address)).json());
    expect(first).toEqual({ helpful_count: 1, unhelpful_count: 0, helpful: true });
    expect(SupportFeedbackResponseSchema.parse((await vote('brauzery', true, t.headers, address)).json())).toMatchObject({ helpful_count: 1, unhelpful_count: 0 });
    expect(SupportFeedbackResponseSchema.parse((await vote('brauzery', false, t.headers, address)).json())).toMatchObject({ helpful_count: 0, unhelpful_count: 1 });
    // Another visitor (an account this time) counts on its own.
    const { auth } = await holder();
    expect(SupportFeedbackResponseSchema.parse((await vote('brauzery', true, auth, address)).json())).toMatchObject({ helpful_count: 1, unhelpful_count: 1 });
    const article = SupportArticleSchema.parse((await get('/api/v1/support/articles/brauzery')).json());
    expect([article.helpful_count, article.unhelpful_count]).toEqual([1, 1]);
  });

  it('answers 400 for a vote that is not yes or no, 404 for an unknown article', async () => {
    expect((await vote('brauzery', 'да')).statusCode).toBe(400);
    expect((await vote('no-such', true)).statusCode).toBe(404);
  });

  it('limits the votes of one address (30 a minute)', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await vote('tv-kanaly', i % 2 === 0, t.headers, address)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

// ---------------------------------------------------------------- tickets

describe('POST /api/v1/support/tickets', () => {
  it('opens an account ticket with an image; the image is re-encoded and its metadata stripped', async () => {
    const { user, auth } = await holder();
    const photo = await photoWithExif();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await postForm('/api/v1/support/tickets', auth, { topic: 'playback', message: 'Фильм «Аврора» останавливается каждые пять минут.\nБраузер Chrome.' }, [
      { name: 'screen.jpg', type: 'image/jpeg', bytes: photo },
    ]);
    expect(res.statusCode).toBe(201);
    const created = SupportTicketCreatedSchema.parse(res.json());
    expect(created).toMatchObject({ guest: false, ticket: { topic: 'playback', status: 'open', unread: false, subject: 'Фильм «Аврора» останавливается каждые пять минут.' } });

    const thread = SupportTicketSchema.parse((await get(`/api/v1/support/tickets/${created.ticket.id}`, auth)).json());
    const [attachment] = thread.messages[0]!.attachments;
    expect(attachment).toMatchObject({ width: 320, height: 200, content_type: 'image/webp' });
    const image = await get(`/api/v1/support/tickets/${created.ticket.id}/attachments/${attachment!.id}`, auth);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
    // Kept in the database (bytea): every API process serves it.
    const [kept] = await t.db.select().from(supportAttachments).where(eq(supportAttachments.id, attachment!.id));
    expect(Buffer.compare(kept!.bytes, image.rawPayload)).toBe(0);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, created.ticket.id));
    expect(row).toMatchObject({ userId: user.id, email: user.email });
  });

  it('bounds the dimensions of a large image', async () => {
    const { auth } = await holder();
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080' } }).png().toBuffer();
    const created = SupportTicketCreatedSchema.parse((await postForm('/api/v1/support/tickets', auth, { topic: 'devices', message: 'Скриншот с телевизора' }, [{ name: 'tv.png', type: 'image/png', bytes: big }])).json());
    const thread = SupportTicketSchema.parse((await get(`/api/v1/support/tickets/${created.ticket.id}`, auth)).json());
    expect(thread.messages[0]!.attachments[0]).toMatchObject({ width: 2560, height: 1920 });
  });

  it.each<[string, Record<string, string>, () => Promise<{ name: string; type: string; bytes: Buffer }[]>, number, string]>([
    ['an empty message', { topic: 'other', message: '   ' }, async () => [], 400, SupportErrorCode.BadForm],
    ['an unknown topic', { topic: 'refund-now', message: 'Верните деньги' }, async () => [], 400, SupportErrorCode.BadForm],
    ['six images', { topic: 'other', message: 'Шесть скриншотов' }, async () => Promise.all(Array.from({ length: 6 }, async (_, i) => ({ name: `s${i}.jpg`, type: 'image/jpeg', bytes: await jpeg() }))), 400, SupportErrorCode.TooManyFiles],
    ['a PDF renamed .jpg', { topic: 'payment', message: 'Чек во вложении' }, async () => [{ name: 'check.jpg', type: 'image/jpeg', bytes: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n') }], 400, SupportErrorCode.NotAnImage],
    ['an 11 MB file', { topic: 'other', message: 'Большое фото' }, async () => [{ name: 'big.jpg', type: 'image/jpeg', bytes: Buffer.concat([await jpeg(), Buffer.alloc(11 * 1024 * 1024)]) }], 413, SupportErrorCode.FileTooLarge],
  ])('refuses %s, and opens nothing', async (_, fields, files, status, code) => {
    const { user, auth } = await holder();
    const res = await postForm('/api/v1/support/tickets', auth, fields, await files());
    expect([res.statusCode, codeOf(res)]).toEqual([status, code]);
    const [n] = await t.db.select({ n: count() }).from(supportTickets).where(eq(supportTickets.userId, user.id));
    expect(n!.n).toBe(0);
  });

  it('refuses a body that is not multipart', async () => {
    const { auth } = await holder();
    const res = await post('/api/v1/support/tickets', { ...auth, 'content-type': 'application/json' }, { topic: 'other', message: 'Привет' });
    expect([res.statusCode, codeOf(res)]).toEqual([400, SupportErrorCode.BadForm]);
  });

  it('refuses a child profile (a ticket is an account matter, spec platform §6) and a caller without a session', async () => {
    const { user } = await holder();
    const kid = await t.make.profile({ userId: user.id, isChild: true });
    const child = (await t.make.session({ userId: user.id, profileId: kid.id })).auth;
    const res = await postForm('/api/v1/support/tickets', child, { topic: 'kids', message: 'Хочу мультики' });
    expect([res.statusCode, codeOf(res)]).toEqual([403, 'KIDS_PROFILE_RESTRICTED']);
    expect((await get('/api/v1/support/tickets', child)).statusCode).toBe(403);
    expect((await postForm('/api/v1/support/tickets', t.headers, { topic: 'other', message: 'Кто я?' })).statusCode).toBe(401);
  });

  it('limits tickets: 5 an hour per account, whatever the address', async () => {
    const { auth } = await holder();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await postForm('/api/v1/support/tickets', auth, { topic: 'other', message: `Вопрос ${i}` })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('limits tickets from one address (10 a minute), whatever the account', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await postForm('/api/v1/support/tickets', (await holder()).auth, { topic: 'other', message: `Вопрос ${i}` }, [], address)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('a visitor without an account (a virtual session) writes with an email', () => {
  async function virtualVisitor() {
    const user = await t.make.user({ isVirtual: true, email: null });
    return (await t.make.session({ userId: user.id })).auth;
  }
  const linkIn = (body: string) => body.match(/https:\/\/ekran\.example\/support\/ticket\/([^\s]+)/)?.[1] ?? '';

  it('needs the email', async () => {
    const res = await postForm('/api/v1/support/tickets', await virtualVisitor(), { topic: 'payment', message: 'Списали деньги дважды' });
    expect(res.statusCode).toBe(400);
  });

  it('gets a letter with a private link that reads and answers the ticket; a forged link opens nothing', async () => {
    const email = 'guest.writer@example.ru';
    const res = await postForm('/api/v1/support/tickets', await virtualVisitor(), { topic: 'payment', message: 'Списали деньги дважды', email });
    expect(res.statusCode).toBe(201);
    const created = SupportTicketCreatedSchema.parse(res.json());
    expect(created.guest).toBe(true);
    const [letter] = await t.app.deps.outbox!.list(email);
    expect(letter!.subject).toBe(`Обращение № ${created.ticket.number} принято — Экран`);
    const token = linkIn(letter!.body);
    expect(token).toMatch(new RegExp(`^${created.ticket.id}\\.`));

    const thread = SupportTicketSchema.parse((await get(`/api/v1/support/guest/${token}`)).json());
    expect(thread.messages.map((m) => m.body)).toEqual(['Списали деньги дважды']);
    const reply = await postForm(`/api/v1/support/guest/${token}/messages`, t.headers, { message: 'Прикладываю выписку' }, [{ name: 'bank.png', type: 'image/png', bytes: await jpeg() }]);
    expect(reply.statusCode).toBe(201);
    const after = SupportTicketSchema.parse(reply.json());
    expect(after.messages).toHaveLength(2);
    const attachment = after.messages[1]!.attachments[0]!;
    expect((await get(`/api/v1/support/guest/${token}/attachments/${attachment.id}`)).statusCode).toBe(200);

    const forged = `${created.ticket.id}.${'A'.repeat(43)}`;
    expect((await get(`/api/v1/support/guest/${forged}`)).statusCode).toBe(404);
    expect((await get(`/api/v1/support/guest/not-a-token`)).statusCode).toBe(400);
    // The guest's ticket is no account's: the virtual session's account does not list it.
    expect((await get(`/api/v1/support/tickets/${created.ticket.id}`, (await holder()).auth)).statusCode).toBe(404);
  });
});

describe('the thread: only its author and support see it', () => {
  it('answers 404 to another account, for the ticket and its images alike, and changes nothing', async () => {
    const owner = await holder();
    const created = SupportTicketCreatedSchema.parse(
      (await postForm('/api/v1/support/tickets', owner.auth, { topic: 'account', message: 'Не приходит код' }, [{ name: 'a.jpg', type: 'image/jpeg', bytes: await jpeg() }])).json(),
    );
    const thread = SupportTicketSchema.parse((await get(`/api/v1/support/tickets/${created.ticket.id}`, owner.auth)).json());
    const attachmentId = thread.messages[0]!.attachments[0]!.id;
    const stranger = await holder();
    const id = created.ticket.id;
    expect((await get(`/api/v1/support/tickets/${id}`, stranger.auth)).statusCode).toBe(404);
    expect((await get(`/api/v1/support/tickets/${id}/attachments/${attachmentId}`, stranger.auth)).statusCode).toBe(404);
    expect((await postForm(`/api/v1/support/tickets/${id}/messages`, stranger.auth, { message: 'Чужой ответ' })).statusCode).toBe(404);
    expect(SupportTicketListSchema.parse((await get('/api/v1/support/tickets', stranger.auth)).json()).items).toEqual([]);
    const again = SupportTicketSchema.parse((await get(`/api/v1/support/tickets/${id}`, owner.auth)).json());
    expect(again.messages).toHaveLength(1);
    // An attachment of another ticket is not found through this one.
    const other = SupportTicketCreatedSchema.parse((await postForm('/api/v1/support/tickets', stranger.auth, { topic: 'other', message: 'Моё' })).json());
    expect((await get(`/api/v1/support/tickets/${other.ticket.id}/attachments/${attachmentId}`, stranger.auth)).statusCode).toBe(404);
  });

  it('refuses an empty reply and limits replies to 20 an hour per ticket', async () => {
    const { auth } = await holder();
    const { ticket } = SupportTicketCreatedSchema.parse((await postForm('/api/v1/support/tickets', auth, { topic: 'other', message: 'Первое' })).json());
    expect((await postForm(`/api/v1/support/tickets/${ticket.id}/messages`, auth, { message: '' })).statusCode).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await postForm(`/api/v1/support/tickets/${ticket.id}/messages`, auth, { message: `Ещё ${i}` })).statusCode);
    expect(statuses.slice(0, 19).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(19)).toEqual([429, 429]);
  });
});

describe('staff: list, read, answer (a letter and the unread mark), close', () => {
  async function supportAgent(roles: string[] = ['support']) {
    const user = await t.make.user({ roles });
    const { auth } = await t.make.session({ userId: user.id });
    return { user, web: auth, staff: { ...auth, 'x-api-key': STAFF_KEY } };
  }

  it('answers a ticket: answered, unread for the viewer until read, a letter with the thread’s link; closing and reopening', async () => {
    const viewer = await holder('viewer.unread@example.ru');
    const { ticket } = SupportTicketCreatedSchema.parse((await postForm('/api/v1/support/tickets', viewer.auth, { topic: 'devices', message: 'Не входит на телевизоре' })).json());
    const agent = await supportAgent();
    t.clock.now = new Date(t.clock.now.getTime() + 60_000); // support answers a minute later

    const open = SupportStaffTicketListSchema.parse((await get('/api/v1/support/staff/tickets?status=open', agent.staff)).json());
    expect(open.items.map((i) => i.id)).toContain(ticket.id);
    expect(open.items.find((i) => i.id === ticket.id)).toMatchObject({ email: 'viewer.unread@example.ru', guest: false, user_id: viewer.user.id });
    expect(SupportStaffTicketSchema.parse((await get(`/api/v1/support/staff/tickets/${ticket.id}`, agent.staff)).json()).messages).toHaveLength(1);

    const answered = await post(`/api/v1/support/staff/tickets/${ticket.id}/messages`, { ...agent.staff, 'content-type': 'application/json' }, { message: 'Обновите приложение до последней версии и войдите по коду.' });
    expect(answered.statusCode).toBe(201);
    expect(SupportStaffTicketSchema.parse(answered.json())).toMatchObject({ status: 'answered' });

    const list = SupportTicketListSchema.parse((await get('/api/v1/support/tickets', viewer.auth)).json());
    expect(list.unread_total).toBe(1);
    expect(list.items[0]).toMatchObject({ id: ticket.id, status: 'answered', unread: true });
    const [letter] = await t.app.deps.outbox!.list('viewer.unread@example.ru');
    expect(letter!.subject).toBe(`Ответ на обращение № ${ticket.number} — Экран`);
    expect(letter!.body).toContain('Обновите приложение до последней версии');
    expect(letter!.body).toContain(`https://ekran.example/account/support/${ticket.id}`);

    const read = SupportTicketSchema.parse((await get(`/api/v1/support/tickets/${ticket.id}`, viewer.auth)).json());
    expect(read.messages.map((m) => m.author)).toEqual(['viewer', 'staff']);
    expect(SupportTicketListSchema.parse((await get('/api/v1/support/tickets', viewer.auth)).json())).toMatchObject({ unread_total: 0, items: [{ unread: false }] });

    expect(SupportStaffTicketSchema.parse((await post(`/api/v1/support/staff/tickets/${ticket.id}/close`, agent.staff, undefined)).json()).status).toBe('closed');
    const reopened = SupportTicketSchema.parse((await postForm(`/api/v1/support/tickets/${ticket.id}/messages`, viewer.auth, { message: 'Снова не входит' })).json());
    expect(reopened.status).toBe('open');
  });

  it('answers a guest by mail with the private link', async () => {
    const guestUser = await t.make.user({ isVirtual: true, email: null });
    const guest = (await t.make.session({ userId: guestUser.id })).auth;
    const { ticket } = SupportTicketCreatedSchema.parse((await postForm('/api/v1/support/tickets', guest, { topic: 'tv', message: 'Нет архива', email: 'guest.answer@example.ru' })).json());
    const agent = await supportAgent();
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    await post(`/api/v1/support/staff/tickets/${ticket.id}/messages`, { ...agent.staff, 'content-type': 'application/json' }, { message: 'Архив доступен только в России.' });
    const [answer] = await t.app.deps.outbox!.list('guest.answer@example.ru');
    expect(answer!.subject).toBe(`Ответ на обращение № ${ticket.number} — Экран`);
    const token = answer!.body.match(/\/support\/ticket\/([^\s]+)/)![1]!;
    const thread = SupportTicketSchema.parse((await get(`/api/v1/support/guest/${token}`)).json());
    expect(thread).toMatchObject({ status: 'answered', unread: false });
  });

  it('refuses a holder without the role (403), the role through the web client (403), a child profile; an empty answer is 400', async () => {
    const { ticket } = SupportTicketCreatedSchema.parse((await postForm('/api/v1/support/tickets', (await holder()).auth, { topic: 'other', message: 'Вопрос' })).json());
    const plain = await supportAgent([]);
    const agent = await supportAgent();
    const kid = await t.make.profile({ userId: agent.user.id, isChild: true });
    const agentAsChild = { ...(await t.make.session({ userId: agent.user.id, profileId: kid.id })).auth, 'x-api-key': STAFF_KEY };
    const answer = (headers: Headers, message = 'Ответ') => post(`/api/v1/support/staff/tickets/${ticket.id}/messages`, { ...headers, 'content-type': 'application/json' }, { message });
    for (const [headers, status, code] of [
      [plain.staff, 403, 'FORBIDDEN'],
      [agent.web, 403, 'FORBIDDEN'],
      [agentAsChild, 403, 'KIDS_PROFILE_RESTRICTED'],
      [{ 'x-api-key': STAFF_KEY }, 401, 'UNAUTHORIZED'],
    ] as const) {
      const res = await answer(headers);
      expect([res.statusCode, codeOf(res)]).toEqual([status, code]);
      expect((await get('/api/v1/support/staff/tickets', headers)).statusCode).toBe(status);
    }
    expect((await answer(agent.staff, '  ')).statusCode).toBe(400);
    expect((await get(`/api/v1/support/staff/tickets/${ticket.id}`, agent.staff)).json()).toMatchObject({ status: 'open' });
    expect((await get('/api/v1/support/staff/tickets/00000000-0000-4000-8000-000000000000', agent.staff)).statusCode).toBe(404);
    expect((await get('/api/v1/support/staff/tickets?status=lost', agent.staff)).statusCode).toBe(400);
  });
});

describe('POST /api/v1/dev/support/staff (development only)', () => {
  it('gives the caller the support role and the development staff client', async () => {
    const { user, auth } = await holder();
    const res = await post('/api/v1/dev/support/staff', auth, undefined);
    expect(res.json()).toEqual({ api_key: DEV_STAFF_API_KEY, user_id: user.id });
    expect((await get('/api/v1/support/staff/tickets', { ...auth, 'x-api-key': DEV_STAFF_API_KEY })).statusCode).toBe(200);
  });
});
