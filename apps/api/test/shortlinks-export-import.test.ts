// The export and import of shortlinks as JSON: a round trip, the original sample format, errors
// reported by row number with nothing inserted, and the import's size limits.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { SHORTLINK_MESSAGES, type Shortlink, type ShortlinkExportRow } from '@toolvault/shared';
import { LINK, setup } from './shortlinks-support';

const { invalidUrl, required } = SHORTLINK_MESSAGES;

describe('export and import', () => {
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      title: `Link ${i + 1}`,
      targetUrl: `https://example.com/${i + 1}`,
      description: '',
      metaImage: '',
      tags: [],
    }));

  it('round-trips: export → delete all → import → the same links', async () => {
    const { create, app, auth, list, time } = setup();
    await create({
      ...LINK,
      shortCode: 'one111',
      tags: ['a', 'b'],
      description: 'First',
      metaImage: 'https://i.example/1.png',
    });
    time.advance(60_000);
    await create({ title: 'Two', targetUrl: 'http://example.org/?q=1&r=2#frag' });
    time.advance(60_000);
    await create({ title: 'Three <b>', targetUrl: 'https://example.net/', shortCode: 'three3' });
    await request(app).get('/one111').set('Accept', 'application/json');
    await request(app).get('/one111').set('Accept', 'application/json');
    const before = await list();

    const exported = await request(app).get('/api/shortlinks/export').set(auth());
    expect(exported.status).toBe(200);
    const body = exported.body as ShortlinkExportRow[];
    expect(body.map((row) => Object.keys(row).sort())).toEqual(
      Array(3).fill([
        'archived',
        'clickCount',
        'createdAt',
        'createdBy',
        'description',
        'fallbackUrl',
        'folderId',
        'maxVisits',
        'metaImage',
        'redirectMode',
        'redirectStatus',
        'shortCode',
        'tags',
        'targetUrl',
        'title',
        'validFrom',
        'validUntil',
      ]),
    );
    expect(body.map((row) => row.title)).toEqual(['Docs', 'Two', 'Three <b>']);
    expect(body.map((row) => row.createdBy)).toEqual(['owner', 'owner', 'owner']);

    for (const link of before) await request(app).delete(`/api/shortlinks/${link.id}`).set(auth());
    expect(await list()).toEqual([]);

    const imported = await request(app).post('/api/shortlinks/import').set(auth()).send(body);
    expect(imported.status).toBe(201);
    expect(imported.body).toEqual({ imported: 3 });
    const withoutId = (links: Shortlink[]) => links.map(({ id: _id, ...link }) => link);
    expect(withoutId(await list())).toEqual(withoutId(before));
  });

  it('imports the original sample format (no code, count or date) with generated codes', async () => {
    const { app, auth, list, time } = setup();
    const sample = [
      { targetUrl: 'https://github.com', title: 'GitHub', metaImage: '', description: 'Code', tags: ['dev'] },
      {
        targetUrl: 'https://owasp.org',
        title: 'OWASP',
        metaImage: 'https://owasp.org/x.png',
        description: '',
        tags: [],
      },
    ];
    const res = await request(app).post('/api/shortlinks/import').set(auth()).send(sample);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ imported: 2 });
    const links = await list();
    expect(links.map((link) => link.title).sort()).toEqual(['GitHub', 'OWASP']);
    for (const link of links) {
      expect(link.shortCode).toMatch(/^[A-Za-z0-9]{6}$/);
      expect(link.clickCount).toBe(0);
      expect(link.createdAt).toBe(time.clock().toISOString());
    }
  });

  it('inserts nothing when row 3 of 5 is bad', async () => {
    const { app, auth, list } = setup();
    const body = rows(5);
    body[2] = { ...body[2]!, targetUrl: 'javascript:alert(1)' };
    const res = await request(app).post('/api/shortlinks/import').set(auth()).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: `Row 3: ${invalidUrl}`, code: 'VALIDATION' });
    expect(await list()).toEqual([]);
  });

  it.each<[string, (body: object[]) => void, string]>([
    ['a blank title', (body) => Object.assign(body[1]!, { title: ' ' }), `Row 2: ${required}`],
    [
      'a reserved code',
      (body) => Object.assign(body[4]!, { shortCode: 'login' }),
      'Row 5: This short code is reserved',
    ],
    [
      'a row that is no object',
      (body) => (body[0] = 'x' as unknown as object),
      'Row 1: Each row must be an object with title and targetUrl',
    ],
    [
      'a bad clickCount',
      (body) => Object.assign(body[3]!, { clickCount: -2 }),
      'Row 4: clickCount must be a whole number of 0 or more',
    ],
  ])('reports %s by row number', async (_label, spoil, error) => {
    const { app, auth, list } = setup();
    const body = rows(5);
    spoil(body);
    const res = await request(app).post('/api/shortlinks/import').set(auth()).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    expect(await list()).toEqual([]);
  });

  it('answers 409 for a code repeated in the file or already stored, inserting nothing', async () => {
    const { app, auth, list, create } = setup();
    const body = rows(5).map((row, i) => ({ ...row, shortCode: `code-${i}` }));
    body[3]!.shortCode = 'code-1';
    const inFile = await request(app).post('/api/shortlinks/import').set(auth()).send(body);
    expect(inFile.status).toBe(409);
    expect(inFile.body).toEqual({ error: 'Row 4: Short code already exists', code: 'SHORT_CODE_TAKEN' });
    expect(await list()).toEqual([]);

    await create({ ...LINK, shortCode: 'code-2' });
    const stored = await request(app)
      .post('/api/shortlinks/import')
      .set(auth())
      .send(rows(5).map((row, i) => ({ ...row, shortCode: `code-${i}` })));
    expect(stored.status).toBe(409);
    expect(stored.body.error).toBe('Row 3: Short code already exists');
    expect(await list()).toHaveLength(1);
  });

  it.each<[string, string]>([
    ['an object', '{"title":"x"}'],
    ['a string', '"x"'],
    ['no JSON at all', '{not json'],
  ])('answers "Invalid JSON file format" for %s', async (_label, text) => {
    const { app, auth } = setup();
    const res = await request(app)
      .post('/api/shortlinks/import')
      .set(auth())
      .set('Content-Type', 'application/json')
      .send(text);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid JSON file format', code: 'SHORTLINK_IMPORT_INVALID' });
  });

  it('takes 1000 rows of a body above the app-wide 100 kB limit, and refuses 10,001', async () => {
    const { app, auth, list } = setup();
    const big = rows(1000).map((row) => ({ ...row, description: 'x'.repeat(300) }));
    expect(JSON.stringify(big).length).toBeGreaterThan(300_000);
    const res = await request(app).post('/api/shortlinks/import').set(auth()).send(big);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ imported: 1000 });
    expect(await list()).toHaveLength(1000);
    const tooMany = await request(app).post('/api/shortlinks/import').set(auth()).send(rows(10_001));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('At most 10000 shortlinks can be imported at once');
  });

  it('keeps the 100 kB limit on every other route', async () => {
    const { create } = setup();
    const res = await create({ ...LINK, description: 'x'.repeat(120_000) });
    expect(res.status).toBe(413);
  });
});
