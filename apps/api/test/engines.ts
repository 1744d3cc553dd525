import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import {
  createRepositories,
  migrate,
  openMemorySqlite,
  openPostgres,
  openSqlite,
  type Engine,
  type Repositories,
  type Storage,
} from '../src/db';

const postgresUrl = inject('postgresUrl');

/** The engines this machine can test: SQLite always, PostgreSQL when the global setup found one. */
export const ENGINES: readonly Engine[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestStorage {
  storage: Storage;
  db: Repositories;
  /** PostgreSQL: the connection URL of the test's schema, for a server started on it. */
  url?: string;
  /** Closes the connections and, on PostgreSQL, drops the test's own schema. */
  close(): Promise<void>;
}

/**
 * A fresh, empty database of `engine`: an in-memory SQLite database (or, with `file`, a file in a
 * temporary folder), or on PostgreSQL a new schema of its own (so parallel test files never see
 * each other's rows), dropped again by `close`.
 */
export async function openTestStorage(engine: Engine, { migrated = true, file = false } = {}): Promise<TestStorage> {
  if (engine === 'sqlite') {
    // `file`: a SQLite file in a temporary folder, whose reads run on the reader thread.
    const dir = file ? fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-engine-')) : undefined;
    const storage = dir ? openSqlite(dir) : openMemorySqlite();
    if (migrated) await migrate(storage);
    return {
      storage,
      db: createRepositories(storage),
      async close() {
        await storage.close();
        if (dir) fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!postgresUrl) throw new Error('PostgreSQL is not available on this machine');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const storage = openPostgres(url.toString());
  if (migrated) await migrate(storage);
  return {
    storage,
    db: createRepositories(storage),
    url: url.toString(),
    async close() {
      await storage.close();
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}
