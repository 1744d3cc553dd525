/**
 * Start-up shared by the benchmarks: the built web app, Debian's Chromium and
 * the real API app on a loopback port. Plain functions; each bench decides
 * what to measure and what to print.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from 'playwright-core';
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
  const counters = redisUrl ? redisCounterStore({ url: redisUrl, logger: silentLogger, secret: SECRET }) : undefined;
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

/**
 * A browser context on `baseURL` whose visitor has already answered the cookie banner (necessary
 * only), with `storage` added to the origin's localStorage (e.g. the admin token, where the web app
 * keeps it).
 */
export function newConsentedContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
  storage: Record<string, string> = {},
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
            ...Object.entries(storage).map(([name, value]) => ({ name, value })),
          ],
        },
      ],
    },
  });
}

/**
 * A desktop browser's user agent, for load that must count clicks: the server counts a click for a
 * person's browser and none for a crawler, and sends crawlers of a direct link to its preview page.
 */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** A free loopback port (taken and released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

/** Lighthouse audits behind the performance score, and their short names. */
const PERFORMANCE_METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

export interface LighthouseReport {
  /** 0–100 per category asked for; NaN when Lighthouse gave none. */
  scores: Record<LighthouseCategory, number>;
  /** What the performance score is made of, e.g. "FCP 1.2 s, LCP 2.0 s, TBT 0 ms, CLS 0, SI 1.5 s". */
  metrics: string;
  /** Lighthouse's own error for the page (the scores are then meaningless). */
  runtimeError: string | undefined;
}

/** Audits one URL in the Chromium `withLighthouse` started. */
export type LighthouseAudit = (url: string, categories: readonly LighthouseCategory[]) => Promise<LighthouseReport>;

/**
 * Stops `child` (its whole process group when it was started detached) if this process exits before
 * it stopped it: a bench that throws, or dies on an unhandled rejection, must not leave a server
 * listening. Answers the function that forgets it again (after a normal stop).
 */
export function stopWithThisProcess(child: ChildProcess): () => void {
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) killGroup(child, 'SIGTERM');
  };
  process.once('exit', stop);
  return () => process.off('exit', stop);
}

/** Signals the child's whole process group when it leads one (started detached), else the child alone. */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // not a group leader, or already gone
    child.kill(signal);
  }
}

interface DebugChromium {
  port: number;
  process: ChildProcess;
  profile: string;
}

/** Debian's Chromium with a DevTools port for Lighthouse (which never downloads a browser here). */
async function launchDebugChromium(): Promise<DebugChromium> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'toolvault-lighthouse-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    // Its own process group: the renderers and helpers it starts are stopped with it.
    { stdio: 'ignore', detached: true },
  );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return { port, process: child, profile };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const exited = child.exitCode;
  killGroup(child, 'SIGKILL');
  rmSync(profile, { recursive: true, force: true });
  throw new Error(exited === null ? 'Chromium did not open its DevTools port' : `Chromium exited (${exited})`);
}

