import { gzipSync } from 'node:zlib';
import express, { type ErrorRequestHandler } from 'express';
import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors';
import { jsonArrayBody, parseJsonArray } from '../src/http/json-array-body';

class Invalid extends Error {}

/** The parser alone, behind a route that answers what it left in req.body (or the error's name). */
function app(limit = '1mb', maxDepth = 64) {
  const server = express();
  server.post('/', jsonArrayBody({ limit, maxDepth, invalid: () => new Invalid() }), (req, res) => {
    res.json({ body: req.body === undefined ? 'unset' : req.body });
  });
  const errors: ErrorRequestHandler = (error, _req, res, _next) => {
    if (error instanceof Invalid) res.status(400).json({ error: 'invalid' });
    else if (error instanceof AppError) res.status(error.status).json({ error: error.code });
    else res.status((error as { status?: number }).status ?? 500).json({ error: 'other' });
  };
  server.use(errors);
  return server;
}

/**
 * Sends these exact bytes (superagent would otherwise turn a Buffer sent as application/json into
 * the JSON of a Buffer object).
 */
const send = (server: express.Express, body: string | Buffer, headers: Record<string, string> = {}) =>
  request(server)
    .post('/')
    .set({ 'Content-Type': 'application/json', ...headers })
    .serialize((bytes: unknown) => bytes as string)
    .send(body as string);

const post = (body: string | Buffer, contentType = 'application/json') =>
  send(app(), body, { 'Content-Type': contentType });

const utf8 = () => new TextDecoder('utf-8', { fatal: true });

describe('jsonArrayBody', () => {
  it('gives the same rows as JSON.parse for any JSON array', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.jsonValue(), { maxLength: 20 }), async (rows) => {
        const text = JSON.stringify(rows, null, rows.length % 2 === 0 ? 2 : undefined);
        expect(await parseJsonArray(Buffer.from(text), utf8(), Infinity)).toEqual(JSON.parse(text));
      }),
      { numRuns: 200 },
    );
  });

  it.each<[string, string, unknown]>([
    ['an empty array', '[]', []],
    ['whitespace around it', ' \r\n\t[1, 2]\n\n ', [1, 2]],
    ['escapes and accents', '[{"t":"caf\\u00e9 \\"q\\" é 🔒"}]', [{ t: 'café "q" é 🔒' }]],
    ['nested values', '[{"tags":["a",{"b":[null,true,-1.5e3]}]}]', [{ tags: ['a', { b: [null, true, -1500] }] }]],
    ['a "__proto__" key, as an own property', '[{"__proto__":{"x":1}}]', [JSON.parse('{"__proto__":{"x":1}}')]],
  ])('parses %s', async (_label, text, rows) => {
    const res = await post(text);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ body: rows });
  });

  it('keeps a "__proto__" key from changing any prototype', async () => {
    const [row] = (await parseJsonArray(Buffer.from('[{"__proto__":{"polluted":1}}]'), utf8(), 3)) as object[];
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('drops a byte-order mark, and reads UTF-16 when the charset says so', async () => {
    const bom = await post(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('[{"t":"é"}]')]));
    expect(bom.body).toEqual({ body: [{ t: 'é' }] });
    const utf16 = await post(Buffer.from('[{"t":"é"}]', 'utf16le'), 'application/json; charset=utf-16le');
    expect(utf16.body).toEqual({ body: [{ t: 'é' }] });
  });

  it('parses a row cut between two slices, even inside a multi-byte character', async () => {
    // 16 KiB slices: the accents land on every byte offset of a slice boundary somewhere.
    const rows = Array.from({ length: 2000 }, (_, i) => ({ title: `é${'à'.repeat(i % 7)}🔒 ${i}` }));
    const res = await send(app('5mb'), Buffer.from(JSON.stringify(rows)));
    expect(res.body).toEqual({ body: rows });
  });

  it.each<[string, string | Buffer]>([
    ['an empty body', ''],
    ['only whitespace', '  \n '],
    ['an object', '{"a":1}'],
    ['a string', '"[1]"'],
    ['a number', '1'],
    ['an unclosed array', '[1, 2'],
    ['a trailing comma', '[1, 2,]'],
    ['text after the array', '[1] x'],
    ['two arrays', '[1][2]'],
    ['single quotes', "['a']"],
    ['NaN', '[NaN]'],
    ['bytes that are not UTF-8', Buffer.from([0x5b, 0x22, 0xff, 0xfe, 0x22, 0x5d])],
    ['a character cut off at the end', Buffer.from('["é"]').subarray(0, 3)],
  ])('refuses %s as invalid', async (_label, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid' });
  });

  it('answers 415 for a charset no decoder knows', async () => {
    const res = await post('[1]', 'application/json; charset=klingon');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('keeps express.raw: its size limit, gzip, and no parsing of a body that is not JSON', async () => {
    const tooLarge = await send(app('1kb'), `[${'1,'.repeat(600)}1]`);
    expect(tooLarge.status).toBe(413);
    const gzipped = await send(app(), gzipSync('[1,2,3]'), { 'Content-Encoding': 'gzip' });
    expect(gzipped.body).toEqual({ body: [1, 2, 3] });
    const text = await post('[1]', 'text/plain');
    expect(text.body).toEqual({ body: 'unset' });
  });

  it.each<[string, string, number, boolean]>([
    ['a flat array at depth 1', '[1, "a", null]', 1, true],
    ['rows with a list inside, at depth 3', '[{"tags":["a","b"]},{"tags":[]}]', 3, true],
    ['a list one level too deep', '[{"tags":[["a"]]}]', 3, false],
    ['an object one level too deep', '[{"meta":{"a":{"b":1}}}]', 3, false],
    ['arrays in arrays', '[[[[]]]]', 3, false],
    ['an empty array at depth 0', '[]', 0, false],
  ])('depth: %s', async (_label, text, maxDepth, accepted) => {
    const parsed = parseJsonArray(Buffer.from(text), utf8(), maxDepth);
    if (accepted) await expect(parsed).resolves.toEqual(JSON.parse(text));
    else await expect(parsed).rejects.toThrow(/Nested deeper/);
  });

  it('stops at the first bracket too deep: ten megabytes of nesting cost neither time nor memory', async () => {
    const half = 4_950_000;
    const body = Buffer.from(`${'['.repeat(half)}${']'.repeat(half)}`);
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    await expect(parseJsonArray(body, utf8(), 3)).rejects.toThrow(/Nested deeper than 3/);
    expect(performance.now() - started).toBeLessThan(1_000);
    // Five million nested arrays, parsed to the end, would take hundreds of megabytes.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('answers the invalid error for a body nested too deep', async () => {
    const res = await send(app('1mb', 3), '[[[[1]]]]');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid' });
  });

  it('lets other work run while it parses a large body', async () => {
    // 3 MB, an import's size: tens of milliseconds of parsing, more than one slice's budget.
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ title: `Row ${i}`, description: 'x'.repeat(300) }));
    const body = Buffer.from(JSON.stringify(rows));
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const parsed = await parseJsonArray(body, utf8(), 2);
    counting = false;
    expect(parsed).toHaveLength(10_000);
    // JSON.parse, or a parse that never yields, would finish before the first turn.
    expect(turns).toBeGreaterThan(1);
  });
});
