// The help centre and support tickets (platform §2 /support/{type?}, /faq, /contacts, /account/support; decision 051).
// (1) A visitor searches the help centre with a typo, opens the article and says it helped; the FAQ and contacts pages
// on a phone. (2) A viewer opens a ticket with an image from /account/support, support answers through the staff API
// (a staff client over a support-role account), and the viewer sees the unread mark, the answer and the letter in the
// outbox. Screenshots at 1440 and 390 px.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY, accountViaApi, signIn } from './accounts.ts';
import { BASE_URL, launchBrowser, SCREENSHOT_DIR, type Browser } from './browser.ts';

let browser: Browser | null = null;
afterEach(async () => {
  await browser?.close();
  browser = null;
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage: true });

/** A 24×16 PNG screenshot stand-in (a real image the API can decode and re-encode). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAIElEQVQ4jWPQyrpIFcQwapDWaBhpjaajrNEskkV+OgAA7YwXnxZJxNIAAAAASUVORK5CYII=',
  'base64',
);

describe('the help centre', () => {
  it('finds an article despite a typo, opens it and counts the vote', async () => {
    browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    await page.goto('/support', { waitUntil: 'load', timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: 'Помощь' }).waitFor();
    await page.locator('[data-testid="support-popular"] a').first().waitFor();
    await shot(page, 'support-home-1440.png');

    await page.fill('[data-testid="support-search"]', 'отминить подписку');
    await page.press('[data-testid="support-search"]', 'Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'отминить подписку');
    const first = page.locator('[data-testid="support-results"] a').first();
    await expect.poll(async () => (await first.textContent())?.trim(), { timeout: 10_000 }).toBe('Как отменить подписку');
    await first.click();
    await page.waitForURL('**/support/subscription/otmenit-podpisku');
    await page.getByRole('heading', { level: 1, name: 'Как отменить подписку' }).waitFor();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/support\/subscription\/otmenit-podpisku$/);

    await page.click('[data-testid="helpful-yes"]');
    await page.getByText('Спасибо за отзыв!').waitFor({ timeout: 10_000 });
    expect(await page.locator('[data-testid="helpful-yes"]').getAttribute('aria-pressed')).toBe('true');
    await shot(page, 'support-article-1440.png');
    // Counted by the API, once for this visitor.
    const counted = await fetch(`${BASE_URL}/api/v1/support/articles/otmenit-podpisku`, { headers: { 'x-api-key': API_KEY } });
    expect(((await counted.json()) as { helpful_count: number }).helpful_count).toBeGreaterThanOrEqual(1);

    // «Не нашли ответ? Напишите нам» leads to the ticket form with the section's topic.
    await page.click('[data-testid="write-us"]');
    await page.waitForURL('**/support/new?topic=payment');
    expect(await page.locator('#topic').inputValue()).toBe('payment');
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });

  it('shows the FAQ, an answer opened, and the contacts with their form on a phone', async () => {
    browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
    const { page } = browser;
    await page.goto('/support', { waitUntil: 'load', timeout: 60_000 });
    await shot(page, 'support-home-390.png');
    await page.goto('/faq', { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'Частые вопросы' }).waitFor();
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.some((s) => s.includes('"FAQPage"'))).toBe(true);
    const item = page.locator('[data-testid="faq-item"]').first();
    await item.locator('summary').click();
    expect(await item.getAttribute('open')).not.toBeNull();
    await shot(page, 'support-faq-390.png');

    await page.goto('/contacts', { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'Контакты' }).waitFor();
    // An anonymous visitor writes with an email; a file that is not an image is refused in Russian.
    await page.selectOption('#topic', 'other');
    await page.fill('#message', 'Хочу предложить фильм в каталог.');
    await page.fill('#email', 'e2e.contacts@example.ru');
    await page.setInputFiles('#images', { name: 'doc.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.7 not an image') });
    await page.click('[data-testid="ticket-submit"]');
    await page.getByText('Файл не похож на изображение').waitFor({ timeout: 15_000 });
    await page.setInputFiles('#images', []);
    await page.click('[data-testid="ticket-submit"]');
    await page.locator('[data-testid="ticket-sent"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-testid="ticket-sent"]').textContent()).toContain('e2e.contacts@example.ru');
    await shot(page, 'support-contacts-390.png');
    const outbox = await fetch(`${BASE_URL}/api/v1/dev/outbox?recipient=e2e.contacts@example.ru`, { headers: { 'x-api-key': API_KEY } });
    const letters = ((await outbox.json()) as { items: { subject: string | null; body: string }[] }).items;
    expect(letters[0]?.subject).toMatch(/^Обращение № \d+ принято — Экран$/);
    expect(letters[0]?.body).toMatch(/\/support\/ticket\/[0-9a-f-]{36}\./);
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });
});

