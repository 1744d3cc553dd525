import { sql } from 'kysely';
import type { Storage } from '../database';
import settingsAndContactMessages from './0001-settings-and-contact-messages';
import shortlinksAndClicks from './0002-shortlinks-and-clicks';
import blogCategoriesAndPosts from './0003-blog-categories-and-posts';
import shortlinkListsTagsSearchAndTotals from './0004-shortlink-lists-tags-search-and-totals';
import dailyClickAggregates from './0005-daily-click-aggregates';
import blogExcerptsAndListIndexes from './0006-blog-excerpts-and-list-indexes';
import adminSessions from './0007-admin-sessions';
import rateLimitCounters from './0008-rate-limit-counters';
import importPendingShortlinks from './0009-import-pending-shortlinks';
import clickValueTotals from './0010-click-value-totals';
import searchTermsByCreationDay from './0011-search-terms-by-creation-day';
import linksCreatedPerDay from './0012-links-created-per-day';
import sixtyFourBitCounters from './0013-64-bit-counters';
import teamAccounts from './0014-team-accounts';
import postsByAuthor from './0016-posts-by-author';
import shortlinkRules from './0017-shortlink-rules';
import linkPasswords from './0018-link-passwords';
import visitorCounts from './0019-visitor-counts';
import webhooks from './0021-webhooks';
import linkFoldersAndArchive from './0022-link-folders-and-archive';
import linkExpirySweep from './0023-link-expiry-sweep';
import type { Migration } from './migration';

export type { Migration } from './migration';

/** Append only: never edit a migration that has shipped, add the next version instead. */
export const MIGRATIONS: readonly Migration[] = [
  settingsAndContactMessages,
  shortlinksAndClicks,
  blogCategoriesAndPosts,
  shortlinkListsTagsSearchAndTotals,
  dailyClickAggregates,
  blogExcerptsAndListIndexes,
  adminSessions,
  rateLimitCounters,
  importPendingShortlinks,
  clickValueTotals,
  searchTermsByCreationDay,
  linksCreatedPerDay,
  sixtyFourBitCounters,
  teamAccounts,
  postsByAuthor,
  shortlinkRules,
  linkPasswords,
  visitorCounts,
  webhooks,
  linkFoldersAndArchive,
  linkExpirySweep,
];

export interface MigrationReport {
  from: number;
  to: number;
}

/**
 * Any fixed number: the key of the PostgreSQL advisory lock under which one replica migrates while
 * the others that start at the same moment wait, then find nothing left to do.
 */
const MIGRATION_LOCK_KEY = 7_270_001;

/** Applies every pending migration, each with its version bump, in a transaction. */
export async function migrate(
  storage: Storage,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<MigrationReport> {
  assertOrdered(migrations);
  if (storage.engine === 'sqlite') return migrateSqlite(sqliteHandle(storage), migrations);

  return storage.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    INTEGER PRIMARY KEY,
      name       TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`.execute(trx);
    const from = await postgresVersion(trx);
    refuseNewer(from, migrations);
    for (const migration of migrations.filter((m) => m.version > from)) {
      await sql.raw(migration.postgres).execute(trx);
      await sql`INSERT INTO schema_migrations (version, name, applied_at)
                VALUES (${migration.version}, ${migration.name}, ${new Date().toISOString()})`.execute(trx);
    }
    return { from, to: await postgresVersion(trx) };
  });
}

/**
 * The SQLite side of `migrate`, synchronous like better-sqlite3 itself (tests open in-memory
 * databases with it). The version lives in PRAGMA user_version.
 */
export function migrateSqlite(db: SqliteHandle, migrations: readonly Migration[] = MIGRATIONS): MigrationReport {
  assertOrdered(migrations);
  const from = sqliteVersion(db);
  refuseNewer(from, migrations);
  for (const migration of migrations.filter((m) => m.version > from)) {
    db.transaction(() => {
      db.exec(migration.sqlite);
      // PRAGMA takes no bound parameters; the version is an integer we control.
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return { from, to: sqliteVersion(db) };
}

export async function schemaVersion(storage: Storage): Promise<number> {
  if (storage.engine === 'sqlite') return sqliteVersion(sqliteHandle(storage));
  const exists = await sql<{ found: string | null }>`SELECT to_regclass('schema_migrations')::text AS found`.execute(
    storage.db,
  );
  return exists.rows[0]?.found ? postgresVersion(storage.db) : 0;
}

type Executor = Parameters<ReturnType<typeof sql>['execute']>[0];

async function postgresVersion(executor: Executor): Promise<number> {
  const result = await sql<{ version: number | null }>`SELECT MAX(version) AS version FROM schema_migrations`.execute(
    executor,
  );
  return result.rows[0]?.version ?? 0;
}

type SqliteHandle = NonNullable<Storage['sqlite']>;

function sqliteHandle(storage: Storage): SqliteHandle {
  if (!storage.sqlite) throw new Error('A SQLite storage without its handle');
  return storage.sqlite;
}

function refuseNewer(from: number, migrations: readonly Migration[]): void {
  const latest = migrations.at(-1)?.version ?? 0;
  if (from > latest) {
    throw new Error(`Database schema version ${from} is newer than this build knows (${latest}); refusing to start.`);
  }
}

function sqliteVersion(db: SqliteHandle): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Versions rise strictly. They need not be contiguous: versions are handed out ahead to changes
 * developed side by side, so one may land before a lower one.
 */
function assertOrdered(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    const previous = index === 0 ? 0 : migrations[index - 1]!.version;
    if (!Number.isInteger(migration.version) || migration.version <= previous) {
      throw new Error(`Migration "${migration.name}" has version ${migration.version}, expected more than ${previous}`);
    }
  });
}
