import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoSerializerCompiler } from './memo-serializer.ts';

describe('memoSerializerCompiler', () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(memoSerializerCompiler);
  let reads = 0;
  // An answer kept by a cache: the same object every time. Each encoding reads its field once.
  const cached = {
    get n() {
      reads++;
      return 7;
    },
    extra: 'left out by the schema',
  };
  const Answer = z.object({ n: z.number() });
  app.get('/cached', { schema: { response: { 200: Answer } } }, () => cached);
  app.get('/fresh', { schema: { response: { 200: Answer } } }, () => ({ n: reads }));
  app.get('/bad', { schema: { response: { 200: Answer } } }, () => ({ n: 'seven' }) as unknown as { n: number });
  afterAll(() => app.close());

  it('encodes an answer object once and sends the same JSON for it after', async () => {
    const first = await app.inject('/cached');
    const second = await app.inject('/cached');
    expect([first.statusCode, first.body, first.headers['content-type']]).toEqual([200, '{"n":7}', 'application/json; charset=utf-8']);
    expect(second.body).toBe('{"n":7}');
    expect(reads).toBe(1);
  });

  it('encodes every fresh object, and still refuses one that breaks the schema', async () => {
    const a = (await app.inject('/fresh')).body;
    reads++;
    const b = (await app.inject('/fresh')).body;
    expect(a).not.toBe(b);
    expect((await app.inject('/bad')).statusCode).toBe(500);
  });
});
