// @vitest-environment jsdom
import type { OutboxMessage } from '@ekran/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { renderInRouter } from '../../test/render.tsx';
import { contextWith, outcome } from '../../test/visitor.ts';
import Outbox, { loader } from './outbox.tsx';

afterEach(cleanup);

const message = (o: Partial<OutboxMessage>): OutboxMessage => ({ id: crypto.randomUUID(), channel: 'sms', recipient: '+79991234567', subject: null, body: 'Экран: код для входа 123456.', created_at: '2026-11-21T12:00:00.000Z', ...o });

describe('/dev/outbox loader', () => {
  it('reads the outbox, filtered by the recipient asked for', async () => {
    const outbox = vi.fn(async () => ({ items: [message({})] }));
    const r = await outcome(() => loader({ request: new Request('http://localhost/dev/outbox?to=%2B7%20999%20123-45-67'), params: {}, context: contextWith({ outbox }) } as never));
    expect(outbox).toHaveBeenCalledWith({ recipient: '+7 999 123-45-67', limit: 50 });
    expect('value' in r && r.value.items).toHaveLength(1);
  });

  it('is the not-found screen while the API has no outbox', async () => {
    const outbox = vi.fn(async () => Promise.reject(new ApiCallError(404, { status: 404, code: 'NOT_FOUND', message: 'x' })));
    const r = await outcome(() => loader({ request: new Request('http://localhost/dev/outbox'), params: {}, context: contextWith({ outbox }) } as never));
    expect('thrown' in r && (r.thrown as { init: { status: number } }).init.status).toBe(404);
  });
});

describe('/dev/outbox page', () => {
  it('shows each message with its code, the phone in the display format, and links on this origin', async () => {
    const items = [
      message({}),
      message({
        channel: 'email', recipient: 'ivan@mail.ru', subject: 'Подтвердите почту — Экран',
        body: 'Ваш код подтверждения: 654321\n\nИли откройте ссылку:\nhttp://localhost:3000/email-confirm?email=ivan%40mail.ru&code=654321\n',
      }),
    ];
    const Page = Outbox as unknown as (props: { loaderData: { to: string; items: OutboxMessage[] } }) => React.ReactElement;
    renderInRouter(<Page loaderData={{ to: '', items }} />);
    const codes = (await screen.findAllByTestId('outbox-code')).map((c) => c.textContent);
    expect(codes).toEqual(['123456', '654321']);
    expect(screen.getAllByTestId('outbox-recipient').map((r) => r.textContent)).toEqual(['+7 999 123-45-67', 'ivan@mail.ru']);
    expect(screen.getByText('SMS')).toBeTruthy();
    expect(screen.getByText('Письмо')).toBeTruthy();
    expect(screen.getByRole('link', { name: /email-confirm/ }).getAttribute('href')).toBe('/email-confirm?email=ivan%40mail.ru&code=654321');
    expect(screen.getAllByText('21.11.2026, 15:00:00 МСК')).toHaveLength(2);
  });

  it('says when there is nothing for the recipient', async () => {
    const Page = Outbox as unknown as (props: { loaderData: { to: string; items: OutboxMessage[] } }) => React.ReactElement;
    renderInRouter(<Page loaderData={{ to: '+79990000000', items: [] }} />);
    expect((await screen.findByTestId('outbox-empty')).textContent).toBe('Для +79990000000 сообщений нет.');
  });
});
