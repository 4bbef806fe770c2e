import { chromium } from 'playwright-core';
const base = 'http://localhost:3812';
const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const shots = process.argv.slice(2);
for (const width of [1440, 375]) {
  const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 }, userAgent: ua, locale: 'ru-RU' });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('console.error', width, m.text()));
  page.on('response', (r) => r.status() >= 400 && console.log('HTTP', r.status(), r.url()));
  page.on('pageerror', (e) => console.log('pageerror', width, e.message));
  await page.goto(`${base}/movies`, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `/tmp/category-shots/movies-${width}.png` });
  if (width === 1440) {
    await page.click('[data-testid="filter-genre"] summary');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/category-shots/movies-genre-open-${width}.png` });
    await page.click('[data-testid="filter-genre"] summary');
    await page.click('[data-testid="filter-year"] summary');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/category-shots/movies-year-open-${width}.png` });
    await page.keyboard.press('Escape');
  } else {
    await page.screenshot({ path: `/tmp/category-shots/movies-full-${width}.png`, fullPage: false, clip: undefined });
  }
  await page.goto(`${base}/movies/drama/2021`, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `/tmp/category-shots/drama-2021-${width}.png` });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/category-shots/movies-bottom-${width}.png` });
  await context.close();
}
await browser.close();
