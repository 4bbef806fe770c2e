// Search suggestions while typing (spec catalogue §5): the list under a query only ever holds that query's
// suggestions. A second query whose answer is slow shows a loading state, never the first query's titles.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from './browser.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/search';
// Two titles of the demo catalogue (packages/db/src/seed) with nothing in common in their names.
const FIRST = { typed: 'черный', title: 'Чёрный волк' };
const SECOND = { typed: 'дикий', title: 'Дикий волк' };
const SLOW_MS = 1500;

let browser: Browser | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  describe(`search suggestions at ${viewport.width}px`, () => {
    it('never shows the previous query\'s titles under a new query, even when the new answer is slow', async () => {
      browser = await launchBrowser({ viewport });
      const { page } = browser;
      // The answer for the second query is held back, as a slow network or a busy server would.
      await page.route(/\/resources\/search-suggest/, async (route) => {
        const q = new URL(route.request().url()).searchParams.get('q') ?? '';
        if (q.includes(SECOND.typed)) await new Promise((r) => setTimeout(r, SLOW_MS));
        await route.continue().catch(() => undefined); // an aborted request is no longer there to continue
      });
      const response = await page.goto('/movies', { waitUntil: 'load', timeout: 60_000 });
      expect(response?.status()).toBe(200);
      const input = page.getByRole('combobox', { name: 'Поиск по каталогу' });
      if (viewport.width < 768) await page.getByRole('link', { name: 'Открыть поиск' }).click();
      await input.waitFor({ state: 'visible', timeout: 15_000 });

      // Every state of the list, with what the field held at that moment.
      await page.evaluate(() => {
        const seen: { value: string; options: string[] }[] = [];
        (window as unknown as { __suggestSeen: typeof seen }).__suggestSeen = seen;
        const record = () => {
          const field = document.querySelector<HTMLInputElement>('input[role="combobox"]:not([hidden])');
          const list = document.querySelector('[role="listbox"]');
          if (!field || !list || list.hasAttribute('hidden')) return;
          seen.push({ value: field.value, options: [...list.querySelectorAll('[role="option"]')].map((o) => o.textContent ?? '') });
        };
        new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      });

      await input.pressSequentially(FIRST.typed, { delay: 40 });
      const listbox = page.getByRole('listbox');
      await listbox.getByRole('option', { name: new RegExp(FIRST.title) }).first().waitFor({ state: 'visible', timeout: 15_000 });
      if (viewport.width === 1440) await page.screenshot({ path: path.join(SHOTS, 'suggest-1440.png') });
      else await page.screenshot({ path: path.join(SHOTS, 'suggest-390.png') });

      await input.fill('');
      await input.pressSequentially(SECOND.typed, { delay: 40 });
      // While the second answer is on its way, the list says it is loading.
      await page.waitForTimeout(600);
      expect(await listbox.getByRole('option', { name: new RegExp(FIRST.title) }).count(), `«${FIRST.title}» under «${SECOND.typed}»`).toBe(0);
      await page.screenshot({ path: path.join(SHOTS, `suggest-loading-${viewport.width}.png`) });
      await listbox.getByRole('option', { name: new RegExp(SECOND.title) }).first().waitFor({ state: 'visible', timeout: 15_000 });

      const seen = await page.evaluate(() => (window as unknown as { __suggestSeen: { value: string; options: string[] }[] }).__suggestSeen);
      const stale = seen.filter((s) => s.value.includes(SECOND.typed) && s.options.some((o) => o.includes(FIRST.title)));
      expect(stale, 'list states with the first query\'s title under the second query').toEqual([]);
      expect(seen.some((s) => s.value === SECOND.typed && s.options.some((o) => o.includes(SECOND.title)))).toBe(true);
      expect(browser.describeProblems()).toBe('');
    });
  });
}
