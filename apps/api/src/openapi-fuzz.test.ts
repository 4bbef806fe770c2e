import { ErrorSchema } from '@ekran/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from './lib/seeded-random.ts';
import { createFakeHost, HOST, SECRET } from './modules/billing/billing.test-helpers.ts';
import { paymentProviders } from './modules/billing/providers/index.ts';
import { createSandboxProvider } from './modules/billing/providers/sandbox.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from './test/harness.ts';

/**
 * Bad input never answers 5xx, and every refusal is in the one error shape (status, code, message).
 * Walks the OpenAPI document the API serves and, for every operation, every path, query, header and body
 * field, sends hostile values (wrong types, NUL and control characters, non-Latin-1 text, huge strings and
 * numbers, deep JSON) and hostile bodies (wrong content types, broken or deep JSON), as a caller without a
 * session and as a registered adult. Routes OpenAPI hides (media, images, TV playlists) get their path
 * params fuzzed too. Deterministic: the values are a fixed table, nothing is random.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } };
type OpenApi = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

const DEEP = 10_000;
const deepArray = '['.repeat(DEEP) + ']'.repeat(DEEP);
const deepObject = '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP);
const HUGE = 'x'.repeat(10_001);

/** Hostile values every field gets: NUL and control characters, a huge string and numbers, wrong types. */
const CORE: unknown[] = ['\u0000', 'a\u0000b', '\u0001\u0007\u001b\u001f', HUGE, 1e308, 2 ** 63, null, {}, ['a', 'b']];
/** Further hostile values; each field gets a seeded sample of these (all of them with FUZZ_FULL=1). */
const MORE: unknown[] = [
  'line\r\nx-injected: 1',
  'тест\u200bالعربية😀',
  '\ud800',
  '%00',
  '%E2%80%8B',
  '../../../../etc/passwd',
  '',
  ' ',
  'NaN',
  'Infinity',
  '-1',
  '1e308',
  '9223372036854775808',
  '-9223372036854775809',
  '2147483648',
  '0x10',
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER,
  -1,
  0.5,
  true,
  [],
  { $gt: '' },
];
const MORE_PER_FIELD = 5;
/** Each caller's walk: about a minute on a loaded 2-core machine; FUZZ_FULL sends about twice as many. */
const TIMEOUT = process.env.FUZZ_FULL ? 900_000 : 240_000;
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);

/** The values one field gets: the core ones and a sample of the rest seeded by the field's name (order-free). */
function hostileValues(field: string): unknown[] {
  if (process.env.FUZZ_FULL) return [...CORE, ...MORE];
  let hash = SEED;
  for (const ch of field) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619);
  const random = seededRandom(hash); // every run sends the same requests
  const pool = [...MORE];
  const picked: unknown[] = [];
  for (let i = 0; i < MORE_PER_FIELD; i++) picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return [...CORE, ...picked];
}

/** Values only a JSON body can carry as such (a raw JSON fragment put in place of the field). */
const RAW_JSON: string[] = [deepArray, deepObject, '1e400', '-0'];

const UUID = '3f1c2b9a-7d4e-4c1a-9b2f-1a2b3c4d5e6f';
const CANDIDATES = ['abc', 'a', 'ab-c', '123456', '1234', '2026-01-01', '2026-01-01T00:00:00Z', '/x', 'ru', 'rays-1-1-1', 'a1.svg', 'Иван', UUID, 'ABC123'];

let doc: OpenApi;
const deref = (s: Schema | undefined): Schema => {
  let cur = s ?? {};
  while (cur.$ref) cur = doc.components.schemas[cur.$ref.split('/').pop()!] ?? {};
  return cur;
};

