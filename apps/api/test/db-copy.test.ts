import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { migrateSqlite, MIGRATIONS, openPostgres, type Storage } from '../src/db';
import { copySqliteToPostgres, CopyRefused } from '../src/db/copy';

const postgresUrl = inject('postgresUrl');
const API_DIR = path.resolve(import.meta.dirname, '..');
const NOW = '2026-03-01T12:00:00.000Z';

let folder: string;
beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-db-copy-'));
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** An SQLite file with rows in every table, as an installation that has been used. */
function usedDatabase(name: string, { links = 1_234 } = {}): string {
  const file = path.join(folder, name);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  migrateSqlite(db);
  db.exec(`
    INSERT INTO settings (key, value, updated_at) VALUES ('jwt_secret', 'secret', '${NOW}');
    INSERT INTO contact_messages (name, email, subject, message, created_at)
      VALUES ('Ann', 'ann@example.com', 'Hi', 'Hello there', '${NOW}');
    INSERT INTO categories (slug, name) VALUES ('news', 'News'), ('howto', 'How-to');
    INSERT INTO blog_posts (slug, title, category_id, content, published, view_count, created_at, updated_at)
      VALUES ('first', 'First', 2, '<p>x</p>', 1, 7, '${NOW}', '${NOW}'),
             ('second', 'Second', NULL, '<p>y</p>', 0, 0, '${NOW}', '${NOW}');
  `);
  const link = db.prepare(
    `INSERT INTO shortlinks (short_code, target_url, title, tags, click_count, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const click = db.prepare(
    `INSERT INTO shortlink_clicks (shortlink_id, clicked_at, referrer_host, country, device) VALUES (?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 1; i <= links; i += 1) {
      const id = Number(
        link.run(`c${String(i).padStart(5, '0')}`, `https://example.com/${i}`, `Link ${i}`, '["a"]', i % 7, NOW)
          .lastInsertRowid,
      );
      for (let c = 0; c < i % 7; c += 1) click.run(id, NOW, c % 2 ? 'news.example' : null, 'DE', 'mobile');
    }
  })();
  // A deleted row leaves a hole in the ids: the copy keeps ids as they are.
  db.exec("DELETE FROM shortlinks WHERE short_code = 'c00003'");
  db.exec('UPDATE shortlinks SET click_count = click_count');
  // An import that stopped before it published: its pending row and record are copied as they are
  // (the target's first start removes them).
  db.exec(`UPDATE shortlinks SET import_pending = 1099511627776 WHERE short_code = 'c00005';
           INSERT INTO settings (key, value, updated_at) VALUES ('shortlink_import:1099511627776', '1', '${NOW}');`);
  db.close();
  return file;
}

