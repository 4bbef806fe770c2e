import { describe, expect, it } from 'vitest';
import { outcome } from '../../test/visitor.ts';
import { loader } from './bank-logo.ts';

const load = (file: string) => outcome(() => loader({ params: { file }, request: new Request(`http://localhost/banks-logos/${file}`) } as never));

describe('/banks-logos/:file (card-info logos from our own origin)', () => {
  it('serves a bank logo as an image that runs nothing', async () => {
    const r = await load('ru-sberbank.svg');
    const res = ('value' in r ? r.value : null) as Response;
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect((await res.text()).length).toBeGreaterThan(100);
  });
  it.each(['../package.json', 'ru-sberbank.js', '..%2Fpackage.json', 'no-such-bank.svg'])('404 for %s', async (file) => {
    const r = await load(file);
    expect('thrown' in r && (r.thrown as { init: ResponseInit | null }).init?.status).toBe(404);
  });
});