/** A valid value for a schema, as far as a short walk can tell (so other fields pass while one is hostile). */
function sample(raw: Schema | undefined, depth = 0): unknown {
  const s = deref(raw);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return sample(alt.find((a) => deref(a).type !== 'null') ?? alt[0], depth);
  if (s.allOf?.length) return Object.assign({}, ...s.allOf.map((a) => sample(a, depth)));
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string': {
      if (s.format === 'uuid') return UUID;
      if (s.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (s.format === 'date') return '2026-01-01';
      if (s.format === 'uri') return 'https://example.ru/x';
      if (s.format === 'email' || /email/.test(s.pattern ?? '')) return 'fuzz@example.ru';
      const min = s.minLength ?? 1;
      const fits = (v: string) => v.length >= min && v.length <= (s.maxLength ?? Infinity) && (!s.pattern || new RegExp(s.pattern, 'u').test(v));
      return CANDIDATES.find(fits) ?? CANDIDATES.map((c) => c.repeat(Math.ceil(min / c.length))).find(fits) ?? 'a'.repeat(min);
    }
    case 'integer':
    case 'number':
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'array':
      return s.minItems ? Array.from({ length: s.minItems }, () => sample(s.items, depth + 1)) : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 4) return out;
      for (const key of s.required ?? []) out[key] = sample(s.properties?.[key], depth + 1);
      return out;
    }
    default:
      return 'abc';
  }
}

/** Paths of the body's fields (nested objects too, a few levels deep). */
function bodyFields(raw: Schema | undefined, prefix: string[] = [], depth = 0): string[][] {
  const s = deref(raw);
  const variants = [s, ...(s.anyOf ?? s.oneOf ?? s.allOf ?? []).map(deref)];
  const out: string[][] = [];
  for (const v of variants) {
    for (const [key, child] of Object.entries(v.properties ?? {})) {
      const path = [...prefix, key];
      if (out.some((p) => p.join('.') === path.join('.'))) continue;
      out.push(path);
      if (depth < 2) out.push(...bodyFields(child, path, depth + 1));
    }
  }
  return out;
}

const PLACEHOLDER = '__fuzz_placeholder__';
function setPath(base: unknown, path: string[], value: unknown): Record<string, unknown> {
  const root = structuredClone((base && typeof base === 'object' ? base : {}) as Record<string, unknown>);
  let cur = root;
  for (const key of path.slice(0, -1)) {
    if (!cur[key] || typeof cur[key] !== 'object' || Array.isArray(cur[key])) cur[key] = {};
    cur = cur[key] as Record<string, unknown>;
  }
  cur[path.at(-1)!] = value;
  return root;
}

/** A path segment as sent; a lone surrogate goes as its raw (invalid UTF-8) bytes, as a hostile client would send it. */
const encodePath = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
};

const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v));

interface Case {
  label: string;
  request: InjectOptions;
}

