import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import type { Express } from 'express';
import jwt from 'jsonwebtoken';
import { createApp, type AppDeps } from '../src/app';
import {
  createRepositories,
  migrateSqlite,
  openMemorySqlite,
  openSqlite,
  type Repositories,
  type Storage,
} from '../src/db';
import { loadEnv, type Config } from '../src/env';
import { silentLogger } from '../src/logger';
import type { AdminCredentials } from '../src/services/admin-auth.service';
import { hashPassword } from '../src/services/password-hash';

export const ADMIN_PASSWORD = 'correct horse battery staple';
export const JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';
/**
 * An open admin session in every buildApp database, so that tests can sign their own tokens
 * (`jwt.sign(…, JWT_SECRET, { jwtid: TEST_SESSION_ID, … })`) for any time their clock shows.
 */
export const TEST_SESSION_ID = 'test-session';

/**
 * A token for the test session, issued at `issuedAt` (the test's clock, not the real one) and
 * valid for `expiresIn` after it.
 */
export function adminToken(issuedAt: Date | string, expiresIn: jwt.SignOptions['expiresIn'] = '1h'): string {
  const seconds = Math.floor(new Date(issuedAt).getTime() / 1000);
  return jwt.sign({ iat: seconds }, JWT_SECRET, {
    algorithm: 'HS256',
    expiresIn,
    subject: 'admin',
    jwtid: TEST_SESSION_ID,
  });
}

/** Opens the test session in a database buildApp did not make (the engine-aware tests). */
export async function openTestSession(db: Repositories): Promise<void> {
  await db.adminSessions.insert({
    id: TEST_SESSION_ID,
    userId: 1,
    createdAt: new Date('2000-01-01T00:00:00Z'),
    expiresAt: new Date('2999-01-01T00:00:00Z'),
  });
}

/** IP geolocation for apps whose tests never look an address up: every country is unknown. */
/** A desktop Chrome's user agent: a visitor whose clicks and views are counted (not a bot to isbot). */
export const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
export const NO_GEO = { lookup: () => Promise.reject(new Error('not used')), countryOf: () => Promise.resolve(null) };

/**
 * An app on the repositories of any engine (openTestStorage) at the time `now`, with the header of
 * the admin's session (opened here). Only the token is checked, never a password.
 */
export async function adminApp(
  db: Repositories,
  now: string,
): Promise<{ app: Express; auth: { Authorization: string } }> {
  const app = createApp({
    config: testConfig(),
    db,
    logger: silentLogger,
    credentials: { passwordHash: 'unused', jwtSecret: JWT_SECRET },
    clock: () => new Date(now),
    geo: NO_GEO,
  });
  await openTestSession(db);
  return { app, auth: { Authorization: `Bearer ${adminToken(now)}` } };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadEnv({ NODE_ENV: 'test' }), adminPassword: ADMIN_PASSWORD, jwtSecret: JWT_SECRET, ...overrides };
}

/** A migrated in-memory SQLite database: `database` is the storage, `db` its repositories. */
export function memoryRepositories(): { database: Storage; db: Repositories } {
  const database = openMemorySqlite();
  migrateSqlite(database.sqlite!);
  return { database, db: createRepositories(database) };
}

// scrypt is deliberately slow; hash the test password once per file, not once per app.
let credentials: AdminCredentials | undefined;
function testCredentials(): AdminCredentials {
  credentials ??= { passwordHash: hashPassword(ADMIN_PASSWORD), jwtSecret: JWT_SECRET };
  return credentials;
}

export interface TestApp {
  app: Express;
  db: Repositories;
  database: Storage;
}

/** A fresh app on a fresh in-memory database, with the test admin password and secret. */
export function buildApp(
  options: Partial<Omit<AppDeps, 'config' | 'db'>> & { config?: Partial<Config> } = {},
): TestApp {
  const { database, db } = memoryRepositories();
  database
    .sqlite!.prepare('INSERT INTO admin_sessions (id, user_id, created_at, expires_at) VALUES (?, 1, ?, ?)')
    .run(TEST_SESSION_ID, '2000-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z');
  // The Owner (person 1, made by the migration) signs in with the test password.
  database.sqlite!.prepare('UPDATE users SET password_hash = ? WHERE id = 1').run(testCredentials().passwordHash);
  const { config, ...deps } = options;
  const app = createApp({
    logger: silentLogger,
    credentials: testCredentials(),
    ...deps,
    config: testConfig(config),
    db,
  });
  return { app, db, database };
}

/**
 * Runs `body` as a script of its own (TypeScript through tsx) with `openSqlite` imported from the
 * sources, and answers how it ended: for checks that a database handle never keeps a process alive.
 */
export function runSqliteScript(dir: string, body: string): SpawnSyncReturns<string> {
  const database = fileURLToPath(new URL('../src/db/database.ts', import.meta.url));
  const script = path.join(dir, 'script.mts');
  fs.writeFileSync(script, `import { openSqlite } from ${JSON.stringify(database)};\n${body}`);
  return spawnSync(process.execPath, ['--import', 'tsx', script], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    timeout: 20_000,
    encoding: 'utf8',
  });
}

/**
 * Temporary data folders for tests of a SQLite file, and the storages opened in them: after each
 * test every storage is closed (its threads stopped) and every folder removed.
 */
export function sqliteFolders(prefix: string) {
  const folders: string[] = [];
  const storages: Storage[] = [];
  afterEach(async () => {
    for (const storage of storages.splice(0)) await storage.close();
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });
  const folder = () => {
    const created = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    folders.push(created);
    return created;
  };
  /** Closed after the test, like the storages `open` makes. */
  const track = (storage: Storage) => {
    storages.push(storage);
    return storage;
  };
  return { folder, track, open: (dir: string = folder()) => track(openSqlite(dir)) };
}
