import jwt from 'jsonwebtoken';
import fc from 'fast-check';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ERROR_CODES, type ApiErrorCode } from '@toolvault/shared';
import { API_ROUTES, routeErrors } from '@toolvault/shared/contract';
import type { Storage } from '../src/db';
import { ADMIN_PASSWORD, buildApp, JWT_SECRET, TEST_SESSION_ID, type TestApp } from './helpers';

/**
 * Hostile input against every API route (docs/decisions/0002-server-enforces-rules.md), with and without a
 * valid admin token: malformed JSON, wrong types, huge strings, unicode edge
 * cases, missing fields, arrays for objects and prototype-pollution keys.
 * Whatever arrives: never a 5xx, a JSON `{ error, code }` body on every 4xx with a code the
 * route's contract names, and a rejected request leaves the stored data exactly as it was.
 */
const SEED = 20_261_122;
const RUNS = 100;
console.info(`fuzz.test.ts: fast-check seed ${SEED}, ${RUNS} runs per route`);

// ---------------------------------------------------------------------------
// Arbitraries

/** Strings that have broken parsers, databases and renderers before. */
const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDC00y\uD83D',
  '\u202Eevil\u202C',
  'שלום עולם',
  'مرحبا',
  '\u200B',
  '\u200D\u200C\uFEFF',
  '\u0301\u0301\u0301e',
  '😀👩‍👩‍👧‍👦',
  '\uFFFF\uFFFE',
  '𝌆'.repeat(50),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  'javascript:alert(1)',
  'https://example.com/\u0000',
  '%zz',
  '\r\nSet-Cookie: x=1',
  '__proto__',
  'constructor',
  'prototype',
];

/** Up to 200 kB: above every JSON body limit but the 1 MB ones, and fast to send. */
const hugeString = fc
  .tuple(fc.constantFrom('a', 'é', '𝌆', '\u0000', '\uD800', '<p>x</p>'), fc.integer({ min: 1_000, max: 200_000 }))
  .map(([unit, bytes]) => unit.repeat(Math.max(1, Math.floor(bytes / Buffer.byteLength(unit)))));

const weirdString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
);

const weirdScalar = fc.oneof(
  weirdString,
  fc.constantFrom(0, -1, 1.5, 1e308, -0, Number.MAX_SAFE_INTEGER + 2, true, false, null),
  fc.integer(),
);

/** Any JSON value, with weird strings inside. */
const weirdValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    weirdScalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(weirdString, fc.constantFrom('__proto__', 'constructor')), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** The route's own fields, each present or missing, with values of the wrong kind. */
const fieldsOf = (fields: readonly string[]) =>
  fc.record(Object.fromEntries(fields.map((field) => [field, weirdValue])), { requiredKeys: [] });

/** A raw body: text that is not JSON, or JSON that only looks harmless. */
const MALFORMED_JSON = [
  '{',
  '}',
  '{"a":',
  '[1,2',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  'undefined',
  'NaN',
  '{"a":NaN}',
  '\u0000',
  '"unterminated',
  '{"__proto__":{"polluted":"yes","isAdmin":true}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '[{"__proto__":{"polluted":"yes"}}]',
  '{"a":1}{"b":2}',
  '\uFEFF{}',
  '1e999999',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
];

interface Payload {
  /** The exact bytes sent. */
  raw: string;
  contentType: string | null;
}

const json = (value: unknown): string => JSON.stringify(value) ?? 'null';

/** A body for a route with these fields: malformed text, a wrong JSON type, or the fields with hostile values. */
const payloadFor = (fields: readonly string[]): fc.Arbitrary<Payload> =>
  fc
    .tuple(
      fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_JSON) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
        { weight: 2, arbitrary: weirdValue.map(json) },
        { weight: 4, arbitrary: fieldsOf(fields).map(json) },
        { weight: 1, arbitrary: fc.array(fieldsOf(fields), { maxLength: 3 }).map(json) },
        {
          weight: 1,
          arbitrary: fieldsOf(fields).map((body) =>
            `{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},${json(body).slice(1)}`.replace(
              /,}$/,
              '}',
            ),
          ),
        },
      ),
      fc.constantFrom<string | null>(
        'application/json',
        'application/json',
        'application/json; charset=utf-16',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/octet-stream',
        null,
      ),
    )
    .map(([raw, contentType]) => ({ raw, contentType }));

