import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Express } from 'express';
import { createApp } from '../src/app';
import type { CounterStore } from '../src/counters';
import type { Engine, Repositories } from '../src/db';
import type { Config } from '../src/env';
import { silentLogger } from '../src/logger';
import { openTestStorage } from './engines';
import { adminToken, JWT_SECRET, NO_GEO, openTestSession, testConfig } from './helpers';

export const ENGINE_APP_NOW = '2025-03-15T12:00:00.000Z';

const INDEX =
  '<!doctype html><html lang="en"><head><title>Toolvault</title></head><body><div id="root"></div></body></html>';
/** A root file of the build, precompressed beside itself as the build writes it. */
const SERVICE_WORKER = `self.addEventListener('fetch', () => {});\n${'// padding\n'.repeat(200)}`;

export interface EngineApp {
  app: Express;
  db: Repositories;
  /** The admin's Authorization header. */
  auth: { Authorization: string };
  close(): Promise<void>;
}

export interface EngineAppOptions {
  /** Settings besides the tests' own (testConfig): `{ trustProxy: 1 }` to send X-Forwarded-For. */
  config?: Partial<Config>;
  /** Where rate limits count; the app's own memory (on its fixed clock) when absent. */
  counters?: CounterStore;
}

/**
 * The whole app on a fresh database of `engine`, serving a small built SPA (index.html, and sw.js
 * with its .gz and .br) as production does, with an open admin session.
 */
export async function engineApp(engine: Engine, { config, counters }: EngineAppOptions = {}): Promise<EngineApp> {
  const storage = await openTestStorage(engine);
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-engine-app-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(webDist, 'sw.js'), SERVICE_WORKER);
  fs.writeFileSync(path.join(webDist, 'sw.js.gz'), zlib.gzipSync(SERVICE_WORKER));
  fs.writeFileSync(path.join(webDist, 'sw.js.br'), zlib.brotliCompressSync(SERVICE_WORKER));
  await openTestSession(storage.db);
  const app = createApp({
    config: testConfig(config),
    db: storage.db,
    ...(counters && { counters }),
    logger: silentLogger,
    credentials: { passwordHash: 'unused', jwtSecret: JWT_SECRET },
    clock: () => new Date(ENGINE_APP_NOW),
    geo: NO_GEO,
    webDist,
  });
  return {
    app,
    db: storage.db,
    auth: { Authorization: `Bearer ${adminToken(ENGINE_APP_NOW)}` },
    async close() {
      await storage.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    },
  };
}
