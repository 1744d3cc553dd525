/**
 * The shortlink click path (docs/decisions/0013-performance-goals.md): `GET /{code}` with `Accept: application/json`,
 * through the real app and through a bare node:http server that makes the same
 * database call (UPDATE … SET click_count = click_count + 1 … RETURNING plus the
 * click row and its daily aggregates, one transaction) on the same SQLite file, one after the other in
 * this run. autocannon on loopback, 50 connections, each measured run bounded
 * to about 10 s. Then the same for a "Redirect at once" link asked for by a
 * browser (a page request, answered 302 to the target; the bare server answers
 * the same 302). Afterwards the stored click count must have risen by exactly
 * the number of 2xx (302) answers. Records both figures and their floors
 * (bench/results.mjs); never fails on them.
 *
 * Each server runs in its own child process, so autocannon's client does not
 * share an event loop with the server it measures.
 *
 * This file starts the servers, runs the bench and prints it; the bare server is in
 * redirect-floor.ts, the load and what a run measures in redirect-load.ts, and the CPU
 * accounting in redirect-cpu.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createRepositories, migrate, openPostgres, openSqlite } from '../apps/api/src/db';
import { nginxArgs, renderNginx } from '../deploy/render-nginx.mjs';
import { serveBare } from './redirect-floor';
import {
  BOUND_SECONDS,
  CODE,
  CONNECTIONS,
  DIRECT_CODE,
  type Kind,
  measure,
  type Measurement,
  REQUESTS,
  type Target,
  TARGET_SECONDS,
} from './redirect-load';
import { recordFigure } from './results.mjs';
import { freePort, startApp, stopWithThisProcess } from './support';

const LABELS: Record<Kind | 'cluster', string> = {
  app: 'real app',
  bare: 'bare node:http',
  pg: 'app, PostgreSQL',
  replica: 'replica',
  cluster: '2 replicas+nginx',
};
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const NGINX = '/usr/sbin/nginx';

// ---------------------------------------------------------------- child: one server
async function serve(kind: Kind, dataDir: string, databaseUrl?: string): Promise<void> {
  const { port, close } =
    kind === 'app'
      ? await startApp({ dataDir })
      : kind === 'pg'
        ? await startApp({ databaseUrl })
        : kind === 'replica'
          ? await startApp({ databaseUrl, redisUrl: REDIS_URL })
          : await serveBare(dataDir);
  process.stdout.write(`LISTENING ${port}\n`);
  process.once('SIGTERM', () => {
    close();
    process.exit(0);
  });
}

// ---------------------------------------------------------------- parent: measure
function startServer(kind: Kind, dataDir: string, databaseUrl = ''): Promise<{ child: ChildProcess; port: number }> {
  // node itself (tsx loaded as a hook from apps/api), not the tsx wrapper, so that a signal to this
  // pid reaches the server; its own process group, so that stopServer reaches anything under it.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', kind, dataDir, databaseUrl],
    {
      cwd: fileURLToPath(new URL('../apps/api', import.meta.url)),
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    },
  );
  stopWithThisProcess(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /LISTENING (\d+)/.exec(output)?.[1];
      if (port) resolve({ child, port: Number(port) });
    });
    child.once('exit', (code) => reject(new Error(`${kind} server exited early (code ${code})`)));
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
  });
}

async function oneServer(kind: Kind, dataDir: string, databaseUrl?: string): Promise<Target> {
  const { child, port } = await startServer(kind, dataDir, databaseUrl);
  return { port, ...(child.pid === undefined ? {} : { pid: child.pid }), stop: () => stopServer(child) };
}

/** Two replicas on PostgreSQL + Redis with nginx in front, rendered from deploy/nginx.conf. */
async function cluster(databaseUrl: string): Promise<Target> {
  const replicas = [await oneServer('replica', '', databaseUrl), await oneServer('replica', '', databaseUrl)];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolvault-bench-nginx-'));
  const port = await freePort();
  const config = renderNginx({ dir, port, replicas: replicas.map((replica) => `127.0.0.1:${replica.port}`) });
  const nginx = spawn(NGINX, nginxArgs(dir, config), { stdio: 'ignore', detached: true });
  for (let i = 0; i < 100; i += 1) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    async stop() {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      process.kill(-nginx.pid!, 'SIGKILL');
      await exited;
      await Promise.all(replicas.map((replica) => replica.stop()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolvault-redirect-bench-'));
  const db = openSqlite(dataDir);
  try {
    await migrate(db);
    const repos = createRepositories(db);
    await repos.shortlinks.insert(benchLink(CODE, 'preview'));
    await repos.shortlinks.insert(benchLink(DIRECT_CODE, 'direct'));
    const clickCount = clicksOf(repos);

    console.log(
      `GET /${CODE} (Accept: application/json) and GET /${DIRECT_CODE} (a direct link, Accept: text/html), ${CONNECTIONS} connections, loopback, ~${TARGET_SECONDS} s per run (bound ${BOUND_SECONDS} s), ${os.cpus().length} CPUs, file-backed SQLite in ${dataDir}`,
    );
    const app = await measure('app', () => oneServer('app', dataDir), clickCount);
    const bare = await measure('bare', () => oneServer('bare', dataDir), clickCount);
    const app302 = await measure('app', () => oneServer('app', dataDir), clickCount, 'direct');
    const bare302 = await measure('bare', () => oneServer('bare', dataDir), clickCount, 'direct');
    const shared = await sharedRows();

    const verdict = (m: Measurement) =>
      m.counted === m.ok
        ? 'exact'
        : m.stopped
          ? 'not comparable (stopped at the bound: answers in flight were dropped)'
          : 'MISMATCH';
    const row = (m: Measurement) =>
      `${LABELS[m.kind]}${m.request === 'direct' ? ', 302' : ''}`.padEnd(22) +
      `${Math.round(m.rps).toString().padStart(7)} req/s   p50 ${m.p50.toFixed(1).padStart(5)} ms   p99 ${m.p99.toFixed(1).padStart(5)} ms   ` +
      `ratio to SQLite app ${(m.rps / (m.request === 'direct' ? app302 : app).rps).toFixed(2)}   ` +
      `${REQUESTS[m.request].ok} ${m.ok}   other ${m.other}   clicks counted ${m.counted}   ${verdict(m)}`;
    for (const m of [app, bare, app302, bare302, ...shared]) console.log(row(m));
    // Where the time goes: the server's CPU per answer, on its main thread and on all its other threads
    // (the click writer's and reader's threads, V8's helpers, libuv). The load generator runs on the same
    // cores, so what the other threads take is taken from it and from the main thread.
    console.log('CPU per answer (server process, all cores):');
    for (const m of [app, bare, app302, bare302, ...shared]) {
      if (!m.cpu) continue;
      const { mainUs, otherUs, threads } = m.cpu;
      console.log(
        `  ${`${LABELS[m.kind]}${m.request === 'direct' ? ', 302' : ''}`.padEnd(22)}main thread ${mainUs.toFixed(0).padStart(4)} µs + other threads ${otherUs.toFixed(0).padStart(4)} µs = ${(mainUs + otherUs).toFixed(0).padStart(4)} µs (${threads} threads)`,
      );
    }
    const exact = (...all: Measurement[]) => all.every((m) => m.counted === m.ok && m.other === 0);
    const counts = (...all: Measurement[]) => (exact(...all) ? 'counts exact' : 'counts NOT exact');
    recordFigure('redirect-json', { value: app.rps, floor: bare.rps, note: counts(app, bare) });
    recordFigure('redirect-302', { value: app302.rps, floor: bare302.rps, note: counts(app302, bare302) });
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The stored click count of a link, by its code. */
function clicksOf(repos: ReturnType<typeof createRepositories>) {
  return async (code: string) =>
    (await repos.shortlinks.listNewestFirst(10)).find((link) => link.shortCode === code)?.clickCount ?? Number.NaN;
}

/**
 * The same click on PostgreSQL (one replica) and on two replicas behind nginx (PostgreSQL +
 * Redis), in a schema of this run's own; one line instead when a server is missing.
 */
async function sharedRows(): Promise<Measurement[]> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL rows skipped: nothing answers at ${PG_URL} (${(error as Error).message})`);
    return [];
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const storage = openPostgres(url.toString());
  try {
    await migrate(storage);
    const repos = createRepositories(storage);
    await repos.shortlinks.insert(benchLink(CODE, 'preview'));
    const clickCount = clicksOf(repos);
    const rows = [await measure('pg', () => oneServer('pg', '', url.toString()), clickCount)];
    const redis = await fetch(REDIS_URL.replace(/^redis:/, 'http:')).then(
      () => true,
      (error: Error & { cause?: { code?: string } }) => error.cause?.code !== 'ECONNREFUSED',
    );
    if (!existsSync(NGINX))
      console.log(`two-replica row skipped: no nginx at ${NGINX} (node scripts/ensure-nginx.mjs)`);
    else if (!redis) console.log(`two-replica row skipped: nothing answers at ${REDIS_URL}`);
    else rows.push(await measure('cluster', () => cluster(url.toString()), clickCount));
    return rows;
  } finally {
    await storage.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

function benchLink(shortCode: string, redirectMode: 'preview' | 'direct') {
  return {
    shortCode,
    targetUrl: 'https://example.com/benchmark',
    title: 'Benchmark',
    description: 'The link every request of this run follows',
    metaImage: '',
    tags: [],
    clickCount: 0,
    redirectMode,
    createdAt: new Date().toISOString(),
  };
}

const serveAt = process.argv.indexOf('--serve');
if (serveAt === -1) await main();
else
  await serve(
    process.argv[serveAt + 1] as Kind,
    process.argv[serveAt + 2] ?? '',
    process.argv[serveAt + 3] || undefined,
  );
