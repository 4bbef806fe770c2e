// The production web server stops before loading anything when it lacks what production needs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('../server.js', import.meta.url));

const start = (settings: Record<string, string>) =>
  spawnSync(process.execPath, [SERVER], { cwd: path.dirname(SERVER), env: { PATH: process.env.PATH ?? '', PORT: '1', ...settings }, encoding: 'utf8', timeout: 30_000 });

describe('NODE_ENV=production node apps/web/server.js', () => {
  it('refuses to start without SITE_ORIGIN, naming it', () => {
    const run = start({ NODE_ENV: 'production' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Invalid web settings:$/m);
    expect(run.stderr).toMatch(/^ {2}SITE_ORIGIN: required in production/m);
  });

  it('refuses a public origin without COOKIE_SECRET, naming it', () => {
    const run = start({ NODE_ENV: 'production', SITE_ORIGIN: 'https://ekran.ru' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^ {2}COOKIE_SECRET: required in production/m);
  });

  it('is the default mode of server.js: no NODE_ENV is production too', () => {
    const run = start({});
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/SITE_ORIGIN: required in production/);
  });
});

describe('METRICS_PORT of node apps/web/server.js', () => {
  it.each(['abc', '0', '70000', '9464.5'])('refuses METRICS_PORT=%s, naming it', (port) => {
    const run = start({ NODE_ENV: 'test', METRICS_PORT: port });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^ {2}METRICS_PORT: must be a port number \(1–65535\)/m);
  });

  it("refuses the site's own port: the metrics are never on the public port", () => {
    const run = start({ NODE_ENV: 'test', PORT: '3000', METRICS_PORT: '3000' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^ {2}METRICS_PORT: 3000 is PORT; the metrics need a port of their own$/m);
  });
});

describe('the page cache settings of node apps/web/server.js (decision 044)', () => {
  it.each([
    ['PAGE_CACHE_SECONDS', '-1'],
    ['PAGE_CACHE_SECONDS', 'a minute'],
    ['PAGE_CACHE_STALE_SECONDS', '1.5'],
    ['PAGE_CACHE_MAX_MB', '0'],
    ['PAGE_CACHE_REVISION_SECONDS', '0'],
  ])('refuses %s=%s, naming it', (name, value) => {
    const run = start({ NODE_ENV: 'test', [name]: value });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^ {2}${name}: must be a whole number from \\d+ to [\\d_]+ \\(`, 'm'));
  });
});
