import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { createRepositories, migrateSqlite, MIGRATIONS, openMemorySqlite } from '../src/db';
import { silentLogger } from '../src/logger';
import { adminToken, JWT_SECRET, NO_GEO, TEST_SESSION_ID, testConfig } from './helpers';

const NOW = '2025-03-15T12:00:00.000Z';
const LINKS = 1000;
const CLICKS = 200_000;

/**
 * Analytics must read the daily aggregates, never the raw clicks, or their cost grows with every
 * click ever stored. This test seeds 200,000 clicks, records every statement the analytics routes
 * run, and asks SQLite for each one's query plan: none may touch shortlink_clicks.
 */
describe('the analytics query plans', () => {
  it('never read shortlink_clicks, with 200,000 clicks stored', async () => {
    const storage = openMemorySqlite();
    const sqlite = storage.sqlite!;
    // Up to the version before the aggregates, then the clicks, then the migration that backfills them.
    migrateSqlite(
      sqlite,
      MIGRATIONS.filter((migration) => migration.version < 5),
    );
    sqlite.exec(`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${LINKS})
      INSERT INTO shortlinks (short_code, target_url, title, tags, created_at)
        SELECT 'code' || i, 'https://example.com/' || i, 'Link ' || i, '["t' || (i % 10) || '"]',
               strftime('%Y-%m-%dT%H:%M:%fZ', '2024-03-15', '+' || (i % 365) || ' days')
        FROM n;
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${CLICKS})
      INSERT INTO shortlink_clicks (shortlink_id, clicked_at, referrer_host, country, device)
        SELECT 1 + (i * 7919) % ${LINKS},
               strftime('%Y-%m-%dT%H:%M:%fZ', '2024-03-16', '+' || (i % 365) || ' days', '+' || (i % 86400) || ' seconds'),
               CASE i % 4 WHEN 0 THEN NULL ELSE 'ref' || (i % 50) || '.example' END,
               CASE i % 3 WHEN 0 THEN NULL ELSE 'C' || (i % 30) END,
               CASE i % 3 WHEN 0 THEN 'desktop' WHEN 1 THEN 'mobile' ELSE 'tablet' END
        FROM n;
      UPDATE shortlinks SET click_count = (SELECT count(*) FROM shortlink_clicks c WHERE c.shortlink_id = shortlinks.id);
      UPDATE shortlink_totals SET clicks = (SELECT count(*) FROM shortlink_clicks);
    `);
    migrateSqlite(sqlite);
    // The admin session the test's token names (logins are server-side sessions).
    sqlite
      .prepare('INSERT INTO admin_sessions (id, created_at, expires_at) VALUES (?, ?, ?)')
      .run(TEST_SESSION_ID, '2000-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z');

    // Every statement the app prepares from here on, with the parameters it ran with.
    const statements: { sql: string; params: unknown[] }[] = [];
    const prepare = sqlite.prepare.bind(sqlite);
    sqlite.prepare = ((source: string) => {
      const statement = prepare(source);
      return new Proxy(statement, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver) as unknown;
          if (typeof value !== 'function' || !['all', 'get', 'iterate', 'run'].includes(String(property))) {
            return typeof value === 'function' ? value.bind(target) : value;
          }
          return (...params: unknown[]) => {
            statements.push({ sql: source, params: params.flat() });
            return (value as (...args: unknown[]) => unknown).apply(target, params);
          };
        },
      });
    }) as typeof sqlite.prepare;

    const app = createApp({
      config: testConfig(),
      db: createRepositories(storage),
      logger: silentLogger,
      credentials: { passwordHash: 'unused', jwtSecret: JWT_SECRET },
      clock: () => new Date(NOW),
      geo: NO_GEO,
    });
    const token = adminToken(NOW);
    const get = (path: string) => request(app).get(path).set('Authorization', `Bearer ${token}`);

    let rangeClicks = 0;
    for (const range of ['7d', '30d', '90d', 'all']) {
      const res = await get(`/api/shortlinks/analytics?range=${range}`);
      expect(res.status).toBe(200);
      expect(res.body.totalClicks).toBe(CLICKS);
      rangeClicks = res.body.rangeClicks as number;
    }
    // The backfilled aggregates hold every click (all of them fall within the last 365 days).
    expect(rangeClicks).toBe(CLICKS);
    for (const range of ['7d', 'all']) {
      const res = await get(`/api/shortlinks/17/analytics?range=${range}`);
      expect(res.status).toBe(200);
    }
    expect((await get('/api/shortlinks/summary')).body.totalClicks).toBe(CLICKS);

    const analyticsStatements = statements.filter(({ sql }) => /^\s*select/i.test(sql));
    expect(analyticsStatements.length).toBeGreaterThan(5);
    const plans = analyticsStatements.map(({ sql, params }) => ({
      sql,
      plan: (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map(
        (row) => row.detail,
      ),
    }));
    for (const { sql, plan } of plans) {
      expect({ sql, plan: plan.filter((detail) => /shortlink_clicks/.test(detail)) }).toEqual({ sql, plan: [] });
      expect(sql).not.toMatch(/shortlink_clicks/);
    }
    const readsAggregates = plans.filter(({ plan }) => plan.some((detail) => /_daily_stats/.test(detail)));
    expect(readsAggregates.length).toBeGreaterThan(0);
    await storage.close();
  }, 120_000);
});
