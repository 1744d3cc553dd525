import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { freePort } from './free-port';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    wsEndpoint: string;
    adminPassword: string;
    dataDir: string;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '..');
const apiDir = path.join(repoRoot, 'apps/api');

async function waitForHealth(baseURL: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`API server exited early (${server.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`API server did not become healthy:\n${output()}`);
}

/** Starts the built product on a random port with a temporary data folder, and one Chromium for every test file. */
export default async function setup(project: TestProject) {
  if (
    !['apps/web/dist/index.html', 'apps/api/dist/server.mjs'].every((file) => existsSync(path.join(repoRoot, file)))
  ) {
    throw new Error('The build is missing: run `pnpm build` first (pnpm test:e2e does).');
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: run \`node scripts/ensure-chromium.mjs\` (pnpm test:e2e does).`,
    );
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'toolvault-e2e-'));
  const storage = await storageEnv();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const adminPassword = `e2e-${randomBytes(12).toString('hex')}`;

  let log = '';
  // The compiled server that `pnpm build` (run before this suite) makes and `pnpm start` runs, started
  // by node itself: a signal sent to this pid reaches the server. It leads its own process group so
  // that the teardown can signal everything under it.
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server.mjs'], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: adminPassword,
      JWT_SECRET: randomBytes(32).toString('hex'),
      INIT_CWD: apiDir,
      // The webhooks' browser test delivers to a receiver of its own on 127.0.0.1, which the SSRF
      // guard refuses unless the operator allows private addresses (the guard's own tests are in apps/api).
      WEBHOOK_ALLOW_PRIVATE: 'true',
      ...storage.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      if (server.pid !== undefined) process.kill(-server.pid, name);
    } catch {
      // already gone
    }
  };
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  let browser: BrowserServer | undefined;
  try {
    await waitForHealth(baseURL, server, () => log);
    browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  } catch (error) {
    signal('SIGKILL');
    await storage.drop();
    throw error;
  }

  project.provide('baseURL', baseURL);
  project.provide('wsEndpoint', browser.wsEndpoint());
  project.provide('adminPassword', adminPassword);
  project.provide('dataDir', dataDir);

  return async () => {
    await browser?.close();
    const exited = new Promise((resolve) => server.once('exit', resolve));
    signal('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null && server.signalCode === null) {
      signal('SIGKILL');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await storage.drop();
  };
}

/**
 * E2E_STORAGE=postgres runs the server as a replica would: PostgreSQL (a fresh schema of its own on
 * TEST_DATABASE_URL, dropped afterwards) and Redis (TEST_REDIS_URL, default the local one) for the
 * counters. Without it, the embedded SQLite file in the temporary data folder.
 */
async function storageEnv(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (process.env.E2E_STORAGE !== 'postgres') return { env: {}, drop: async () => undefined };
  const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `e2e_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE SCHEMA ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { DATABASE_URL: url.toString(), REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
    drop: () => run(`DROP SCHEMA IF EXISTS ${schema} CASCADE`),
  };
}