const digest = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** A schema of its own on the test server, as its own database would be; dropped after the test. */
async function emptyTarget(): Promise<{ url: string; storage: Storage; drop(): Promise<void> }> {
  const schema = `copy_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl! });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(postgresUrl!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const storage = openPostgres(url.toString());
  return {
    url: url.toString(),
    storage,
    async drop() {
      await storage.close();
      const cleanup = new pg.Client({ connectionString: postgresUrl! });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

const targets: { drop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const target of targets.splice(0)) await target.drop();
});

async function rows(storage: Storage, query: string) {
  return (await sql.raw<Record<string, unknown>>(query).execute(storage.db)).rows;
}

describe.runIf(postgresUrl)('db:copy from SQLite into PostgreSQL', () => {
  it('copies every table in one go, keeps ids, checks counts and click sums, and leaves the source as it was', async () => {
    const file = usedDatabase('used.db');
    const before = digest(file);
    const target = await emptyTarget();
    targets.push(target);

    const source = new Database(file, { readonly: true });
    const report = await copySqliteToPostgres({ source, target: target.storage });
    source.close();

    const expectedClicks = Array.from({ length: 1_234 }, (_, i) => i + 1)
      .filter((i) => i !== 3)
      .reduce((sum, i) => sum + (i % 7), 0);
    expect(report.clickSum).toEqual({ source: expectedClicks, target: expectedClicks });
    expect(Object.fromEntries(report.tables.map((t) => [t.table, [t.source, t.target]]))).toMatchObject({
      settings: [2, 2],
      contact_messages: [1, 1],
      categories: [2, 2],
      blog_posts: [2, 2],
      shortlinks: [1_233, 1_233],
      // Link 3's clicks went with it (ON DELETE CASCADE).
      shortlink_clicks: [expectedClicks, expectedClicks],
    });
    expect(report.tables.map((t) => t.table)).not.toContain('rate_counters');
    // Parents first: a post's category exists when the post is written.
    const order = report.tables.map((t) => t.table);
    expect(order.indexOf('categories')).toBeLessThan(order.indexOf('blog_posts'));
    expect(order.indexOf('shortlinks')).toBeLessThan(order.indexOf('shortlink_clicks'));

    expect(await rows(target.storage, "SELECT id, title, tags FROM shortlinks WHERE short_code = 'c00004'")).toEqual([
      { id: 4, title: 'Link 4', tags: '["a"]' },
    ]);
    expect(
      await rows(target.storage, 'SELECT short_code, import_pending FROM shortlinks WHERE import_pending IS NOT NULL'),
    ).toEqual([{ short_code: 'c00005', import_pending: 1099511627776 }]);
    expect(await rows(target.storage, "SELECT category_id FROM blog_posts WHERE slug = 'first'")).toEqual([
      { category_id: 2 },
    ]);
    // New rows continue after the copied ids instead of colliding with them.
    const [next] = await rows(
      target.storage,
      `INSERT INTO shortlinks (short_code, target_url, title, created_at)
       VALUES ('fresh1', 'https://example.com/', 'Fresh', '${NOW}') RETURNING id`,
    );
    expect(next).toEqual({ id: 1_235 });
    expect(digest(file)).toBe(before);
  });

  it('refuses a target that already has rows, and changes nothing there', async () => {
    const file = usedDatabase('twice.db', { links: 3 });
    const target = await emptyTarget();
    targets.push(target);
    const source = new Database(file, { readonly: true });
    await copySqliteToPostgres({ source, target: target.storage });
    const again = copySqliteToPostgres({ source, target: target.storage });
    await expect(again).rejects.toBeInstanceOf(CopyRefused);
    await expect(again).rejects.toThrow(/^The target database is not empty: table \w+ has rows/);
    source.close();
    expect(await rows(target.storage, 'SELECT COUNT(*) AS n FROM shortlinks')).toEqual([{ n: 2 }]);
  });

  it('refuses a source that is not at this build’s schema version', async () => {
    const file = path.join(folder, 'old.db');
    const old = new Database(file);
    migrateSqlite(old, MIGRATIONS.slice(0, 2));
    old.close();
    const target = await emptyTarget();
    targets.push(target);
    const source = new Database(file, { readonly: true });
    await expect(copySqliteToPostgres({ source, target: target.storage })).rejects.toThrow(/schema version 2/);
    source.close();
  });

  it('works from the command line: prints both sides and exits 0; refuses a second run with exit 1', () => {
    const dataDir = path.join(folder, 'cli');
    fs.mkdirSync(dataDir);
    fs.copyFileSync(usedDatabase('cli-source.db', { links: 10 }), path.join(dataDir, 'toolvault.db'));
    return emptyTarget().then((target) => {
      targets.push(target);
      const run = () =>
        spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-copy.ts', '--to', target.url], {
          cwd: API_DIR,
          env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: API_DIR },
          encoding: 'utf8',
        });
      const first = run();
      expect(first.stderr).toBe('');
      expect(first.status).toBe(0);
      expect(first.stdout).toMatch(/^shortlinks\s+9\s+9$/m);
      expect(first.stdout).toMatch(/^clicks \(sum\)\s+\d+\s+\d+$/m);
      expect(first.stdout).toContain('All counts match; committed. The SQLite file was not changed.');
      const second = run();
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/not empty/);
    });
  }, 60_000);

  it('refuses a --to that is not a PostgreSQL URL', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-copy.ts', '--to', 'mysql://x'], {
      cwd: API_DIR,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/--to must be a postgres:\/\/ URL/);
  }, 30_000);
});
