/**
 * Start-up shared by the benchmarks: the built web app, Debian's Chromium and
 * the real API app on a loopback port. Plain functions; each bench decides
 * what to measure and what to print.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { createApp } from '../apps/api/src/app';
import { redisCounterStore } from '../apps/api/src/counters';
import { createRepositories, migrate, openMemorySqlite, openPostgres, openSqlite } from '../apps/api/src/db';
import { loadEnv } from '../apps/api/src/env';
import { silentLogger } from '../apps/api/src/logger';
import { hashPassword } from '../apps/api/src/services/password-hash';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';

/** The web app's build output (`pnpm build`). */
export const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');

const SECRET = 'bench-secret-bench-secret-bench-secret!!';

/** Whether the web app has been built. */
export function hasBuild(): boolean {
  return existsSync(path.join(webDist, 'index.html'));
}

/** False, after printing "<name> benchmark skipped: …", when the web app has not been built. */
export function requireBuild(name: string): boolean {
  if (hasBuild()) return true;
  console.log(`${name} benchmark skipped: run pnpm build first`);
  return false;
}

/** False, after printing "<name> benchmark skipped: …", when there is no Chromium at CHROMIUM_PATH. */
export function requireChromium(name: string): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  console.log(`${name} benchmark skipped: no Chromium at ${CHROMIUM_PATH} (node scripts/ensure-chromium.mjs)`);
  return false;
}

/** Debian's Chromium, headless, with the e2e tests' flags. */
export async function launchChromium(): Promise<Browser> {
  // Loaded here so that benches without a browser do not load Playwright.
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface RunningApp {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  baseURL: string;
  port: number;
  server: Server;
  /** Closes the server and the database. */
  close: () => void;
}

/**
 * The real app in production mode on a free loopback port, with an admin password of "bench"
 * and the built web app when there is one. The database is a migrated in-memory one, or the
 * file database in `dataDir` (migrated if it is behind; DATA_DIR is set to it) when given.
 */
export async function startApp(
  options: { dataDir?: string; databaseUrl?: string; redisUrl?: string } = {},
): Promise<RunningApp> {
  const { dataDir, databaseUrl, redisUrl } = options;
  const database = databaseUrl
    ? openPostgres(databaseUrl)
    : dataDir === undefined
      ? openMemorySqlite()
      : openSqlite(dataDir);
  const counters = redisUrl ? redisCounterStore({ url: redisUrl, logger: silentLogger }) : undefined;
  await migrate(database);
  const app = createApp({
    config: {
      ...loadEnv({ NODE_ENV: 'production', ...(dataDir === undefined ? {} : { DATA_DIR: dataDir }) }),
      jwtSecret: SECRET,
    },
    db: createRepositories(database),
    logger: silentLogger,
    credentials: { passwordHash: hashPassword('bench'), jwtSecret: SECRET },
    ...(counters ? { counters } : {}),
    ...(hasBuild() ? { webDist } : {}),
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    port,
    server,
    close: () => {
      server.close();
      void counters?.close();
      void database.close();
    },
  };
}

/** A browser context on `baseURL` whose visitor has already answered the cookie banner (necessary only). */
export function newConsentedContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    ...options,
    baseURL,
    storageState: {
      cookies: [],
      origins: [
        {
          origin: baseURL,
          localStorage: [
            {
              name: 'cookie-consent',
              value: JSON.stringify({ necessary: true, analytics: false, advertising: false, functional: false }),
            },
          ],
        },
      ],
    },
  });
}
