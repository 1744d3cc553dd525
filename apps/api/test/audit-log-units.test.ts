import { describe, expect, it } from 'vitest';
import type { AuditEventRow, AuditFilter, AuditRepo } from '../src/db/audit.repo';
import { changedFields } from '../src/http/change-log';
import { createAuditLogService, decodeAuditCursor, encodeAuditCursor } from '../src/services/audit-log.service';

describe('changedFields', () => {
  const link = { id: 1, title: 'A', targetUrl: 'https://a.example', tags: ['x'], description: '' };
  it.each([
    ['nothing sent', {}, link, link, []],
    ['the same values', { title: 'A', tags: ['x'] }, link, link, []],
    ['one changed value', { title: 'B', tags: ['x'] }, link, { ...link, title: 'B' }, ['title']],
    [
      'a list in another order',
      { tags: ['y', 'x'] },
      { ...link, tags: ['x', 'y'] },
      { ...link, tags: ['y', 'x'] },
      ['tags'],
    ],
    ['a value normalised back to what it was', { title: ' A ' }, link, link, []],
    ['no record before (every field sent)', { title: 'A', description: '' }, null, link, ['title', 'description']],
    ['a field the answer does not show', { secret: 'x' }, link, link, ['secret']],
  ])('%s', (_label, body, before, after, expected) => {
    expect(changedFields(body, before, after)).toEqual(expected);
  });
});

describe('the audit cursor', () => {
  it('round-trips and is URL-safe', () => {
    const cursor = encodeAuditCursor({ at: '2025-03-15T12:00:00.000Z', id: 42 });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeAuditCursor(cursor)).toEqual({ at: '2025-03-15T12:00:00.000Z', id: 42 });
  });
  it.each([
    '',
    '!!',
    'e30',
    Buffer.from('[1,2]').toString('base64url'),
    Buffer.from('["2025-03-15T12:00:00.000Z",-1]').toString('base64url'),
  ])('refuses %j', (cursor) => {
    expect(decodeAuditCursor(cursor)).toBeNull();
  });
});

describe('the audit export', () => {
  it('asks the repository for one batch at a time, each after the last', async () => {
    const rows: AuditEventRow[] = Array.from({ length: 1100 }, (_, i) => ({
      id: 1100 - i,
      at: new Date(Date.UTC(2025, 0, 1) + (1100 - i) * 1000).toISOString(),
      actorUserId: 1,
      actorKeyId: null,
      actorLabel: 'owner',
      actorKeyPrefix: null,
      action: 'link.created',
      targetType: 'link',
      targetId: String(1100 - i),
      fields: [],
      ip: '',
    }));
    const asked: AuditFilter[] = [];
    const audit = {
      list: (filter: AuditFilter) => {
        asked.push(filter);
        const after = filter.before;
        const older = after ? rows.filter((row) => row.id < after.id) : rows;
        return Promise.resolve(older.slice(0, filter.limit));
      },
    } as unknown as AuditRepo;
    const batches: number[] = [];
    for await (const batch of createAuditLogService({ audit }).exportRows({
      actor: undefined,
      type: 'link',
      from: undefined,
      to: undefined,
    }))
      batches.push(batch.length);
    expect(batches).toEqual([500, 500, 100]);
    expect(asked.map((filter) => [filter.limit, filter.targetType, filter.before?.id])).toEqual([
      [500, 'link', undefined],
      [500, 'link', 601],
      [500, 'link', 101],
    ]);
  });
});