/** One path segment: ids, slugs, codes and addresses that are out of range, malformed or hostile. */
const segment = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    '9007199254740993',
    '99999999999999999999',
    'NaN',
    '%zz',
    '%',
    '%00',
    '..',
    '.',
  ),
  weirdString.filter((text) => text.length <= 300),
);

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as invalid UTF-8 escapes. */
function encodeSegment(text: string): string {
  if (/^%|^\.{1,2}$/.test(text)) return text;
  return Array.from(text, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');
}

type Auth = 'none' | 'valid' | 'forged' | 'garbage' | 'basic';
const auth = fc.constantFrom<Auth>('none', 'valid', 'valid', 'forged', 'garbage', 'basic');

// ---------------------------------------------------------------------------
// The routes: every route of the contract, with its own body fields and query keys

interface Route {
  name: string;
  method: 'get' | 'post' | 'put' | 'delete';
  /** The path; `:param` is replaced by a fuzzed segment. */
  path: string;
  /** The body's field names; routes without a body still get one thrown at them. */
  fields?: readonly string[];
  /** A fuzzed query string (key=value pairs) is added. */
  query?: readonly string[];
  /** GET /{code} with Accept: application/json. */
  accept?: string;
  /** Rate-limited: a fresh app per run, so the limiter does not answer every request. */
  limited?: boolean;
  /** Every code the route may answer (its own, its checks' and the common ones). */
  codes: readonly ApiErrorCode[];
}

/** The field names of a body schema: an object's keys, or those of the objects in a list. */
function fieldNames(schema: z.ZodType | undefined): string[] | undefined {
  if (schema instanceof z.ZodArray) return fieldNames(schema.element as z.ZodType);
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : undefined;
}

const ROUTES: Route[] = API_ROUTES.map((route) => ({
  name: `${route.method.toUpperCase()} ${route.path}`,
  method: route.method,
  path: route.path.replace(/:\w+/, ':param'),
  fields: fieldNames(route.body?.adminSchema ?? route.body?.schema),
  query: route.query ? Object.keys(route.query.shape) : undefined,
  accept: route.beforeRouter ? 'application/json' : undefined,
  limited: route.rateLimit !== undefined || route.errors.includes('GUEST_RATE_LIMITED'),
  codes: routeErrors(route),
}));

// ---------------------------------------------------------------------------
// The app, its data and the checks

let token: string;

beforeAll(async () => {
  const { app } = buildApp();
  const res = await request(app).post('/api/admin/login').send({ password: ADMIN_PASSWORD });
  expect(res.status).toBe(200);
  // A login opens its session in that app's database; every seeded app holds the test session.
  token = jwt.sign({}, JWT_SECRET, { algorithm: 'HS256', expiresIn: '12h', subject: 'admin', jwtid: TEST_SESSION_ID });
});

/** A fresh app holding one category, one published post and one shortlink, so ids 1 and real slugs exist. */
async function seededApp(): Promise<TestApp> {
  const test = buildApp();
  const admin = { Authorization: `Bearer ${token}` };
  const category = await request(test.app).post('/api/categories').set(admin).send({ name: 'Tools', slug: 'tools' });
  const post = await request(test.app)
    .post('/api/blog')
    .set(admin)
    .send({ title: 'Seed', slug: 'seed', content: '<p>Seed</p>', published: true, category_id: 1 });
  const link = await request(test.app)
    .post('/api/shortlinks')
    .set(admin)
    .send({ title: 'Seed', targetUrl: 'https://example.com/seed', shortCode: 'seed1' });
  expect([category.status, post.status, link.status]).toEqual([201, 201, 201]);
  return test;
}

/**
 * When a session or key was last used is bookkeeping, not data: a request refused for its input
 * still proved who sent it, and may note that.
 */
const BOOKKEEPING = new Set(['last_seen_at', 'last_used_at']);

/**
 * The day's salt of the visitor hashes is made on the day's first visit, fetched beside the link
 * (not after it) so a counted click waits for one round trip: it says nothing of the request.
 */
const BOOKKEEPING_TABLES = new Set(['click_salts']);

/** Every row of every table, in a stable order. */
function snapshot(storage: Storage): string {
  const database = storage.sqlite!;
  const tables = database
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  return JSON.stringify(
    Object.fromEntries(
      // Sorted here: WITHOUT ROWID tables have no rowid to order by.
      tables
        .filter((table) => !BOOKKEEPING_TABLES.has(table))
        .map((table) => [
          table,
          database
            .prepare(`SELECT * FROM "${table}"`)
            .all()
            .map((row) => JSON.stringify(row, (key, value: unknown) => (BOOKKEEPING.has(key) ? undefined : value)))
            .sort(),
        ]),
    ),
  );
}

function authorization(mode: Auth): string | undefined {
  switch (mode) {
    case 'none':
      return undefined;
    case 'valid':
      return `Bearer ${token}`;
    case 'forged':
      // A well-formed token signed with someone else's secret.
      return 'Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJlLW9mLWFub3RoZXI';
    case 'garbage':
      return 'Bearer %00{}';
    case 'basic':
      return 'Basic YWRtaW46YWRtaW4=';
  }
}

interface Attempt {
  payload: Payload;
  param: string;
  query: string;
  auth: Auth;
  sendBody: boolean;
}

async function send(test: TestApp, route: Route, attempt: Attempt): Promise<request.Response> {
  const path = route.path.replace(':param', encodeSegment(attempt.param));
  const url = route.query ? `${path}?${attempt.query}` : path;
  let req = request(test.app)[route.method](url);
  const header = authorization(attempt.auth);
  if (header !== undefined) req = req.set('Authorization', header);
  if (route.accept) req = req.set('Accept', route.accept);
  if (attempt.sendBody && route.method !== 'get' && route.method !== 'delete') {
    if (attempt.payload.contentType) req = req.set('Content-Type', attempt.payload.contentType);
    return req.send(attempt.payload.raw);
  }
  return req;
}

const queryFor = (keys: readonly string[]) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...keys),
          fc.constantFrom('__proto__', 'constructor', `${keys[0]}[]`, `${keys[0]}[a]`),
        ),
        fc.oneof(
          fc.constantFrom('1', '0', '-1', '51', '1.5', '', 'tools', '9'.repeat(400)),
          weirdString.filter((s) => s.length < 500),
        ),
      ),
      { maxLength: 3 },
    )
    .map((pairs) => pairs.map(([key, value]) => `${encodeSegment(key)}=${encodeSegment(value)}`).join('&'));

