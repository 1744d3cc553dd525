import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { INVALID_CHARACTERS_MESSAGE, RULE_MESSAGES, SHORTLINK_MESSAGES } from '@toolvault/shared';
import { API } from '@toolvault/shared/contract';
import { engineApp, type EngineApp } from './engine-app';
import { ENGINES } from './engines';

/*
 * The import's dry run on both engines: the same checks as the import, every problem of every row
 * listed with its number, nothing written; and the import of the same file afterwards.
 */

const DRY_RUN = API.shortlinkImportDryRun.path;
const IMPORT = API.shortlinkImport.path;
const { required, shortCodeTaken, ownAddress } = SHORTLINK_MESSAGES;

const row = (n: number, extra: Record<string, unknown> = {}) => ({
  title: `Link ${n}`,
  targetUrl: `https://example.com/${n}`,
  ...extra,
});

describe.each(ENGINES)('the import dry run on %s', (engine) => {
  let t: EngineApp;
  afterEach(async () => t?.close());

  const dryRun = (body: unknown) =>
    request(t.app)
      .post(DRY_RUN)
      .set(t.auth)
      .send(body as object);
  const importFile = (body: unknown) =>
    request(t.app)
      .post(IMPORT)
      .set(t.auth)
      .send(body as object);
  const stored = async () => {
    const res = await request(t.app).get('/api/shortlinks?limit=100').set(t.auth);
    expect(res.status).toBe(200);
    return (res.body.items as { shortCode: string }[]).map((link) => link.shortCode).sort();
  };
  const auditCount = async () => {
    const res = await request(t.app).get('/api/audit?limit=100').set(t.auth);
    expect(res.status).toBe(200);
    return (res.body.events as unknown[]).length;
  };

  it('lists every problem row with its number, field and message, and writes nothing', async () => {
    t = await engineApp(engine);
    const taken = await request(t.app)
      .post('/api/shortlinks')
      .set(t.auth)
      .send(row(0, { shortCode: 'taken1' }));
    expect(taken.status).toBe(201);
    const auditBefore = await auditCount();
    const body = [
      row(1, { shortCode: 'fresh1' }),
      row(2, { title: ' ' }),
      row(3, { shortCode: 'fresh1' }),
      row(4, { shortCode: 'taken1' }),
      row(5, { targetUrl: 'http://localhost/x' }),
      row(6, { validFrom: '2025-04-02T00:00:00Z', validUntil: '2025-04-01T00:00:00Z' }),
      row(7, { tags: Array.from({ length: 21 }, (_, n) => `t${n}`) }),
      // A tab is no character of a title, but a file may hold one: listed, not refused.
      row(8, { title: 'tab\there' }),
      row(9, { maxVisits: 0, redirectStatus: 303 }),
      row(10, { fallbackUrl: 'http://127.0.0.1:9/x', targetUrl: 'javascript:alert(1)' }),
      row(11, { fallbackUrl: 'http://localhost/fallback' }),
      row(12),
    ];
    const res = await dryRun(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      valid: 2,
      problems: [
        { row: 2, field: 'title', message: required },
        { row: 3, field: 'shortCode', message: shortCodeTaken },
        { row: 4, field: 'shortCode', message: shortCodeTaken },
        { row: 5, field: 'targetUrl', message: ownAddress },
        { row: 6, field: 'validUntil', message: RULE_MESSAGES.windowOrder },
        { row: 7, field: 'tags', message: 'At most 20 tags are allowed' },
        { row: 8, field: 'title', message: `title: ${INVALID_CHARACTERS_MESSAGE}` },
        // Each field of a row is named, not only the first.
        { row: 9, field: 'maxVisits', message: RULE_MESSAGES.maxVisits },
        { row: 9, field: 'redirectStatus', message: RULE_MESSAGES.redirectStatus },
        { row: 10, field: 'targetUrl', message: SHORTLINK_MESSAGES.invalidUrl },
        { row: 11, field: 'fallbackUrl', message: ownAddress },
      ],
    });
    // Nothing stored, counted or recorded.
    expect(await stored()).toEqual(['taken1']);
    expect((await request(t.app).get('/api/shortlinks/summary').set(t.auth)).body.totalLinks).toBe(1);
    expect(await auditCount()).toBe(auditBefore);

    // The import of the same file stays all or nothing, and answers the first problem.
    const imported = await importFile(body);
    expect(imported.status).toBe(400);
    expect(imported.body).toEqual({ error: `Row 2: ${required}`, code: 'VALIDATION' });
    expect(await stored()).toEqual(['taken1']);
  });

  it('answers no problems for a clean file, whose import then stores every row', async () => {
    t = await engineApp(engine);
    const body = [
      row(1, { shortCode: 'clean1', tags: ['a', 'b'] }),
      row(2, { validFrom: '2025-04-01T00:00:00Z', validUntil: '2025-04-02T00:00:00Z', maxVisits: 5 }),
      row(3, { redirectMode: 'direct', redirectStatus: 301, fallbackUrl: 'https://example.org/' }),
    ];
    const res = await dryRun(body);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ valid: 3, problems: [] });
    expect(await stored()).toEqual([]);

    const imported = await importFile(body);
    expect(imported.status).toBe(201);
    expect(imported.body).toEqual({ imported: 3 });
    expect(await stored()).toHaveLength(3);
    // Checked again now, the stored code is taken.
    expect((await dryRun(body)).body).toEqual({
      valid: 2,
      problems: [{ row: 1, field: 'shortCode', message: shortCodeTaken }],
    });
  });

  it('answers an empty file with no rows and no problems', async () => {
    t = await engineApp(engine);
    expect((await dryRun([])).body).toEqual({ valid: 0, problems: [] });
  });

  it('names the row whose clickCount takes the clicks of all links past 2^52, as the import refuses it', async () => {
    t = await engineApp(engine);
    // A trillion clicks a row: 4,503 rows stay under 2^52 (4,503,599,627,370,496), the 4,504th passes it.
    const body = Array.from({ length: 4600 }, (_, n) => row(n, { clickCount: 1_000_000_000_000 }));
    const res = await dryRun(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      valid: 4599,
      problems: [{ row: 4504, field: 'clickCount', message: SHORTLINK_MESSAGES.importClicksOverTotal }],
    });
    const imported = await importFile(body);
    expect(imported.body).toEqual({ error: SHORTLINK_MESSAGES.importClicksOverTotal, code: 'VALIDATION' });
    expect((await dryRun(body.slice(0, 4503))).body).toEqual({ valid: 4503, problems: [] });
    // Thousands of rows sent three times: more than the default few seconds on a busy machine.
  }, 60_000);

  it('names a row of thousands of bad tags once, not once per tag', async () => {
    t = await engineApp(engine);
    const res = await dryRun([row(1, { tags: Array.from({ length: 5000 }, () => 7) })]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: 0, problems: [{ row: 1, field: 'tags', message: expect.any(String) }] });
  });

  it.each<[string, string]>([
    ['an object', '{"title":"x","targetUrl":"https://example.com"}'],
    ['a string', '"rows"'],
    ['no JSON at all', '[{"title":'],
    ['rows nested deeper than tags', '[{"tags":[["x"]]}]'],
  ])('refuses %s as the import does: 400 Invalid JSON file format', async (_label, text) => {
    t = await engineApp(engine);
    const res = await request(t.app).post(DRY_RUN).set(t.auth).set('Content-Type', 'application/json').send(text);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: SHORTLINK_MESSAGES.invalidImport, code: 'SHORTLINK_IMPORT_INVALID' });
  });

  it('refuses more rows than an import takes, a body over 10 MB, and a body that is not JSON', async () => {
    t = await engineApp(engine);
    const many = await dryRun(Array.from({ length: 10_001 }, (_, n) => row(n)));
    expect(many.status).toBe(400);
    expect(many.body).toEqual({ error: 'At most 10000 shortlinks can be imported at once', code: 'VALIDATION' });

    const huge = await request(t.app)
      .post(DRY_RUN)
      .set(t.auth)
      .set('Content-Type', 'application/json')
      .send(`[${JSON.stringify(row(1, { description: 'x'.repeat(10 * 1024 * 1024) }))}]`);
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE');

    const plain = await request(t.app).post(DRY_RUN).set(t.auth).set('Content-Type', 'text/plain').send('[]');
    expect(plain.status).toBe(415);
    expect(plain.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it.each<[string, unknown, number, { error: string; code: string }]>([
    [
      'a row that is no object',
      'not a row',
      400,
      {
        error: 'Row 3: Each row must be an object with title and targetUrl',
        code: 'VALIDATION',
      },
    ],
    [
      'a field the import does not know',
      row(3, { colour: 'red' }),
      400,
      {
        error: 'Row 3: Unknown field: colour',
        code: 'UNKNOWN_FIELDS',
      },
    ],
    [
      'a control character in a title',
      row(3, { title: 'bell\u0007' }),
      400,
      {
        error: `Row 3: title: ${INVALID_CHARACTERS_MESSAGE}`,
        code: 'INVALID_CHARACTERS',
      },
    ],
    [
      'NUL in a number field',
      row(3, { maxVisits: '5\u0000' }),
      400,
      {
        error: `Row 3: maxVisits: ${INVALID_CHARACTERS_MESSAGE}`,
        code: 'INVALID_CHARACTERS',
      },
    ],
    [
      'NUL in a tag',
      row(3, { tags: ['ok', 'a\u0000'] }),
      400,
      {
        error: `Row 3: tags.1: ${INVALID_CHARACTERS_MESSAGE}`,
        code: 'INVALID_CHARACTERS',
      },
    ],
    [
      'a field holding an object',
      row(3, { title: { text: 'x' } }),
      400,
      {
        error: 'Row 3: title must be text, a number, true, false, null or a list of those',
        code: 'VALIDATION',
      },
    ],
  ])('refuses the whole body for %s, naming the row, as the import does', async (_label, bad, status, answer) => {
    t = await engineApp(engine);
    // Row 2's value problem is not what is answered: the body is refused for its form.
    const body = [row(1), row(2, { title: '' }), bad, row(4)];
    const res = await dryRun(body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual(answer);
    const imported = await importFile(body);
    expect(imported.status).toBeGreaterThanOrEqual(400);
    expect(imported.status).toBeLessThan(500);
    expect(await stored()).toEqual([]);
  });

  it('needs a signed-in person', async () => {
    t = await engineApp(engine);
    const res = await request(t.app)
      .post(DRY_RUN)
      .send([row(1)]);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });
});
