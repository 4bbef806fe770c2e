import compression from 'compression';
import express from 'express';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { forwardDrainListenerRemoval } from './drain.js';

const warnings: Error[] = [];
const onWarning = (w: Error) => warnings.push(w);
afterEach(() => {
  process.off('warning', onWarning);
  warnings.length = 0;
});

/** A response written in many chunks that waits for drain like a streamed render does. */
async function serve(withFix: boolean) {
  const app = express();
  app.use(compression({ threshold: 0 }));
  if (withFix) app.use(forwardDrainListenerRemoval);
  let maxListeners = 0;
  app.get('/', async (_req, res) => {
    res.type('html');
    for (let i = 0; i < 400; i++) {
      if (!res.write(`<p>${'Экран '.repeat(2000)}${i}</p>`)) {
        const waiting = once(res, 'drain');
        maxListeners = Math.max(maxListeners, (res as unknown as { listenerCount: (t: string) => number }).listenerCount('drain'));
        await waiting;
      }
    }
    res.end();
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  process.on('warning', onWarning);
  const body = await (await fetch(`http://127.0.0.1:${port}/`, { headers: { 'accept-encoding': 'gzip' } })).text();
  await new Promise((r) => setTimeout(r, 50));
  server.close();
  return { body, leakWarnings: warnings.filter((w) => w.name === 'MaxListenersExceededWarning') };
}

describe('forwardDrainListenerRemoval', () => {
  it('keeps compression from piling up drain listeners during a streamed response', async () => {
    const { body, leakWarnings } = await serve(true);
    expect(body).toContain('399</p>');
    expect(leakWarnings).toEqual([]);
  });

  it('is needed: without it the same response leaks listeners', async () => {
    const { leakWarnings } = await serve(false);
    expect(leakWarnings.length).toBeGreaterThan(0);
  });
});