describe.each(ROUTES)('fuzz: $name', (route) => {
  it('never answers 5xx, answers { error, code } on 4xx, and a rejected request changes nothing', async () => {
    const shared = route.limited ? undefined : await seededApp();
    const attempt = fc.record({
      payload: payloadFor(route.fields ?? ['value']),
      param: segment,
      query: queryFor(route.query ?? ['q']),
      auth,
      sendBody: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(attempt, async (input) => {
        const test = shared ?? buildApp();
        const before = snapshot(test.database);
        const res = await send(test, route, input);
        expect(res.status, `${route.name} answered ${res.status}: ${String(res.text).slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) {
          expect(res.headers['content-type']).toMatch(/^application\/json/);
          expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), code: expect.any(String) }));
          // Every error is a code of the one enum, and one this route is documented to answer; a fuzzed
          // segment may also make a path that is no route at all ('' leaves `/api/blog/`): NOT_FOUND.
          const { code } = res.body as { code: string };
          expect(API_ERROR_CODES).toContain(code);
          const answerable = route.path.includes(':param') ? [...route.codes, 'NOT_FOUND'] : route.codes;
          expect(answerable, `${route.name} answered ${code}`).toContain(code);
          expect(snapshot(test.database)).toBe(before);
        }
        // JSON.parse makes "__proto__" an own key; nothing may have merged it into Object.prototype.
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 60_000);
});