async function stopDebugChromium(chrome: DebugChromium): Promise<void> {
  const exited = new Promise((resolve) => chrome.process.once('exit', resolve));
  killGroup(chrome.process, 'SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  if (chrome.process.exitCode === null) killGroup(chrome.process, 'SIGKILL');
  rmSync(chrome.profile, { recursive: true, force: true });
}

/**
 * Lighthouse's defaults (mobile form factor, simulated throttling) in one Debian Chromium for the
 * whole of `use`, stopped afterwards. Lighthouse is loaded only here, as it is large.
 */
export async function withLighthouse<T>(use: (audit: LighthouseAudit) => Promise<T>): Promise<T> {
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launchDebugChromium();
  try {
    return await use(async (url, categories) => {
      const result = await lighthouse(url, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: [...categories],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const scores = Object.fromEntries(
        LIGHTHOUSE_CATEGORIES.map((category) => {
          const score = result.lhr.categories[category]?.score;
          return [category, typeof score === 'number' ? Math.round(score * 100) : Number.NaN];
        }),
      ) as Record<LighthouseCategory, number>;
      const metrics = PERFORMANCE_METRICS.map(([id, label]) =>
        `${label} ${result.lhr.audits[id]?.displayValue ?? '?'}`.replace(/\u00a0/g, ' '),
      ).join(', ');
      return { scores, metrics, runtimeError: result.lhr.runtimeError?.message };
    });
  } finally {
    await stopDebugChromium(chrome);
  }
}

/**
 * Peak JS heap of a page (Performance.getMetrics) and of its workers (Runtime.getHeapUsage through a
 * non-flat auto-attach, which talks to each worker without disturbing Playwright's own sessions).
 * Workers alive at the same time are summed, so a pool of image workers counts as a whole; each
 * worker's latest answer stands for it until it answers again or goes away.
 */
export class HeapSampler {
  private readonly workers = new Map<string, { used: number; buffers: number }>();
  private nextId = 1;
  private timer: ReturnType<typeof setInterval> | undefined;
  pageBaseline = 0;
  pagePeak = 0;
  /** Largest sum of the workers' used heap seen at one time (bytes). */
  workerPeak = 0;
  /** Largest sum of the workers' ArrayBuffer backing stores seen at one time (bytes). */
  workerBuffersPeak = 0;
  /** Whether any worker answered: without one, the worker figures mean "not measured", not zero. */
  workerSeen = false;

  private constructor(
    private readonly session: CDPSession,
    private readonly intervalMs: number,
  ) {}

  static async attach(page: Page, intervalMs = 100): Promise<HeapSampler> {
    const session = await page.context().newCDPSession(page);
    const sampler = new HeapSampler(session, intervalMs);
    session.on('Target.attachedToTarget', (event) => {
      if (event.targetInfo.type === 'worker') sampler.workers.set(event.sessionId, { used: 0, buffers: 0 });
    });
    session.on('Target.detachedFromTarget', (event) => {
      if (event.sessionId) sampler.workers.delete(event.sessionId);
    });
    session.on('Target.receivedMessageFromTarget', (event) => {
      const message = JSON.parse(event.message) as { result?: { usedSize?: number; backingStorageSize?: number } };
      const usage = sampler.workers.get(event.sessionId);
      if (usage === undefined || typeof message.result?.usedSize !== 'number') return;
      usage.used = message.result.usedSize;
      usage.buffers = message.result.backingStorageSize ?? 0;
      sampler.workerSeen = true;
      let used = 0;
      let buffers = 0;
      for (const worker of sampler.workers.values()) {
        used += worker.used;
        buffers += worker.buffers;
      }
      sampler.workerPeak = Math.max(sampler.workerPeak, used);
      sampler.workerBuffersPeak = Math.max(sampler.workerBuffersPeak, buffers);
    });
    await session.send('Performance.enable');
    await session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
    return sampler;
  }

  private async pageHeap(): Promise<number> {
    const { metrics } = await this.session.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
  }

  private async sample(): Promise<void> {
    this.pagePeak = Math.max(this.pagePeak, await this.pageHeap());
    for (const sessionId of this.workers.keys()) {
      const message = JSON.stringify({ id: this.nextId++, method: 'Runtime.getHeapUsage' });
      await this.session.send('Target.sendMessageToTarget', { sessionId, message }).catch(() => {});
    }
  }

  async start(): Promise<void> {
    await this.session.send('HeapProfiler.enable');
    await this.session.send('HeapProfiler.collectGarbage');
    this.pageBaseline = await this.pageHeap();
    this.pagePeak = this.pageBaseline;
    this.workerPeak = 0;
    this.workerBuffersPeak = 0;
    this.workerSeen = false;
    let busy = false;
    this.timer = setInterval(() => {
      if (busy) return;
      busy = true;
      this.sample()
        .catch(() => {})
        .finally(() => (busy = false));
    }, this.intervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sample().catch(() => {});
    // Worker answers arrive as events; give the last ones a moment.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  async detach(): Promise<void> {
    await this.session.detach().catch(() => {});
  }
}
