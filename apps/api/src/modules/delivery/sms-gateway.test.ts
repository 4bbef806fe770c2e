import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DeliveryError } from './message.ts';
import { createHttpSms } from './sms-gateway.ts';

interface Call {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** A local HTTP server standing in for the SMS gateway; `answer` decides each reply. */
async function startGateway(answer: (call: Call, res: ServerResponse) => void) {
  const calls: Call[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const call = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown };
      calls.push(call);
      answer(call, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/sms?route=otp`,
    calls,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const sms = { channel: 'sms' as const, to: '+79991234567', text: 'Экран: код для входа 123456. Никому его не сообщайте.' };

describe('HTTP SMS gateway (SMS_DELIVERY=http)', () => {
  it('posts the documented JSON with the bearer token', async () => {
    const gateway = await startGateway((_, res) => res.writeHead(202, { 'content-type': 'application/json' }).end('{"status":"queued"}'));
    closers.push(gateway.close);
    await createHttpSms({ url: gateway.url, token: 'gateway-token-123', timeoutMs: 2000 }).send(sms);

    expect(gateway.calls).toHaveLength(1);
    const [call] = gateway.calls;
    expect(call!.method).toBe('POST');
    expect(call!.url).toBe('/v1/sms?route=otp');
    expect(call!.headers.authorization).toBe('Bearer gateway-token-123');
    expect(call!.headers['content-type']).toBe('application/json');
    expect(call!.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), to: '+79991234567', text: sms.text });
  });

  it('gives every message its own id', async () => {
    const gateway = await startGateway((_, res) => res.writeHead(200).end());
    closers.push(gateway.close);
    const adapter = createHttpSms({ url: gateway.url, token: 'gateway-token-123', timeoutMs: 2000 });
    await adapter.send(sms);
    await adapter.send(sms);
    const ids = gateway.calls.map((c) => (c.body as { id: string }).id);
    expect(new Set(ids).size).toBe(2);
  });

  it.each([
    [401, 'SMS gateway answered 401: {"error":"bad token"}'],
    [500, 'SMS gateway answered 500: {"error":"bad token"}'],
    [302, 'SMS gateway answered 302: {"error":"bad token"}'],
  ])('fails on status %i', async (status, message) => {
    const gateway = await startGateway((_, res) => res.writeHead(status, { location: '/elsewhere' }).end('{"error":"bad token"}'));
    closers.push(gateway.close);
    const send = createHttpSms({ url: gateway.url, token: 'gateway-token-123', timeoutMs: 2000 }).send(sms);
    await expect(send).rejects.toThrow(DeliveryError);
    await expect(send).rejects.toThrow(message);
  });

  it('gives up after the timeout', async () => {
    const gateway = await startGateway(() => undefined); // never answers
    closers.push(gateway.close);
    const started = Date.now();
    await expect(createHttpSms({ url: gateway.url, token: 'gateway-token-123', timeoutMs: 600 }).send(sms)).rejects.toThrow('SMS gateway unreachable: no answer within 600 ms');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('fails when nothing listens', async () => {
    const gateway = await startGateway((_, res) => res.end());
    await gateway.close();
    await expect(createHttpSms({ url: gateway.url, token: 'gateway-token-123', timeoutMs: 2000 }).send(sms)).rejects.toThrow(/SMS gateway unreachable: ECONNREFUSED/);
  });

  it('does not carry email', async () => {
    await expect(createHttpSms({ url: 'http://127.0.0.1:9/', token: 'gateway-token-123', timeoutMs: 500 }).send({ channel: 'email', to: 'a@example.ru', text: 'x' })).rejects.toThrow(DeliveryError);
  });
});
