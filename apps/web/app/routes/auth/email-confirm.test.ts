import { describe, expect, it, vi } from 'vitest';
import { ApiCallError, type Api } from '../../lib/api.server.ts';
import { contextWith } from '../../test/visitor.ts';
import { action, loader } from './email-confirm.tsx';

const run = (path: string) => loader({ request: new Request(`http://localhost${path}`), params: {}, context: contextWith({}) } as never);
const post = async (path: string, form: Record<string, string>, api: Partial<Api>) =>
  (await action({ request: new Request(`http://localhost${path}`, { method: 'POST', body: new URLSearchParams(form) }), params: {}, context: contextWith(api) } as never)) as unknown;
const body = (r: unknown) => ((r as { data?: unknown }).data ?? r) as { state: string; email: string; errors: Record<string, string> };
const statusOf = (r: unknown) => (r as { init?: { status?: number } }).init?.status ?? 200;

describe('/email-confirm (spec platform §2 Confirmation)', () => {
  it('asks for one press for a well-formed link', () => {
    expect(run('/email-confirm?email=Ivan%40Mail.ru&code=123456')).toEqual({ state: 'ready', email: 'ivan@mail.ru' });
  });

  it.each([
    ['/email-confirm', ''],
    ['/email-confirm?email=ivan%40mail.ru', 'ivan@mail.ru'],
    ['/email_confirm?email=ivan%40mail.ru&code=12ab56', 'ivan@mail.ru'],
    ['/email-confirm?email=not-an-email&code=123456', ''],
  ])('explains a broken link %s and offers a new letter', (path, email) => {
    expect(run(path)).toEqual({ state: 'failed', email });
  });

  it('confirms the address of the link without a session', async () => {
    const emailConfirmLink = vi.fn(async () => null);
    const result = await post('/email-confirm?email=ivan%40mail.ru&code=123456', { intent: 'confirm' }, { emailConfirmLink });
    expect(emailConfirmLink).toHaveBeenCalledWith('ivan@mail.ru', '123456');
    expect([(result as Response).status, (result as Response).headers.get('Location')]).toEqual([303, '/confirmed?what=email']);
  });

  it.each([
    // Refusals are answers of the page (200), not failed requests (auth.server.ts refusalStatus).
    [new ApiCallError(400, { status: 400, code: 'INVALID_CODE', message: 'x' }), 200, {}],
    [new ApiCallError(429, { status: 429, code: 'TOO_MANY_ATTEMPTS', message: 'x' }), 200, {}],
    [new ApiCallError(429, { status: 429, code: 'RATE_LIMITED', message: 'x' }), 200, { form: 'rateLimited' }],
  ])('turns a used, wrong or expired code into the page with a new letter (%s)', async (err, status, errors) => {
    const result = await post('/email-confirm?email=ivan%40mail.ru&code=123456', { intent: 'confirm' }, { emailConfirmLink: vi.fn(async () => Promise.reject(err)) });
    expect(statusOf(result)).toBe(status);
    expect(body(result)).toEqual({ state: 'failed', email: 'ivan@mail.ru', errors });
  });

  it('sends a new letter to the address given', async () => {
    const emailResendLink = vi.fn(async () => null);
    const result = await post('/email-confirm', { intent: 'resend', email: ' Ivan@Mail.ru ' }, { emailResendLink });
    expect(emailResendLink).toHaveBeenCalledWith('ivan@mail.ru');
    expect(body(result)).toEqual({ state: 'resent', email: 'ivan@mail.ru', errors: {} });
  });

  it('refuses to send a letter to a malformed address', async () => {
    const emailResendLink = vi.fn();
    const result = await post('/email-confirm', { intent: 'resend', email: 'ivan@' }, { emailResendLink });
    expect(statusOf(result)).toBe(200);
    expect(body(result).errors).toEqual({ email: 'emailInvalid' });
    expect(emailResendLink).not.toHaveBeenCalled();
  });
});