describe('support tickets', () => {
  it('opens a ticket with an image, support answers through the API, the viewer sees the unread answer and the letter', async () => {
    const stamp = Date.now();
    const email = `e2e.ticket.${stamp}@example.ru`;
    const password = 'Ticket-pass-2026';
    await accountViaApi(email, password);
    const agent = await accountViaApi(`e2e.agent.${stamp}@example.ru`, 'Agent-pass-2026');

    browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    await signIn(page, email, password, '/account/support');
    await page.selectOption('#topic', 'playback');
    await page.fill('#message', 'Фильм останавливается каждые пять минут.\nБраузер Chrome, скриншот ошибки во вложении.');
    await page.setInputFiles('#images', { name: 'error.png', mimeType: 'image/png', buffer: PNG });
    await page.click('[data-testid="ticket-submit"]');
    await page.waitForURL(/\/account\/support\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    const ticketId = new URL(page.url()).pathname.split('/').pop()!;
    const image = page.locator('[data-testid="ticket-thread"] img').first();
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(24);
    expect(await page.locator('[data-testid="ticket-status"]').textContent()).toBe('Ждёт ответа');

    // Support: a support-role account over the staff client (the development shortcut makes both).
    const staff = await fetch(`${BASE_URL}/api/v1/dev/support/staff`, { method: 'POST', headers: { 'x-api-key': API_KEY, cookie: `ekran_token=${agent.token}` } });
    expect(staff.status).toBe(200);
    const { api_key: staffKey } = (await staff.json()) as { api_key: string };
    const staffHeaders = { 'x-api-key': staffKey, cookie: `ekran_token=${agent.token}`, 'content-type': 'application/json' };
    const queue = await fetch(`${BASE_URL}/api/v1/support/staff/tickets?status=open`, { headers: staffHeaders });
    expect(((await queue.json()) as { items: { id: string }[] }).items.map((t) => t.id)).toContain(ticketId);
    const answer = await fetch(`${BASE_URL}/api/v1/support/staff/tickets/${ticketId}/messages`, {
      method: 'POST',
      headers: staffHeaders,
      body: JSON.stringify({ message: 'Выберите в плеере качество «Авто» — оно подстроится под скорость интернета.' }),
    });
    expect(answer.status).toBe(201);

    await page.goto('/account/support', { waitUntil: 'load' });
    await page.locator('[data-testid="tickets-unread"]').waitFor();
    expect(await page.locator('[data-testid="tickets-unread"]').textContent()).toBe('1 новый ответ');
    await shot(page, 'support-account-1440.png');
    await page.click(`a[href="/account/support/${ticketId}"]`);
    await page.locator('[data-author="staff"]').getByText('Выберите в плеере качество «Авто»').waitFor();
    expect(await page.locator('[data-testid="ticket-status"]').textContent()).toBe('Есть ответ');
    await shot(page, 'support-thread-1440.png');
    await page.goto('/account/support', { waitUntil: 'load' });
    expect(await page.locator('[data-testid="tickets-unread"]').count()).toBe(0);

    const outbox = await fetch(`${BASE_URL}/api/v1/dev/outbox?recipient=${encodeURIComponent(email)}`, { headers: { 'x-api-key': API_KEY } });
    const letters = ((await outbox.json()) as { items: { subject: string | null; body: string }[] }).items;
    const letter = letters.find((l) => l.subject?.startsWith('Ответ на обращение'));
    expect(letter?.body).toContain(`/account/support/${ticketId}`);
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });

  it('shows a ticket’s thread on a phone', async () => {
    const stamp = Date.now();
    const email = `e2e.phone.${stamp}@example.ru`;
    await accountViaApi(email, 'Phone-pass-2026');
    browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
    const { page } = browser;
    await signIn(page, email, 'Phone-pass-2026', '/support/new');
    await page.selectOption('#topic', 'devices');
    await page.fill('#message', 'Не получается войти на телевизоре LG.');
    await page.setInputFiles('#images', { name: 'tv.png', mimeType: 'image/png', buffer: PNG });
    await page.click('[data-testid="ticket-submit"]');
    await page.waitForURL(/\/account\/support\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await page.locator('[data-testid="ticket-thread"] img').first().waitFor();
    await shot(page, 'support-thread-390.png');
    await page.goto('/account/support', { waitUntil: 'load' });
    await page.locator('[data-testid="tickets-list"]').waitFor();
    await shot(page, 'support-account-390.png');
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });
});