/** The requests for one operation: each field in turn hostile, the rest valid; then hostile bodies. */
function casesFor(caller: string, method: string, template: string, params: Parameter[], bodySchema: Schema | undefined, bodyTypes: string[]): Case[] {
  const key = (field: string) => `${caller} ${method} ${template} ${field}`;
  const pathParams = params.filter((p) => p.in === 'path');
  const query = params.filter((p) => p.in === 'query');
  const headers = params.filter((p) => p.in === 'header');
  const validPath: Record<string, string> = Object.fromEntries(pathParams.map((p) => [p.name, asText(sample(p.schema))]));
  const validQuery: Record<string, string> = Object.fromEntries(query.filter((p) => p.required).map((p) => [p.name, asText(sample(p.schema))]));
  const validHeaders: Record<string, string> = Object.fromEntries(headers.filter((p) => p.required).map((p) => [p.name, asText(sample(p.schema))]));
  const validBody = bodySchema ? sample(bodySchema) : undefined;

  const url = (path: Record<string, string>, q: Record<string, string | string[]>) => {
    const filled = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodePath(path[name] ?? 'abc'));
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) for (const one of [v].flat()) search.append(k, one);
    const qs = search.toString();
    return qs ? `${filled}?${qs}` : filled;
  };
  const request = (o: { path?: Record<string, string>; query?: Record<string, string | string[]>; headers?: Record<string, string>; payload?: string; contentType?: string }): InjectOptions => ({
    method: method.toUpperCase(),
    url: url(o.path ?? validPath, o.query ?? validQuery),
    headers: {
      ...(o.headers ?? validHeaders),
      ...(o.payload !== undefined ? { 'content-type': o.contentType ?? 'application/json' } : {}),
    },
    ...(o.payload !== undefined ? { payload: o.payload } : {}),
  });
  const validPayload = validBody === undefined ? undefined : JSON.stringify(validBody);

  const cases: Case[] = [];
  for (const p of pathParams) {
    for (const v of hostileValues(key(`path ${p.name}`))) {
      cases.push({ label: `path ${p.name}=${describeValue(v)}`, request: request({ path: { ...validPath, [p.name]: asText(v) }, payload: validPayload }) });
    }
  }
  for (const p of query) {
    for (const v of hostileValues(key(`query ${p.name}`))) {
      const value = Array.isArray(v) ? v.map(asText) : asText(v);
      cases.push({ label: `query ${p.name}=${describeValue(v)}`, request: request({ query: { ...validQuery, [p.name]: value }, payload: validPayload }) });
    }
  }
  for (const p of headers) {
    // Only what an HTTP request can carry in a header (no CR, LF or NUL; Latin-1).
    for (const v of ['\u0001', 'ÿ', HUGE.slice(0, 8000), '-1', '1e308', '', ' ']) {
      cases.push({ label: `header ${p.name}=${describeValue(v)}`, request: request({ headers: { ...validHeaders, [p.name]: v }, payload: validPayload }) });
    }
  }
  if (bodySchema) {
    for (const field of bodyFields(bodySchema)) {
      for (const v of hostileValues(key(`body ${field.join('.')}`))) {
        cases.push({ label: `body ${field.join('.')}=${describeValue(v)}`, request: request({ payload: JSON.stringify(setPath(validBody, field, v)) }) });
      }
      for (const raw of RAW_JSON) {
        const payload = JSON.stringify(setPath(validBody, field, PLACEHOLDER)).replace(`"${PLACEHOLDER}"`, raw);
        cases.push({ label: `body ${field.join('.')}=${describeValue(raw)} (raw JSON)`, request: request({ payload }) });
      }
    }
  }
  // Whole bodies: wrong shapes, broken and deep JSON, wrong content types (on bodyless routes too).
  const bodies: Array<[string, string, string]> = [
    ['deep array', deepArray, 'application/json'],
    ['deep object', deepObject, 'application/json'],
    ['broken JSON', '{"a":', 'application/json'],
    ['null', 'null', 'application/json'],
    ['array', '[]', 'application/json'],
    ['string', '"x"', 'application/json'],
    ['number', '1e308', 'application/json'],
    ['NUL key', '{"\\u0000":1}', 'application/json'],
    ['proto', '{"__proto__":{"x":1},"constructor":{"prototype":{"x":1}}}', 'application/json'],
    ['text/plain', validPayload ?? 'hello', 'text/plain'],
    ['form', 'a=b&email=%00', 'application/x-www-form-urlencoded'],
    ['multipart', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--', 'multipart/form-data; boundary=x'],
    ['latin1 charset', validPayload ?? '{}', 'application/json; charset=latin1'],
    ['bogus type', validPayload ?? '{}', 'application/x-fuzz'],
  ];
  if (method !== 'get' && method !== 'delete') {
    for (const [label, payload, contentType] of bodies) cases.push({ label: `body ${label}`, request: request({ payload, contentType }) });
    // One oversized body per route is enough (the limit is the parser's, not the caller's).
    if (bodyTypes.length && caller === 'anonymous') cases.push({ label: 'body over the limit', request: request({ payload: JSON.stringify({ x: 'x'.repeat(1_100_000) }) }) });
  }
  return cases;
}

function describeValue(v: unknown): string {
  const text = typeof v === 'string' ? JSON.stringify(v) : Array.isArray(v) || (v && typeof v === 'object') ? JSON.stringify(v) : String(v);
  return text.length > 40 ? `${text.slice(0, 20)}…(${text.length} chars)` : text;
}

/** Why an answer is wrong, or null: a 5xx, or a 4xx outside the error shape (its status must match). */
function fault(res: LightMyRequestResponse, url: string): string | null {
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return null;
  // The development identity provider stands in for Google or Apple and answers as they do (OAuth's
  // {"error": ...} and its own sign-in page), so only its 5xx count.
  if (url.startsWith('/api/dev-idp/')) return null;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `${res.statusCode} not JSON: ${res.body.slice(0, 120)}`;
  }
  const parsed = ErrorSchema.safeParse(body);
  if (!parsed.success) return `${res.statusCode} not in the error shape: ${res.body.slice(0, 160)}`;
  if (parsed.data.status !== res.statusCode) return `${res.statusCode} but the body says ${parsed.data.status}`;
  return null;
}

