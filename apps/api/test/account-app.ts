/**
 * The Account tests' app: one database of an engine per file (fresh people per test keep the tests
 * apart), a clock the test moves, and apps made on it with or without ADMIN_PASSWORD.
 */
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createApp } from '../src/app';
import type { Engine, Repositories, Storage } from '../src/db';
import { silentLogger } from '../src/logger';
import { openTestStorage, type TestStorage } from './engines';
import { JWT_SECRET, NO_GEO, testConfig } from './helpers';

export const ACCOUNT_TEST_START = '2030-06-01T10:00:00.000Z';

export interface AccountTestContext {
  readonly db: Repositories;
  readonly storage: Storage;
  /** An app on the file's database; by default as a server started without ADMIN_PASSWORD. */
  app(options?: { adminPassword?: string }): Express;
  now(): Date;
  advance(ms: number): void;
}

/** Opens the engine's database before the file's tests and closes it after; the clock restarts before each test. */
export function accountTestContext(engine: Engine): AccountTestContext {
  let test: TestStorage | undefined;
  let time = new Date(ACCOUNT_TEST_START);
  beforeAll(async () => {
    test = await openTestStorage(engine);
  }, 30_000);
  afterAll(async () => {
    await test?.close();
  });
  beforeEach(() => {
    time = new Date(ACCOUNT_TEST_START);
  });
  const opened = () => {
    if (!test) throw new Error('The database opens before the tests');
    return test;
  };
  return {
    get db() {
      return opened().db;
    },
    get storage() {
      return opened().storage;
    },
    app: ({ adminPassword } = {}) =>
      createApp({
        config: testConfig({ adminPassword }),
        db: opened().db,
        logger: silentLogger,
        credentials: { passwordHash: 'unused', jwtSecret: JWT_SECRET },
        clock: () => time,
        geo: NO_GEO,
      }),
    now: () => time,
    advance(ms) {
      time = new Date(time.getTime() + ms);
    },
  };
}
