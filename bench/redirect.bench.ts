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
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { createRepositories, migrate, openPostgres, openSqlite } from '../apps/api/src/db';
import { nginxArgs, renderNginx } from '../deploy/render-nginx.mjs';
import { recordFigure } from './results.mjs';
import { startApp, stopWithThisProcess } from './support';

const CODE = 'bench1';
/** A link in "Redirect at once" mode: a page request for it is answered 302 to its target. */
const DIRECT_CODE = 'bench2';
const CONNECTIONS = 50;
/** Each measured run aims at this many seconds (at the warm-up's rate) and is stopped at the bound. */
const TARGET_SECONDS = 6;
const BOUND_SECONDS = 10;
const WARMUP_SECONDS = 2;
/** A browser's: the app sends crawlers of a direct link to its preview page instead of the 302. */
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
/** The two requests that count a click: the redirect page's JSON one, and a person's browser on a direct link. */
const REQUESTS = {
  json: { code: CODE, headers: { accept: 'application/json', 'user-agent': USER_AGENT }, ok: '2xx' },
  direct: { code: DIRECT_CODE, headers: { accept: 'text/html', 'user-agent': USER_AGENT }, ok: '3xx' },
} as const;
type RequestKind = keyof typeof REQUESTS;

/** The SQLite app, the bare reference, the app on PostgreSQL, and one of two replicas on PostgreSQL + Redis. */
type Kind = 'app' | 'bare' | 'pg' | 'replica';
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
/**
 * The least a server can do for this request: same path test, the same two writes in one
 * transaction as hand-prepared better-sqlite3 statements (no query builder), same JSON. A fixed
 * reference, so the app's ratio to it shows what the app's own layers cost.
 */
async function serveBare(dataDir: string): Promise<{ port: number; close: () => void }> {
  const storage = openSqlite(dataDir);
  const db = storage.sqlite!;
  const increment = db.prepare<
    [string],
    {
      id: number;
      short_code: string;
      target_url: string;
      title: string;
      description: string;
      meta_image: string;
      redirect_mode: string;
    }
  >(
    `UPDATE shortlinks SET click_count = click_count + 1 WHERE short_code = ?
     RETURNING id, short_code, target_url, title, description, meta_image, redirect_mode`,
  );
  const insert = db.prepare<[number, string]>(
    `INSERT INTO shortlink_clicks (shortlink_id, clicked_at, referrer_host, country, device) VALUES (?, ?, NULL, NULL, 'desktop')`,
  );
  // The daily aggregates and the click total, kept in the same transaction as the click.
  const linkStats = db.prepare<[number, string, number, string, number, string]>(
    `INSERT INTO shortlink_daily_stats (shortlink_id, dimension, day, value, clicks)
     VALUES (?, 'country', ?, '', 1), (?, 'device', ?, 'desktop', 1), (?, 'referrer', ?, '', 1)
     ON CONFLICT (shortlink_id, dimension, day, value) DO UPDATE SET clicks = clicks + 1`,
  );
  const allStats = db.prepare<[string, string, string]>(
    `INSERT INTO click_daily_stats (dimension, day, value, clicks)
     VALUES ('country', ?, '', 1), ('device', ?, 'desktop', 1), ('referrer', ?, '', 1)
     ON CONFLICT (dimension, day, value) DO UPDATE SET clicks = clicks + 1`,
  );
  const total = db.prepare('UPDATE shortlink_totals SET clicks = clicks + 1 WHERE id = 1');
  const countClick = db.transaction((code: string) => {
    const row = increment.get(code);
    if (!row) return null;
    const now = new Date().toISOString();
    const day = now.slice(0, 10);
    insert.run(row.id, now);
    linkStats.run(row.id, day, row.id, day, row.id, day);
    allStats.run(day, day, day);
    total.run();
    return row;
  });
  const server = createServer((req, res) => {
    const code = req.method === 'GET' ? /^\/([A-Za-z0-9_-]{3,32})(?:\?|$)/.exec(req.url ?? '')?.[1] : undefined;
    const link = code === undefined ? null : countClick(code);
    if (link && link.redirect_mode === 'direct' && !(req.headers.accept ?? '').includes('application/json')) {
      res.writeHead(302, { Location: link.target_url, 'Content-Length': '0' });
      res.end();
      return;
    }
    const body = link
      ? JSON.stringify({
          shortCode: link.short_code,
          targetUrl: link.target_url,
          title: link.title,
          description: link.description,
          metaImage: link.meta_image,
        })
      : '{"error":"Shortlink not found"}';
    res.writeHead(link ? 200 : 404, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.close();
      void storage.close();
    },
  };
}

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

function run(
  url: string,
  headers: Record<string, string>,
  limit: { amount: number } | { duration: number },
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, headers, ...limit }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    // The bound: an amount run that is slower than expected is stopped (its count is then not exact).
    const timer = setTimeout(() => instance.stop(), BOUND_SECONDS * 1000);
    instance.once('done', () => clearTimeout(timer));
  });
}