let ip = 0;
/** A fresh address per request, so per-address limits do not stand in for the answer under test. */
const nextIp = () => `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;

describe('OpenAPI fuzz: bad input is a 4xx in the error shape, never a 5xx', () => {
  let t: TestApp;
  let userId: string;

  beforeAll(async () => {
    // A payment host and the operator's secret, so those routes answer as configured rather than 502/503.
    const host = createFakeHost();
    const provider = createSandboxProvider({ apiUrl: HOST, publicId: 'ekran-sandbox', secret: SECRET, replayWindowSeconds: 300, fetch: host.fetch });
    t = await createTestApp({ OPERATOR_NOTIFY_SECRET: 'fuzz-operator-secret-0123456789abcdef' }, { payments: paymentProviders(provider) });
    doc = (await t.app.inject({ url: '/api/openapi.json' })).json<OpenApi>();
    const user = await t.make.user();
    userId = user.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const operations = () => {
    const out: Array<{ method: string; path: string; params: Parameter[]; body?: Schema; bodyTypes: string[] }> = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const content = op.requestBody?.content ?? {};
        out.push({ method, path, params: op.parameters ?? [], body: content['application/json']?.schema, bodyTypes: Object.keys(content) });
      }
    }
    return out;
  };

  /** Routes OpenAPI does not list, with their params as `{name}` (the wildcard as `{*}`). */
  const hiddenRoutes = () =>
    t.app.registeredRoutes
      .filter((r) => r.hidden && r.url !== '/api/openapi.json')
      .map((r) => ({ method: r.method.toLowerCase(), path: r.url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{wild}') }));

  async function run(caller: 'anonymous' | 'adult') {
    let auth: Record<string, string> = { 'x-api-key': TEST_API_KEY };
    const fresh = async () => {
      if (caller === 'adult') auth = (await t.make.session({ userId })).auth;
    };
    await fresh();
    const failures: string[] = [];
    let sent = 0;
    const send = async (label: string, method: string, request: InjectOptions) => {
      // The API key from the query (apikey) is read only without the header, so that case goes without it.
      const headers = label.startsWith('query apikey=') ? { cookie: auth.cookie ?? '' } : auth;
      const res = await t.app.inject({ ...request, headers: { ...headers, ...(request.headers as Record<string, string>) }, remoteAddress: nextIp() });
      sent++;
      const why = fault(res, String(request.url));
      if (why) failures.push(`${method.toUpperCase()} ${String(request.url).slice(0, 100)} [${label}]: ${why}`);
      // A hostile request that changed something (signed out, say) must not blind the rest of the walk.
      if (caller === 'adult' && method !== 'get' && res.statusCode < 400) await fresh();
    };
    for (const op of operations()) {
      for (const c of casesFor(caller, op.method, op.path, op.params, op.body, op.bodyTypes)) await send(c.label, op.method, c.request);
    }
    for (const route of hiddenRoutes()) {
      const names = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const params: Parameter[] = names.map((name) => ({ in: 'path', name, schema: { type: 'string' } }));
      for (const c of casesFor(caller, route.method, route.path, params, undefined, [])) await send(c.label, route.method, c.request);
    }
    // FUZZ_REPORT=<path prefix> keeps every failure in a file (the assertion shows the first 60).
    if (process.env.FUZZ_REPORT) (await import('node:fs')).writeFileSync(`${process.env.FUZZ_REPORT}-${caller}.txt`, failures.join('\n'));
    return { failures, sent };
  }

  it('walks the hidden routes too (media, TV playlists)', () => {
    expect(hiddenRoutes().map((r) => r.path)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/api\/media\/s\//), expect.stringMatching(/^\/api\/tv\/s\//)]));
  });

  it('answers a caller without a session', async () => {
    const { failures, sent } = await run('anonymous');
    expect(sent).toBeGreaterThan(5000);
    expect(failures.slice(0, 60)).toEqual([]);
  }, TIMEOUT);

  it('answers a registered adult', async () => {
    const { failures, sent } = await run('adult');
    expect(sent).toBeGreaterThan(5000);
    expect(failures.slice(0, 60)).toEqual([]);
  }, TIMEOUT);
});
