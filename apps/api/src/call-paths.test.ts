import { Session } from 'node:inspector/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountHelpers } from './test/account-helpers.ts';
import { createTestApp, type TestApp } from './test/harness.ts';

/**
 * How many of the API's own source files one request runs through (docs/decisions/040-api-composition-root.md:
 * a playback check and a stream heartbeat each stay within 10 files of their own). Measured, not declared: V8's
 * precise coverage counts the functions one warm request calls, and a file counts when any of its functions ran.
 * What every signed-in request runs (the API key, the session's resolution, the audience and input guards) is
 * measured the same way on a request refused by validation, and set apart: it is the same for every endpoint.
 */
const SRC = '/apps/api/src/';

let t: TestApp;
let inspector: Session;

beforeAll(async () => {
  t = await createTestApp();
  inspector = new Session();
  inspector.connect();
  await inspector.post('Profiler.enable');
});
afterAll(async () => {
  await inspector.post('Profiler.disable');
  inspector.disconnect();
  await t.close();
});

/** The API source files (tests and their helpers aside) whose functions ran during `run`. */
async function filesRunBy(run: () => Promise<void>): Promise<string[]> {
  await inspector.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  await run();
  const { result } = await inspector.post('Profiler.takePreciseCoverage');
  await inspector.post('Profiler.stopPreciseCoverage');
  const files = new Set<string>();
  for (const script of result) {
    const at = script.url.indexOf(SRC);
    if (at < 0 || script.url.endsWith('.test.ts') || script.url.includes('/test/')) continue;
    if (script.functions.some((f) => f.ranges.some((r) => r.count > 0))) files.add(script.url.slice(at + SRC.length).replace(/\?.*$/, ''));
  }
  return [...files].sort();
}

describe('the files a request runs through (decision 040)', () => {
  it('a playback check and a stream heartbeat each run through at most 10 files of their own', async () => {
    const { account, signedInBrowser } = accountHelpers(t);
    const title = await t.make.title({ alias: 'put-proverki' });
    const holder = await account();
    await t.make.subscription({ userId: holder.id });
    const viewer = await signedInBrowser(holder);
    const check = () => t.app.inject({ url: `/api/v1/playback/${title.id}?device_id=${viewer.deviceId}`, headers: viewer.auth });
    const beat = (id: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/streams/${id}/heartbeat`, headers: viewer.auth, payload: { uid: title.id, position: 5 } });

    // Warm: the first call of each loads modules and fills caches that a steady service has.
    const first = await check();
    expect(first.statusCode, first.body).toBe(200);
    const streamId = first.json<{ stream: { id: string } }>().stream.id;
    expect((await beat(streamId)).statusCode).toBe(200);

    // What every signed-in request runs: the same session, refused by validation before any handler.
    const shared = await filesRunBy(async () => {
      expect((await t.app.inject({ url: '/api/v1/playback/not-a-uuid', headers: viewer.auth })).statusCode).toBe(400);
    });
    const own = (files: string[]) => files.filter((f) => !shared.includes(f));
    const checked = own(await filesRunBy(async () => {
      expect((await check()).statusCode).toBe(200);
    }));
    const beaten = own(await filesRunBy(async () => {
      expect((await beat(streamId)).statusCode).toBe(200);
    }));
    console.info(`every signed-in request: ${shared.join(', ')}`);
    console.info(`a playback check, ${checked.length} files of its own: ${checked.join(', ')}`);
    console.info(`a stream heartbeat, ${beaten.length} files of its own: ${beaten.join(', ')}`);
    expect(shared).toContain('plugins/session.ts');
    expect(checked).toContain('modules/playback/playback.service.ts');
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(beaten.length).toBeLessThanOrEqual(10);
  });
});
