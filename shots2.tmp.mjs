import { chromium } from 'playwright-core';
const base = 'http://localhost:3812';
const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
for (const width of [1440, 375]) {
  const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 }, userAgent: ua, locale: 'ru-RU' });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('console.error', width, m.text()));
  page.on('response', (r) => r.status() >= 400 && console.log('HTTP', r.status(), r.url()));
  page.on('pageerror', (e) => console.log('pageerror', width, e.message));
  await page.goto(`${base}/movies`, { waitUntil: 'networkidle' });
  for (let i = 0; i < 6; i++) { await page.mouse.wheel(0, 20000); await page.waitForTimeout(700); }
  console.log(width, 'cards', await page.locator('[data-testid="title-card"]').count(), 'pages', await page.getAttribute('[data-testid="listing"]', 'data-pages'));
  await page.screenshot({ path: `/tmp/category-shots/movies-bottom-${width}.png` });
  if (width === 375) {
    await page.goto(`${base}/new`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `/tmp/category-shots/new-${width}.png` });
  } else {
    await page.goto(`${base}/animation/page2`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `/tmp/category-shots/animation-page2-${width}.png`, fullPage: true });
    await page.goto(`${base}/new`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `/tmp/category-shots/new-${width}.png` });
  }
  await context.close();
}
await browser.close();
