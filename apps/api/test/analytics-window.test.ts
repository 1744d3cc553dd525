import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { QR_REFERRER } from '@toolvault/shared';
import { ENGINES } from './engines';
import { ENGINE_APP_NOW, engineApp, type EngineApp } from './engine-app';

/*
 * The analytics calls' custom ranges and steps, on each engine: clicks through the redirect route
 * (deduplicated, unique, QR scans), then `from`/`to`/`step`, and every way the query can be wrong.
 * The app's clock is fixed at ENGINE_APP_NOW (2025-03-15T12:00Z).
 */

const opened: EngineApp[] = [];
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
});

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15';

async function withClicks(engine: (typeof ENGINES)[number]) {
  const test = await engineApp(engine);
  opened.push(test);
  const created = await request(test.app)
    .post('/api/shortlinks')
    .set(test.auth)
    .send({ title: 'Docs', targetUrl: 'https://example.com/docs' });
  expect(created.status).toBe(201);
  const { id, shortCode } = created.body as { id: number; shortCode: string };
  const open = (path: string, agent: string) =>
    request(test.app).get(path).set('Accept', 'application/json').set('User-Agent', agent);
  // One visitor three times in one hour, a second agent once, and a QR scan of the first visitor.
  for (let i = 0; i < 3; i += 1) expect((await open(`/${shortCode}`, FIREFOX)).status).toBe(200);
  expect((await open(`/${shortCode}`, SAFARI)).status).toBe(200);
  const scan = await open(`/${shortCode}?qr=1`, FIREFOX);
  // The destination is the same: only the source changes.
  expect(scan.status).toBe(200);
  expect(scan.body.targetUrl).toBe('https://example.com/docs');
  return { ...test, id };
}

describe.each(ENGINES)('analytics windows on %s', { timeout: 30_000 }, (engine) => {
  it('answers an hourly series of a custom day with raw, deduplicated and unique counts', async () => {
    const { app, auth } = await withClicks(engine);
    const res = await request(app).get('/api/shortlinks/analytics?from=2025-03-15&to=2025-03-15&step=hour').set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ range: 'custom', from: '2025-03-15', to: '2025-03-15', step: 'hour' });
    expect(res.body.series).toHaveLength(24);
    expect(res.body.series[12]).toEqual({ start: '2025-03-15T12:00Z', clicks: 5, deduplicated: 2, uniques: 2 });
    expect(res.body.series[11]).toEqual({ start: '2025-03-15T11:00Z', clicks: 0, deduplicated: 0, uniques: 0 });
    expect(res.body.totals).toEqual({ clicks: 5, deduplicated: 2, uniques: 2 });
    expect(res.body.topReferrers).toContainEqual({ host: QR_REFERRER, clicks: 1 });
    expect(res.body.rangeClicks).toBe(5);
  });

  it("gives the Overview today's raw, deduplicated and unique counts beside its totals", async () => {
    const { app, auth } = await withClicks(engine);
    const res = await request(app).get('/api/shortlinks/summary').set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalLinks: 1,
      totalClicks: 5,
      createdToday: 1,
      today: { clicks: 5, deduplicated: 2, uniques: 2 },
    });
  });

  it('gives the Overview zeros for today before any click', async () => {
    const test = await engineApp(engine);
    opened.push(test);
    const res = await request(test.app).get('/api/shortlinks/summary').set(test.auth);
    expect(res.body.today).toEqual({ clicks: 0, deduplicated: 0, uniques: 0 });
  });

  it('answers one link by month and by day, presets included', async () => {
    const { app, auth, id } = await withClicks(engine);
    const months = await request(app)
      .get(`/api/shortlinks/${id}/analytics?from=2025-01-20&to=2025-03-31&step=month`)
      .set(auth);
    expect(months.status).toBe(200);
    expect(months.body.series).toEqual([
      { start: '2025-01', clicks: 0, deduplicated: 0, uniques: 0 },
      { start: '2025-02', clicks: 0, deduplicated: 0, uniques: 0 },
      { start: '2025-03', clicks: 5, deduplicated: 2, uniques: 2 },
    ]);
    const week = await request(app).get(`/api/shortlinks/${id}/analytics?range=7d`).set(auth);
    expect(week.body).toMatchObject({ range: '7d', from: '2025-03-09', to: '2025-03-15', step: 'day' });
    expect(week.body.series.at(-1)).toEqual({
      start: ENGINE_APP_NOW.slice(0, 10),
      clicks: 5,
      deduplicated: 2,
      uniques: 2,
    });
    expect(week.body.totals).toEqual({ clicks: 5, deduplicated: 2, uniques: 2 });
    const hours = await request(app).get(`/api/shortlinks/${id}/analytics?range=7d&step=hour`).set(auth);
    expect(hours.body.series).toHaveLength(7 * 24);
    // A range before any click is zeros, not an error.
    const before = await request(app).get(`/api/shortlinks/${id}/analytics?from=2024-01-01&to=2024-01-31`).set(auth);
    expect(before.body.totals).toEqual({ clicks: 0, deduplicated: 0, uniques: 0 });
    expect(before.body.series).toHaveLength(31);
  });

  it('exports the deduplication flag with each raw click', async () => {
    const { app, auth } = await withClicks(engine);
    const csv = await request(app).get('/api/shortlinks/clicks/export?format=csv').set(auth);
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('shortCode,clickedAt,referrerHost,country,device,deduplicated');
    expect(lines.slice(1).map((line) => line.split(',').at(-1))).toEqual(['1', '0', '0', '1', '0']);
  });
});

