import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import type Pg from 'pg';
import type { Tables } from './schema';
import { ClickWriterThread } from './click-writer';
import { BUSY_TIMEOUT_MS, configureWritingConnection } from './sqlite-connection';
import { sqliteReaderDialect } from './sqlite-reader';
import { BACKSTOP_PAGES, handCheckpointsToReader } from './wal-checkpointer';

export type Engine = 'sqlite' | 'postgres';

/** An open database: the query builder every repository uses, and which engine is behind it. */
export interface Storage {
  db: Kysely<Tables>;
  /**
   * For reads that need not see a transaction in progress. On a SQLite file, a read-only
   * connection of its own on a thread of its own (sqlite-reader.ts): WAL lets it read the last
   * committed state while the writing connection holds a transaction, and its queries do not hold
   * the event loop, so a long admin read never delays a redirect. Elsewhere (PostgreSQL's pool,
   * in-memory SQLite), `db` itself.
   */
  reader: Kysely<Tables>;
  /** True when `reader` runs on a thread of its own (a SQLite file): its statements never hold the event loop. */
  readerOffThread: boolean;
  engine: Engine;
  /** The raw SQLite handle (migrations, backups, pragmas); absent on PostgreSQL. */
  sqlite?: Database.Database;
  /**
   * On a SQLite file, the thread that writes the batches of clicks with a connection of its own
   * (click-writer.ts), so their file writes never hold the event loop. Absent elsewhere: PostgreSQL's
   * driver never blocks, and an in-memory database has no file another connection could open.
   */
  clickWriter?: ClickWriterThread;
  close(): Promise<void>;
}

export const DB_FILE_NAME = 'toolvault.db';

/** A request waits this long for a pooled PostgreSQL connection before it fails (503), never forever. */
const PG_CONNECT_TIMEOUT_MS = 10_000;

/** PostgreSQL error classes that mean "the server is not there right now", not "the query is wrong". */
const PG_UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const NODE_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'SQLITE_BUSY',
]);

/**
 * True for an error that says the database cannot be reached or is restarting (answered 503, and
 * the pool reconnects by itself), false for an error in a query (a bug, answered 500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (code.startsWith('08') || PG_UNAVAILABLE_CODES.has(code) || NODE_UNAVAILABLE_CODES.has(code))
  )
    return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    error.message,
  );
}

/**
 * The data folder holds the admin password hash and the token signing secret, so it is private to
 * the user the server runs as: the folder 0700, the files 0600 (SQLite gives its -wal and -shm
 * files the database file's mode).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Opens (creating if needed, privately) `${dataDir}/toolvault.db`. */
export function openSqlite(dataDir: string): Storage {
  createPrivateDir(dataDir);
  const file = path.join(dataDir, DB_FILE_NAME);
  createPrivateFile(file);
  return sqliteStorage(new Database(file), file);
}

/**
 * Creates `file` empty with mode 0600 unless it exists; an existing file keeps its mode. The mode
 * given to open() passes through the umask, which may take the owner's own bits away (0400 would
 * be a database the server cannot write), so it is set again with fchmod, which the umask does
 * not touch. SQLite creates the -wal and -shm files with the database file's mode (and sets it
 * with fchmod as well), so they are 0600 too.
 */
export function createPrivateFile(file: string): void {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return;
  }
  try {
    fs.fchmodSync(fd, PRIVATE_FILE_MODE);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Creates `dir` and any missing parent with mode 0700, whatever the umask (see createPrivateFile);
 * a folder that exists keeps its mode (the start warns when the data folder is open to others).
 */
export function createPrivateDir(dir: string): void {
  const missing: string[] = [];
  for (let at = path.resolve(dir); !fs.existsSync(at); at = path.dirname(at)) missing.unshift(at);
  for (const folder of missing) {
    try {
      fs.mkdirSync(folder, { mode: PRIVATE_DIR_MODE });
    } catch (error) {
      // Made meanwhile by someone else: theirs, mode included.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    fs.chmodSync(folder, PRIVATE_DIR_MODE);
  }
}

/** A private database that lives as long as the handle: for tests. */
export function openMemorySqlite(): Storage {
  return sqliteStorage(new Database(':memory:'));
}

/**
 * PostgreSQL through a pg Pool. Counts and the BIGINT counters come back as int8, which pg hands
 * over as text by default; they are parsed as numbers once, here. Stored counts stay far below
 * 2^53 (imports are capped: SHORTLINK_LIMITS.importedClicksTotal), so the number is exact; what the
 * API reports is clamped anyway (counts.ts). Sums of BIGINT are numeric, also text: their readers
 * take Number() of them.
 */
export function openPostgres(connectionString: string, options: { max?: number } = {}): Storage {
  // Loaded on first use, not at the top: the embedded SQLite default should not load the
  // PostgreSQL driver on every start.
  const pg = createRequire(import.meta.url)('pg') as typeof Pg;
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
  });
  // An idle client whose server went away emits 'error'; without a listener that kills the process.
  // The next query gets a fresh client, so there is nothing else to do here.
  pool.on('error', () => undefined);
  // A client that is checked out (inside a transaction, between two queries) emits 'error' itself
  // when its connection drops, and the pool listens only to idle ones: unheard, that error would
  // end the process. The query that runs on it fails instead (answered 503); the pool then drops it.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return { db, reader: db, readerOffThread: false, engine: 'postgres', close: () => db.destroy() };
}

function sqliteStorage(sqlite: Database.Database, file?: string): Storage {
  // WAL lets readers proceed while one writer commits.
  sqlite.pragma('journal_mode = WAL');
  configureWritingConnection(sqlite);
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) });
  const clickWriter =
    file === undefined
      ? undefined
      : new ClickWriterThread({ file, busyTimeoutMs: BUSY_TIMEOUT_MS, autocheckpointPages: BACKSTOP_PAGES });
  // Started after the writer has switched the file to WAL (a read-only handle cannot). An
  // in-memory database has no file another connection could open: there `db` reads too, and
  // the writer checkpoints as SQLite does by default (there is no WAL in memory anyway).
  const reader =
    file === undefined
      ? db
      : new Kysely<Tables>({ dialect: sqliteReaderDialect(file, handCheckpointsToReader(sqlite)) });
  return {
    db,
    reader,
    readerOffThread: reader !== db,
    engine: 'sqlite',
    sqlite,
    clickWriter,
    // Kysely's destroy closes the handles through the wrapper below.
    close: async () => {
      await clickWriter?.stop();
      // The reader's thread closes its checkpointing connection too: the writer must close last, so
      // that SQLite checkpoints and removes the WAL.
      if (reader !== db) await reader.destroy();
      await db.destroy();
    },
  };
}

/** Distinct statement texts kept prepared; queries are parameterised, so the set is small. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs about as much as running a
 * small query. The texts repeat (values are bound parameters), so each is prepared once and kept.
 */
function cachingStatements(sqlite: Database.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => void sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = sqlite.prepare(sql) as unknown as SqliteStatement;
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
