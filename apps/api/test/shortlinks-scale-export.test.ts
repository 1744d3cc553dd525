// Export and import of links and raw clicks at scale on both engines (10,000 links as JSON and CSV),
// and the CSV cells a spreadsheet will not run as formulas.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { type ShortlinkExportRow, withRuleDefaults } from '@toolvault/shared';
import { csvCell } from '../src/lib/csv';
import { ENGINES } from './engines';
import { databasePerTest, insertAll, newLink } from './shortlinks-scale-support';

const { setup } = databasePerTest();

describe.each(ENGINES)('export and import at scale on %s', (engine) => {
  it('round-trips 10,000 links through JSON, and exports the same rows as CSV', async () => {
    const t = await setup(engine);
    const rows: ShortlinkExportRow[] = Array.from({ length: 10_000 }, (_, i) => ({
      shortCode: `bulk${i}`,
      targetUrl: `https://example.com/${i}?a=1&b=2`,
      title: i % 100 === 0 ? `=cmd|' /C calc'!A${i}` : `Bulk "link", ${i}`,
      description: i % 2 ? 'line one\nline two' : '',
      metaImage: i % 3 ? '' : `https://img.example/${i}.png`,
      tags: i % 4 ? ['bulk', `t${i % 10}`] : [],
      clickCount: i % 17,
      createdAt: new Date(Date.parse('2024-01-01T00:00:00Z') + i * 1000).toISOString(),
      redirectMode: i % 5 ? 'preview' : 'direct',
      // Every seventh link carries rules, which the round trip keeps.
      ...withRuleDefaults(
        i % 7
          ? {}
          : {
              validFrom: '2024-01-01T00:00:00.000Z',
              validUntil: '2031-06-30T12:00:00.000Z',
              maxVisits: 100 + i,
              fallbackUrl: `https://fallback.example/${i}`,
              redirectStatus: 308,
            },
      ),
      folderId: null,
      archived: false,
      // The export names the importer (the Owner) as the maker of every imported link.
      createdBy: 'owner',
    }));
    const imported = await request(t.app).post('/api/shortlinks/import').set(t.auth).send(rows);
    expect(imported.body).toEqual({ imported: 10_000 });
    expect(imported.status).toBe(201);

    const exported = await t.get('/api/shortlinks/export');
    expect(exported.status).toBe(200);
    expect(exported.headers['content-disposition']).toContain('shortlinks.json');
    expect(exported.body).toEqual(rows);

    // A second, empty database takes the export back unchanged.
    const other = await setup(engine);
    expect((await request(other.app).post('/api/shortlinks/import').set(other.auth).send(exported.body)).status).toBe(
      201,
    );
    expect((await other.get('/api/shortlinks/export')).body).toEqual(rows);
    expect((await other.get('/api/shortlinks/summary')).body).toMatchObject({
      totalLinks: 10_000,
      totalClicks: rows.reduce((sum, row) => sum + row.clickCount, 0),
    });
    expect((await other.page({ tag: 't3' })).total).toBe(rows.filter((row) => row.tags.includes('t3')).length);

    const csv = await t.get('/api/shortlinks/export', { format: 'csv' });
    expect(csv.type).toBe('text/csv');
    const text = csv.text;
    expect(
      text.startsWith(
        'shortCode,targetUrl,title,description,metaImage,tags,clickCount,createdAt,redirectMode,' +
          'validFrom,validUntil,maxVisits,fallbackUrl,redirectStatus,createdBy\r\n',
      ),
    ).toBe(true);
    expect(text).toContain(`bulk0,https://example.com/0?a=1&b=2,'=cmd|' /C calc'!A0,,https://img.example/0.png,,0,`);
    expect(text).toContain(
      'bulk1,https://example.com/1?a=1&b=2,"Bulk ""link"", 1","line one\nline two",,"bulk, t1",1,',
    );
    expect(text.split('\r\n').filter((line) => line.startsWith('bulk'))).toHaveLength(10_000);
  }, 120_000);

  it('exports an empty collection as [] and as a CSV header alone', async () => {
    const t = await setup(engine);
    const json = await t.get('/api/shortlinks/export');
    expect(json.status).toBe(200);
    expect(json.body).toEqual([]);
    const csv = await t.get('/api/shortlinks/export', { format: 'csv' });
    expect(csv.headers['content-disposition']).toContain('shortlinks.csv');
    expect(csv.text).toBe(
      'shortCode,targetUrl,title,description,metaImage,tags,clickCount,createdAt,redirectMode,' +
        'validFrom,validUntil,maxVisits,fallbackUrl,redirectStatus,createdBy\r\n',
    );
  });

  it('exports the raw clicks oldest first, as JSON and as formula-safe CSV, to the admin only', async () => {
    const t = await setup(engine);
    await insertAll(t, [newLink({ shortCode: 'clk001' }), newLink({ shortCode: 'clk002' })]);
    // More than one read batch (1,000), so the keyset paging is crossed.
    const expected = Array.from({ length: 1_005 }, (_, i) => ({
      shortCode: i % 3 ? 'clk001' : 'clk002',
      clickedAt: new Date(Date.parse('2025-03-01T00:00:00Z') + i * 1000).toISOString(),
      referrerHost: i % 4 ? `ref${i % 7}.example` : null,
      country: i % 5 ? 'DE' : null,
      device: (['desktop', 'mobile', 'tablet'] as const)[i % 3]!,
    }));
    // A cell a spreadsheet would run as a formula, stored as it came.
    expected[1] = { ...expected[1]!, referrerHost: '=HYPERLINK("http://evil.example")' };
    for (const { shortCode, ...click } of expected) await t.db.shortlinkClicks.countClick(shortCode, click);

    const json = await t.get('/api/shortlinks/clicks/export');
    expect(json.status).toBe(200);
    expect(json.headers['content-disposition']).toContain('shortlink-clicks.json');
    // Clicks counted without a visitor (no daily salt given) are each their own first visit.
    expect(json.body).toEqual(expected.map((click) => ({ ...click, deduplicated: 1 })));

    const csv = await t.get('/api/shortlinks/clicks/export', { format: 'csv' });
    expect(csv.type).toBe('text/csv');
    expect(csv.headers['content-disposition']).toContain('shortlink-clicks.csv');
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe('shortCode,clickedAt,referrerHost,country,device,deduplicated');
    expect(lines[1]).toBe('clk002,2025-03-01T00:00:00.000Z,,,desktop,1');
    expect(lines[2]).toBe(`clk001,2025-03-01T00:00:01.000Z,"'=HYPERLINK(""http://evil.example"")",DE,mobile,1`);
    expect(lines.filter((line) => line.startsWith('clk'))).toHaveLength(1_005);

    expect((await request(t.app).get('/api/shortlinks/clicks/export')).status).toBe(401);
    expect((await t.get('/api/shortlinks/clicks/export', { format: 'xml' })).body).toEqual({
      error: 'format must be one of json, csv',
      code: 'VALIDATION',
    });
  }, 120_000);

  it('inserts none of 10,000 rows when the last code is taken', async () => {
    const t = await setup(engine);
    await insertAll(t, [newLink({ shortCode: 'taken1' })]);
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      title: `R${i}`,
      targetUrl: 'https://example.com/',
      ...(i === 9_999 ? { shortCode: 'taken1' } : {}),
    }));
    const res = await request(t.app).post('/api/shortlinks/import').set(t.auth).send(rows);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'Row 10000: Short code already exists', code: 'SHORT_CODE_TAKEN' });
    expect((await t.page({})).total).toBe(1);
    expect((await t.get('/api/shortlinks/summary')).body.totalLinks).toBe(1);
  }, 60_000);
});

describe('CSV cells', () => {
  it.each<[string | number, string]>([
    ['', ''],
    ['plain', 'plain'],
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['mid=dle', 'mid=dle'],
    [42, '42'],
    [0, '0'],
  ])('%j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
