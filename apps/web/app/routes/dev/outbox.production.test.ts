// A production site the public reaches has no outbox page, even when an API behind it still keeps one; a
// production build on a loopback origin (npm start, the browser tests) has, while the API keeps an outbox.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contextWith, outcome } from '../../test/visitor.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('/dev/outbox in production', () => {
  it('is the not-found screen without asking the API', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('SITE_ORIGIN', 'https://ekran.example');
    vi.stubEnv('COOKIE_SECRET', 'a-production-cookie-secret-of-the-test-0123');
    vi.resetModules();
    const { loader } = await import('./outbox.tsx');
    const outbox = vi.fn(async () => ({ items: [{ id: '1', channel: 'email' as const, recipient: 'victim@example.ru', subject: null, body: 'код 123456', created_at: '2026-11-21T12:00:00.000Z' }] }));
    const r = await outcome(() => loader({ request: new Request('http://localhost/dev/outbox?to=victim%40example.ru'), params: {}, context: contextWith({ outbox }) } as never));
    expect('thrown' in r && (r.thrown as { init: { status: number } }).init.status).toBe(404);
    expect(outbox).not.toHaveBeenCalled();
  });

  it.each(['http://localhost:3000', 'http://127.0.0.1:3610'])('shows the API’s outbox on the loopback origin %s', async (origin) => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('SITE_ORIGIN', origin);
    vi.resetModules();
    const { loader } = await import('./outbox.tsx');
    // The visitor context of the modules just reloaded.
    const { contextWith } = await import('../../test/visitor.ts');
    const outbox = vi.fn(async () => ({ items: [] }));
    const r = await outcome(() => loader({ request: new Request(`${origin}/dev/outbox`), params: {}, context: contextWith({ outbox }) } as never));
    expect(r).toEqual({ value: { to: '', items: [] } });
    expect(outbox).toHaveBeenCalled();
  });
});