describe('analytics query validation', () => {
  const cases: [string, string, string][] = [
    ['from=2025-03-01', 'from and to go together', 'FIELDS_CONFLICT'],
    ['to=2025-03-01', 'from and to go together', 'FIELDS_CONFLICT'],
    ['range=7d&from=2025-03-01&to=2025-03-02', 'Give either range or from and to, not both', 'FIELDS_CONFLICT'],
    ['from=2025-03-02&to=2025-03-01', 'from must not be after to', 'FIELDS_CONFLICT'],
    ['from=2025-03-01&to=2025-03-08&step=hour', 'step=hour takes a range of at most 7 days', 'FIELDS_CONFLICT'],
    ['range=30d&step=hour', 'step=hour takes a range of at most 7 days', 'FIELDS_CONFLICT'],
    ['from=2015-01-01&to=2025-12-31&step=day', 'step=day takes a range of at most 3660 days', 'FIELDS_CONFLICT'],
    ['step=year', 'step must be one of hour, day, month', 'VALIDATION'],
    ['from=2025-02-30&to=2025-03-01', 'from must be a real date as YYYY-MM-DD', 'VALIDATION'],
    ['from=1999-12-31&to=2025-03-01', 'from must be a date from 2000-01-01 on', 'VALIDATION'],
    ['from=15.03.2025&to=2025-03-16', 'from must be a real date as YYYY-MM-DD', 'VALIDATION'],
    // Hostile: arrays, SQL, huge values, control characters.
    ['from=2025-03-01&from=2025-03-02&to=2025-03-03', 'from must be a real date as YYYY-MM-DD', 'VALIDATION'],
    ["from=2025-03-01'%20OR%201=1--&to=2025-03-02", 'from must be a real date as YYYY-MM-DD', 'VALIDATION'],
    [`to=${'9'.repeat(5000)}&from=2025-03-01`, 'to must be a real date as YYYY-MM-DD', 'VALIDATION'],
    ['from=2025-03-01%00&to=2025-03-02', 'from must be a real date as YYYY-MM-DD', 'VALIDATION'],
    // The query parser is 'simple': from[a] is a name of its own, unknown here.
    ['from[a]=1&to=2025-03-02', 'from and to go together', 'FIELDS_CONFLICT'],
  ];

  it.each(ENGINES)('answers 400 with a clear message for each bad query on %s', { timeout: 30_000 }, async (engine) => {
    const test = await engineApp(engine);
    opened.push(test);
    for (const [query, error, code] of cases) {
      for (const path of ['/api/shortlinks/analytics', '/api/shortlinks/1/analytics']) {
        const res = await request(test.app).get(`${path}?${query}`).set(test.auth);
        expect([query, res.status, res.body]).toEqual([query, 400, { error, code }]);
      }
    }
    // Without a session: 401 before the query is looked at.
    const anonymous = await request(test.app).get('/api/shortlinks/analytics?from=2025-03-01&to=2025-03-02');
    expect(anonymous.status).toBe(401);
  });
});
