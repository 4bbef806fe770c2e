// After each test file's journeys: stop the chromium they shared (e2e/browser.ts).
import { afterAll } from 'vitest';
import { closeSharedChromium } from './browser.ts';

afterAll(async () => {
  await closeSharedChromium();
});
