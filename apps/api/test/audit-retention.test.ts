import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../src/logger';
import { startAuditRetention } from '../src/services/retention.service';
import { ENGINES } from './engines';
import { auditEvent, auditTestApp, type AuditTestApp } from './audit-fixtures';

const DAY_MS = 86_400_000;

describe.each(ENGINES)('audit retention on %s', (engine) => {
  let t: AuditTestApp;
  beforeEach(async () => {
    t = await auditTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const stored = async () =>
    (await t.db.audit.list({ limit: 100 })).map((event) => event.targetId).sort((a, b) => a.localeCompare(b));

  it('deletes the events older than AUDIT_RETENTION_DAYS at start, then daily, by its clock', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let now = Date.parse('2025-03-15T12:00:00.000Z');
      const ago = (days: number, ms = 0) => new Date(now - days * DAY_MS + ms).toISOString();
      for (const [targetId, at] of [
        ['400 days', ago(400)],
        ['just past 365 days', ago(365, -1)],
        ['365 days exactly', ago(365)],
        ['364 days', ago(364)],
        ['today', ago(0)],
      ]) {
        await t.db.audit.insert(auditEvent({ at: at!, targetId: targetId! }));
      }
      const logs: string[] = [];
      const logger = { ...silentLogger, info: (message: string) => void logs.push(message) };
      const stop = startAuditRetention({ audit: t.db.audit, days: 365, clock: () => new Date(now), logger });
      await vi.waitFor(async () => expect(await stored()).toEqual(['364 days', '365 days exactly', 'today']));
      expect(logs).toEqual(['Deleted 2 audit events older than 365 days']);

      now += DAY_MS;
      await vi.advanceTimersByTimeAsync(DAY_MS);
      await vi.waitFor(async () => expect(await stored()).toEqual(['364 days', 'today']));
      stop();
      now += 400 * DAY_MS;
      await vi.advanceTimersByTimeAsync(DAY_MS);
      expect(await stored()).toEqual(['364 days', 'today']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('deletes in batches until none is left', async () => {
    for (let i = 0; i < 5; i++) await t.db.audit.insert(auditEvent({ at: `2020-01-0${i + 1}T00:00:00.000Z` }));
    await t.db.audit.insert(auditEvent({ at: '2025-01-01T00:00:00.000Z', targetId: 'kept' }));
    expect(await t.db.audit.deleteOlderThan(new Date('2024-01-01T00:00:00.000Z'), 2)).toBe(5);
    expect(await stored()).toEqual(['kept']);
  });

  it('logs a failed run instead of stopping the server', async () => {
    const errors: string[] = [];
    const logger = { ...silentLogger, error: (message: string) => void errors.push(message) };
    const audit = { ...t.db.audit, deleteOlderThan: () => Promise.reject(new Error('database down')) };
    const stop = startAuditRetention({ audit, days: 30, clock: () => new Date(), logger });
    await vi.waitFor(() => expect(errors).toEqual(['Pruning old audit events failed']));
    stop();
  });
});
