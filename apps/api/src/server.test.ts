// The API's own start (server.ts, as `node apps/api/dist/server.js` runs it) refuses production on development settings.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fromRoot } from './lib/paths.ts';

/** Runs the start with only these settings (nothing inherited but PATH), stopped by a timeout should it listen. */
function start(settings: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', fromRoot('apps/api/src/server.ts')], {
    cwd: fromRoot('.'),
    env: { PATH: process.env.PATH ?? '', API_PORT: '1', ...settings },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('NODE_ENV=production node apps/api/…/server', () => {
  it('exits non-zero before opening anything, naming every development setting', () => {
    const run = start({ NODE_ENV: 'production', SOCIAL_DEV_PROVIDER: 'true' });
    expect(run.status).toBe(1);
    for (const setting of ['MAIL_DELIVERY', 'SMS_DELIVERY', 'SOCIAL_DEV_PROVIDER', 'MEDIA_TOKEN_SECRET', 'CODE_SECRET', 'WEB_API_KEY', 'PAYMENTS_API_SECRET', 'WEB_ORIGIN']) {
      expect(run.stderr).toMatch(new RegExp(`^  ${setting}: `, 'm'));
    }
    expect(run.stdout).toBe('');
  }, 70_000);
});
