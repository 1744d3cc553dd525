import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, type AuditPage } from '@toolvault/shared';
import { encodeAuditCursor } from '../src/services/audit-log.service';
import { ENGINES } from './engines';
import { auditEvent, auditTestApp, type AuditTestApp } from './audit-fixtures';

/**
 * GET /api/audit and its CSV export: filters, keyset pages newest first, who may read them, and
 * every way a query can be wrong.
 */
describe.each(ENGINES)('GET /api/audit on %s', (engine) => {
  let t: AuditTestApp;
  let owner: { Authorization: string };
  let editorId: number;
  beforeAll(async () => {
    t = await auditTestApp(engine);
    owner = await t.sessionOf(1);
    editorId = (await t.person('editor', 'eve')).id;
    // Seven events over three days; two share a time (the id breaks the tie).
    const rows = [
      auditEvent({ at: '2025-03-13T08:00:00.000Z', action: 'link.created', targetId: '1' }),
      auditEvent({ at: '2025-03-13T23:59:59.999Z', action: 'post.created', targetType: 'post', targetId: '1' }),
      auditEvent({
        at: '2025-03-14T10:00:00.000Z',
        actorUserId: editorId,
        actorLabel: 'eve',
        action: 'link.updated',
        targetId: '1',
        fields: ['title'],
      }),
      auditEvent({ at: '2025-03-14T10:00:00.000Z', action: 'link.deleted', targetId: '1' }),
      auditEvent({
        at: '2025-03-14T12:00:00.000Z',
        actorUserId: null,
        actorLabel: 'anonymous',
        action: 'login.failed',
        targetType: 'login',
        targetId: 'mallory',
      }),
      auditEvent({
        at: '2025-03-15T00:00:00.000Z',
        actorUserId: editorId,
        actorLabel: 'eve',
        action: 'category.created',
        targetType: 'category',
      }),
      auditEvent({
        at: '2025-03-15T11:00:00.000Z',
        action: 'session.ended',
        targetType: 'session',
        targetId: 'current',
      }),
    ];
    for (const row of rows) await t.db.audit.insert(row);
  }, 30_000);
  afterAll(async () => {
    await t?.close();
  });

  const list = (query = '', auth: Record<string, string> = owner) => request(t.app).get(`/api/audit${query}`).set(auth);
  const actionsOf = (body: AuditPage) => body.events.map((event) => event.action);

  it('answers every event newest first (ties by id) with who, what, when and where', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(actionsOf(res.body)).toEqual([
      'session.ended',
      'category.created',
      'login.failed',
      'link.deleted',
      'link.updated',
      'post.created',
      'link.created',
    ]);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.events[4]).toEqual({
      id: expect.any(Number),
      at: '2025-03-14T10:00:00.000Z',
      actor: { id: editorId, label: 'eve' },
      action: 'link.updated',
      targetType: 'link',
      targetId: '1',
      fields: ['title'],
      ip: '192.0.2.1',
    });
    expect(res.body.events[2].actor).toEqual({ id: null, label: 'anonymous' });
  });

  it('walks the log in keyset pages without a gap or a repeat, the filters kept', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const res = await list(`?limit=2&type=link${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.events.length).toBeLessThanOrEqual(2);
      seen.push(...actionsOf(res.body));
      cursor = res.body.nextCursor as string | null;
      pages += 1;
    }
    expect(seen).toEqual(['link.deleted', 'link.updated', 'link.created']);
    expect(pages).toBe(2);
    const all: string[] = [];
    cursor = '';
    while (cursor !== null) {
      const res = await list(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      all.push(...actionsOf(res.body));
      cursor = res.body.nextCursor as string | null;
    }
    expect(all).toEqual(actionsOf((await list()).body));
  });

  it.each([
    ['by person', () => `?actor=${editorId}`, ['category.created', 'link.updated']],
    ['by type', () => '?type=login', ['login.failed']],
    ['by a type with no events', () => '?type=ownership', []],
    ['by a person with no events', () => '?actor=999', []],
    ['from a date (the start of its UTC day)', () => '?from=2025-03-15', ['session.ended', 'category.created']],
    ['to a date (the end of its UTC day)', () => '?to=2025-03-13', ['post.created', 'link.created']],
    [
      'between date-times with offsets',
      () => `?from=${encodeURIComponent('2025-03-14T11:00:00+01:00')}&to=2025-03-14T12:00:00Z`,
      ['login.failed', 'link.deleted', 'link.updated'],
    ],
    ['on one day', () => '?from=2025-03-14&to=2025-03-14', ['login.failed', 'link.deleted', 'link.updated']],
    ['by person, type and date together', () => `?actor=${editorId}&type=link&from=2025-03-14`, ['link.updated']],
    ['with empty filters (none)', () => '?actor=&type=&from=&to=&cursor=', undefined],
  ])('filters %s', async (_label, query, expected) => {
    const res = await list(query());
    expect(res.status).toBe(200);
    expect(actionsOf(res.body)).toEqual(expected ?? actionsOf((await list()).body));
  });

  it('shows the key that acted beside its person', async () => {
    const key = await t.keyOf(1, ['links:write']);
    const [{ id: keyId } = { id: 0 }] = await t.db.apiKeys.listOf(1);
    await t.db.audit.insert(
      auditEvent({ at: '2025-03-10T00:00:00.000Z', actorKeyId: keyId, actorLabel: 'owner (key …)', targetId: 'k' }),
    );
    const res = await list('?to=2025-03-10');
    expect(res.body.events[0].actor).toEqual({ id: 1, label: 'owner (key …)', keyPrefix: key.slice(0, 9) });
  });

  describe('the CSV export', () => {
    it('streams every matching event, newest first, as RFC 4180 CSV with a header row', async () => {
      const res = await request(t.app).get(`/api/audit/export?actor=${editorId}`).set(owner);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename=audit-log.csv');
      expect(res.headers['cache-control']).toBe('no-store');
      const lines = res.text.split('\r\n');
      expect(lines[0]).toBe('id,at,actor_id,actor,key_prefix,action,target_type,target_id,fields,ip');
      expect(lines.slice(1).map((line) => line.split(',').slice(1))).toEqual([
        ['2025-03-15T00:00:00.000Z', String(editorId), 'eve', '', 'category.created', 'category', '1', '', '192.0.2.1'],
        ['2025-03-14T10:00:00.000Z', String(editorId), 'eve', '', 'link.updated', 'link', '1', 'title', '192.0.2.1'],
        // The last line ends in CRLF too.
        [],
      ]);
    });

    it('quotes what needs quoting and neutralises spreadsheet formulas', async () => {
      // Text a person chose (a login, a label) can reach an event: anything may be there.
      const typed = '=HYPERLINK("https://evil.example","x"),next';
      await t.db.audit.insert(
        auditEvent({ at: '2025-03-15T12:00:00.000Z', action: 'login.failed', targetType: 'login', targetId: typed }),
      );
      const res = await request(t.app).get('/api/audit/export?type=login&from=2025-03-15').set(owner);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`,"'${typed.replace(/"/g, '""')}",`);
      expect(res.text).not.toMatch(/,=HYPERLINK/i);
    });

    it('reads the log a batch at a time: more events than one batch come out whole and in order', async () => {
      const other = await auditTestApp(engine, '2024-01-01T00:00:00.000Z');
      try {
        const start = Date.parse('2024-01-01T00:00:00.000Z');
        for (let i = 0; i < 1203; i++) {
          await other.db.audit.insert(
            auditEvent({ at: new Date(start + Math.floor(i / 2) * 1000).toISOString(), targetId: String(i) }),
          );
        }
        const res = await request(other.app)
          .get('/api/audit/export')
          .set(await other.sessionOf(1));
        const ids = res.text
          .trim()
          .split('\r\n')
          .slice(1)
          .map((line) => line.split(',')[7]);
        expect(ids).toEqual(Array.from({ length: 1203 }, (_, i) => String(1202 - i)));
      } finally {
        await other.close();
      }
    }, 60_000);
  });

  describe('who may read it', () => {
    it.each(['/api/audit', '/api/audit/export'])('%s answers 401 without credentials', async (path) => {
      const res = await request(t.app).get(path);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
      expect((await request(t.app).get(path).set('Authorization', 'Bearer tv_not-a-key')).status).toBe(401);
    });

    it.each(['editor', 'author', 'contributor', 'viewer'] as const)(
      'refuses an %s with 403 FORBIDDEN',
      async (role) => {
        const { auth } = await t.person(role);
        for (const path of ['/api/audit', '/api/audit/export']) {
          const res = await request(t.app).get(path).set(auth);
          expect(res.status).toBe(403);
          expect(res.body).toEqual({ error: 'Your role or key does not allow this', code: 'FORBIDDEN' });
        }
      },
    );

    it('lets an Administrator read and export it', async () => {
      const { auth } = await t.person('administrator');
      expect((await list('', auth)).status).toBe(200);
      expect((await request(t.app).get('/api/audit/export').set(auth)).status).toBe(200);
    });

    it("refuses every API key, even the Owner's with every scope", async () => {
      const key = await t.keyOf(1, API_KEY_SCOPES);
      for (const path of ['/api/audit', '/api/audit/export']) {
        const res = await request(t.app).get(path).set('Authorization', `Bearer ${key}`);
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      }
    });
  });

  describe('bad queries answer 400 with the reason, never 500', () => {
    const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    it.each([
      ['limit=0', /limit must be a whole number from 1 to 100/],
      ['limit=101', /limit must be a whole number from 1 to 100/],
      ['limit=abc', /limit/],
      ['limit=1&limit=2', /limit must be given once/],
      ['from=2025-03-16&to=2025-03-15', /from must not be after to/],
      ['from=2025-03-15T12:00:01Z&to=2025-03-15T12:00:00Z', /from must not be after to/],
      ['from=2023-02-29', /from must be a date/],
      ['to=2025-13-01', /to must be a date/],
      ['from=yesterday', /from must be a date/],
      ['from=2025-03-15T12:00:00', /from must be a date/],
      ['to=9999-12-31T23:00:00-05:00', /to must be a date/],
      ['type=links', /type must be one of/],
      ['type=link&type=post', /type must be given once/],
      ['actor=0', /actor must be the id of a person/],
      ['actor=-1', /actor must be the id of a person/],
      ['actor=99999999999', /actor must be the id of a person/],
      ['actor=1e3', /actor must be the id of a person/],
      ['cursor=!!!', /Invalid cursor/],
      [`cursor=${'A'.repeat(201)}`, /Invalid cursor/],
      ['cursor=bm90IGpzb24', /Invalid cursor/],
      [`cursor=${cursorOf(['2025-03-15T12:00:00.000Z'])}`, /Invalid cursor/],
      [`cursor=${cursorOf(['2025-03-15', 1])}`, /Invalid cursor/],
      [`cursor=${cursorOf(['2025-03-15T12:00:00.000Z', 0])}`, /Invalid cursor/],
      [`cursor=${cursorOf(['2025-03-15T12:00:00.000Z', 1.5])}`, /Invalid cursor/],
      [`cursor=${cursorOf({ at: '2025-03-15T12:00:00.000Z', id: 1 })}`, /Invalid cursor/],
      ["type=link'%20OR%201=1--", /type must be one of/],
    ])('?%s', async (query, message) => {
      const res = await list(`?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.error).toMatch(message);
    });

    it.each(['from=2025-03-16&to=2025-03-15', 'type=nope', 'actor=x', 'to=2025-02-30'])(
      'the export refuses ?%s',
      async (query) => {
        const res = await request(t.app).get(`/api/audit/export?${query}`).set(owner);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDATION');
      },
    );

    it.each(['type=li%00nk', 'actor=1%0a', 'from=2025-03-15%00'])('refuses control characters: ?%s', async (query) => {
      const res = await list(`?${query}`);
      expect(res.status).toBe(400);
      expect(['VALIDATION', 'INVALID_CHARACTERS']).toContain(res.body.code);
    });

    it('accepts a cursor it wrote for a time and id that no longer exist', async () => {
      const cursor = encodeAuditCursor({ at: '2025-03-14T10:00:00.000Z', id: 999_999_999_999 });
      const res = await list(`?cursor=${cursor}&from=2025-03-11`);
      expect(res.status).toBe(200);
      expect(actionsOf(res.body)).toEqual(['link.deleted', 'link.updated', 'post.created', 'link.created']);
    });
  });
});