interface Measurement {
  kind: Kind | 'cluster';
  request: RequestKind;
  rps: number;
  p50: number;
  p99: number;
  /** Answers of the expected kind: 2xx for JSON, 3xx for the direct link. */
  ok: number;
  other: number;
  counted: number;
  stopped: boolean;
  cpu: CpuSplit | null;
}

/** Waits until the stored count stops moving (at most 10 s): every request the server took is written. */
async function settle(clickCount: () => Promise<number>): Promise<void> {
  let last = await clickCount();
  for (let i = 0; i < 30; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = await clickCount();
    if (now === last) return;
    last = now;
  }
}

/** Something to measure: where it answers, and how to stop it. */
interface Target {
  port: number;
  /** The server's process, whose threads' CPU time is read; absent for the cluster (nginx and two of them). */
  pid?: number;
  stop(): Promise<void>;
}

/** CPU time (ms) of each thread of a process so far, by thread id, from /proc/<pid>/task/<tid>/stat; empty off Linux. */
function threadCpuMs(pid: number): Map<number, number> {
  const times = new Map<number, number>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return times;
  }
  const tickMs = 1000 / 100; // USER_HZ: 100 on every Linux this runs on
  for (const tid of tids) {
    try {
      // The fields after the name (which may hold spaces) start at its closing parenthesis.
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime are fields 14 and 15 of stat: 12 and 13 counted from the state (field 3).
      times.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * tickMs);
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return times;
}

/** CPU per answered request over a run, in µs: the main thread's, and all the others' together (workers, V8, libuv). */
interface CpuSplit {
  mainUs: number;
  otherUs: number;
  threads: number;
}

function cpuSplit(pid: number, before: Map<number, number>, after: Map<number, number>, requests: number): CpuSplit {
  let main = 0;
  let other = 0;
  for (const [tid, ms] of after) {
    const spent = ms - (before.get(tid) ?? 0);
    if (tid === pid) main += spent;
    else other += spent;
  }
  return { mainUs: (main * 1000) / requests, otherUs: (other * 1000) / requests, threads: after.size };
}

async function oneServer(kind: Kind, dataDir: string, databaseUrl?: string): Promise<Target> {
  const { child, port } = await startServer(kind, dataDir, databaseUrl);
  return { port, ...(child.pid === undefined ? {} : { pid: child.pid }), stop: () => stopServer(child) };
}

/** Two replicas on PostgreSQL + Redis with nginx in front, rendered from deploy/nginx.conf. */
async function cluster(databaseUrl: string): Promise<Target> {
  const replicas = [await oneServer('replica', '', databaseUrl), await oneServer('replica', '', databaseUrl)];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolvault-bench-nginx-'));
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
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

async function measure(
  kind: Kind | 'cluster',
  start: () => Promise<Target>,
  count: (code: string) => Promise<number>,
  request: RequestKind = 'json',
): Promise<Measurement> {
  const { port, pid, stop } = await start();
  const { code, headers, ok } = REQUESTS[request];
  const clickCount = () => count(code);
  try {
    const url = `http://127.0.0.1:${port}/${code}`;
    // A timed warm-up (JIT, caches) also gives the rate, from which the measured run gets a
    // fixed number of requests: a run stopped by time loses answers in flight, so its count
    // could not be compared exactly.
    const warm = await run(url, headers, { duration: WARMUP_SECONDS });
    // The warm-up stopped on time: requests it dropped may still be committing (slower on PostgreSQL).
    await settle(clickCount);
    const amount = Math.max(1000, Math.round((warm[ok] / warm.duration) * TARGET_SECONDS));
    const before = await clickCount();
    const cpuBefore = pid === undefined ? null : threadCpuMs(pid);
    const result = await run(url, headers, { amount });
    const cpuAfter = pid === undefined ? null : threadCpuMs(pid);
    // autocannon counts every answer but a 2xx as non2xx, the expected 302s included.
    const answered = result['2xx'] + result.non2xx;
    const stopped = answered + result.errors < amount;
    // A run stopped at the bound drops answers in flight; let the server finish them first.
    if (stopped) await settle(clickCount);
    const counted = (await clickCount()) - before;
    return {
      kind,
      request,
      rps: result[ok] / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      ok: result[ok],
      other: answered - result[ok] + result.errors,
      counted,
      stopped,
      cpu:
        pid !== undefined && cpuBefore && cpuAfter && cpuAfter.size > 0
          ? cpuSplit(pid, cpuBefore, cpuAfter, result[ok])
          : null,
    };
  } finally {
    await stop();
  }
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
