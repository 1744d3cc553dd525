/**
 * Memory of the running product: the built app started as `pnpm start` starts it
 * (`node scripts/start.mjs`, which becomes the server; e2e/start.e2e.ts does the same) on a fresh
 * SQLite file in a temporary folder, its RSS summed over every process of the tree it started
 * (/proc/<pid>/status VmRSS of the pid and its descendants), at idle once start-up has settled and
 * again after 2,000 redirects (1,000 counted JSON requests, 1,000 "Redirect at once" 302s) and 200
 * admin list calls. Beside each, the floor measured the same way in this run: node:http and
 * better-sqlite3 opening the same file and answering the same requests (bench/memory-floor.mjs).
 * Then what the app's RSS is made of: the main thread's heap and each worker thread's (through
 * bench/memory-probe.mjs, loaded into both servers), and what one worker thread holding a
 * read-only connection costs (the floor again with three such threads), and where both servers'
 * memory is once left idle for 30 s (bench/memory-smaps.ts). Last, what `pnpm start` through pnpm
 * itself adds: pnpm stays resident as the parent. 1 MB = 1024 × 1024 bytes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRepositories, migrate, openSqlite } from '../apps/api/src/db';
import { memoryParts, partsLine } from './memory-smaps';
import { recordFigure } from './results.mjs';
import { BROWSER_USER_AGENT, freePort, killGroup, requireBuild, stopWithThisProcess } from './support';

const ROOT = path.resolve(import.meta.dirname, '..');
const PROBE = path.join(import.meta.dirname, 'memory-probe.mjs');
const FLOOR = path.join(import.meta.dirname, 'memory-floor.mjs');
const PASSWORD = `bench-${randomBytes(8).toString('hex')}`;
const REDIRECTS = 2000;
const LIST_CALLS = 200;
/** Requests in flight during the load: a handful of visitors at once, not a flood. */
const CONCURRENCY = 8;
const LINKS = 50;
const JSON_CODE = 'memjson';
const DIRECT_CODE = 'memdirect';
/** Start-up has settled when the tree's RSS moved by less than this over SETTLE_WINDOW_MS. */
const SETTLE_KB = 512;
const SETTLE_WINDOW_MS = 2000;
const SETTLE_BOUND_MS = 20_000;
/** How long both servers are left alone before their memory is taken apart (memory-smaps.ts). */
const STEADY_MS = 30_000;

if (!requireBuild('memory')) process.exit(0);
if (!existsSync(path.join(ROOT, 'apps/api/dist/server.mjs'))) {
  console.log('memory benchmark skipped: the compiled server is missing (run pnpm build first)');
  process.exit(0);
}

const mb = (kb: number) => kb / 1024;
const fmt = (kb: number) => `${mb(kb).toFixed(1)} MB`;

/** VmRSS (kB) of one process; 0 once it is gone. */
function rssKb(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The pid and every descendant of it, from the parent pids in /proc/<pid>/stat. */
function tree(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: the fields after it are fixed.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  const all = [pid];
  for (let i = 0; i < all.length; i += 1) all.push(...(parents.get(all[i]!) ?? []));
  return all;
}

const treeRssKb = (pid: number) => tree(pid).reduce((sum, each) => sum + rssKb(each), 0);

/** Waits until the tree's RSS holds still (or the bound passes) and answers it. */
async function settledRss(pid: number): Promise<number> {
  const deadline = Date.now() + SETTLE_BOUND_MS;
  let last = treeRssKb(pid);
  for (;;) {
    await sleep(SETTLE_WINDOW_MS);
    const now = treeRssKb(pid);
    if (Math.abs(now - last) < SETTLE_KB || Date.now() > deadline) return now;
    last = now;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Started {
  child: ChildProcess;
  base: string;
  probeFile: string;
  stop: () => Promise<void>;
}

/** Starts a command in its own process group and waits for its line saying it listens. */
async function start(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  listening: RegExp,
  port: number,
  probeFile: string,
): Promise<Started> {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const forget = stopWithThisProcess(child);
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Read to the end (the request log): a full pipe would stop the server.
  child.stdout!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  child.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + 60_000;
  while (!listening.test(log)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      killGroup(child, 'SIGKILL');
      throw new Error(`${path.basename(args.at(-1) ?? command)} did not start:\n${log}`);
    }
    await sleep(100);
  }
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    probeFile,
    stop: async () => {
      killGroup(child, 'SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (child.exitCode === null && child.signalCode === null) killGroup(child, 'SIGKILL');
      forget();
    },
  };
}

function appEnv(port: number, dataDir: string, probeFile: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    INIT_CWD: ROOT,
    ADMIN_PASSWORD: PASSWORD,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: '',
    REDIS_URL: '',
    // The whole load comes from 127.0.0.1: the per-address cap stands for one real client.
    MAX_CONNECTIONS_PER_IP: '0',
    MEMORY_PROBE_FILE: probeFile,
  };
}

async function startApp(dataDir: string): Promise<Started> {
  const port = await freePort();
  const probeFile = path.join(dataDir, 'probe-app.json');
  return start(
    process.execPath,
    ['--import', PROBE, 'scripts/start.mjs'],
    appEnv(port, dataDir, probeFile),
    /Toolvault listening on/,
    port,
    probeFile,
  );
}

async function startFloor(dataDir: string, threads = 0): Promise<Started> {
  const port = await freePort();
  const probeFile = path.join(dataDir, `probe-floor-${threads}.json`);
  return start(
    process.execPath,
    ['--import', PROBE, FLOOR, dataDir, String(port), String(threads)],
    { ...process.env, MEMORY_PROBE_FILE: probeFile },
    /LISTENING/,
    port,
    probeFile,
  );
}

interface ProbeReport {
  memory: NodeJS.MemoryUsage;
  main: { totalHeapSize: number; usedHeapSize: number };
  threads: { threadId: number; totalHeapSize: number; usedHeapSize: number; physicalSize: number }[];
}

/** Asks the probe in the server for its figures (SIGUSR2) and reads them. */
async function probe(server: Started): Promise<ProbeReport | undefined> {
  rmSync(server.probeFile, { force: true });
  process.kill(server.child.pid!, 'SIGUSR2');
  for (let i = 0; i < 50; i += 1) {
    await sleep(100);
    if (existsSync(server.probeFile)) return JSON.parse(readFileSync(server.probeFile, 'utf8')) as ProbeReport;
  }
  return undefined;
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** The load: the redirects half JSON, half 302, then the admin's list calls; answers the statuses seen. */
async function load(base: string, token: string): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  const jobs: (() => Promise<Response>)[] = [];
  for (let i = 0; i < REDIRECTS; i += 1) {
    jobs.push(
      i % 2 === 0
        ? () =>
            fetch(`${base}/${JSON_CODE}`, { headers: { accept: 'application/json', 'user-agent': BROWSER_USER_AGENT } })
        : () =>
            fetch(`${base}/${DIRECT_CODE}`, {
              headers: { accept: 'text/html', 'user-agent': BROWSER_USER_AGENT },
              redirect: 'manual',
            }),
    );
  }
  for (let i = 0; i < LIST_CALLS; i += 1) {
    jobs.push(() => fetch(`${base}/api/shortlinks?limit=25`, { headers: { Authorization: `Bearer ${token}` } }));
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) {
        const res = await jobs[next++]!();
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}

interface Measured {
  idleKb: number;
  loadedKb: number;
  idleProbe: ProbeReport | undefined;
  loadedProbe: ProbeReport | undefined;
  statuses: Map<number, number>;
}

async function measure(server: Started, token: string | undefined): Promise<Measured> {
  const pid = server.child.pid!;
  const idleKb = await settledRss(pid);
  const idleProbe = await probe(server);
  const statuses = await load(server.base, token ?? '');
  const loadedKb = await settledRss(pid);
  const loadedProbe = await probe(server);
  return { idleKb, loadedKb, idleProbe, loadedProbe, statuses };
}

const statusText = (statuses: Map<number, number>) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ');

function heapLine(report: ProbeReport | undefined): string {
  if (!report) return 'probe gave no answer';
  const m = report.memory;
  const threads = report.threads
    .sort((a, b) => a.threadId - b.threadId)
    .map((thread) => `#${thread.threadId} ${(thread.totalHeapSize / 2 ** 20).toFixed(1)}`)
    .join(', ');
  return (
    `rss ${(m.rss / 2 ** 20).toFixed(1)} MB: main heap ${(m.heapUsed / 2 ** 20).toFixed(1)} used of ${(m.heapTotal / 2 ** 20).toFixed(1)} MB, ` +
    `external ${(m.external / 2 ** 20).toFixed(1)} MB (array buffers ${(m.arrayBuffers / 2 ** 20).toFixed(1)}); ` +
    `${report.threads.length} worker thread(s), heap MB each: ${threads || 'none'}`
  );
}

async function seed(dataDir: string): Promise<void> {
  const storage = openSqlite(dataDir);
  try {
    await migrate(storage);
    const repos = createRepositories(storage);
    for (let i = 0; i < LINKS; i += 1) {
      const shortCode = i === 0 ? JSON_CODE : i === 1 ? DIRECT_CODE : `mem${i}`;
      await repos.shortlinks.insert({
        shortCode,
        targetUrl: `https://example.com/memory/${i}`,
        title: `Memory bench link ${i}`,
        description: 'A link the memory bench lists or follows',
        metaImage: '',
        tags: [],
        clickCount: 0,
        redirectMode: i === 1 ? 'direct' : 'preview',
        createdAt: new Date().toISOString(),
      });
    }
  } finally {
    await storage.close();
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'toolvault-memory-bench-'));
try {
  await seed(dataDir);
  console.log(
    `RSS of each process tree (VmRSS summed), ${LINKS} links in a fresh SQLite file in ${dataDir}; ` +
      `load: ${REDIRECTS} redirects (half JSON, half 302) and ${LIST_CALLS} admin list calls, ${CONCURRENCY} at a time`,
  );

  const app = await startApp(dataDir);
  let appMeasured: Measured;
  try {
    appMeasured = await measure(app, await login(app.base));
  } finally {
    await app.stop();
  }
  const floor = await startFloor(dataDir);
  let floorMeasured: Measured;
  try {
    floorMeasured = await measure(floor, undefined);
  } finally {
    await floor.stop();
  }

  console.log(`  app (node scripts/start.mjs)  idle ${fmt(appMeasured.idleKb)}   loaded ${fmt(appMeasured.loadedKb)}`);
  console.log(`    answers: ${statusText(appMeasured.statuses)}`);
  console.log(`    idle:   ${heapLine(appMeasured.idleProbe)}`);
  console.log(`    loaded: ${heapLine(appMeasured.loadedProbe)}`);
  console.log(
    `  floor (node:http + better-sqlite3)  idle ${fmt(floorMeasured.idleKb)}   loaded ${fmt(floorMeasured.loadedKb)}`,
  );
  console.log(`    answers: ${statusText(floorMeasured.statuses)}`);
  console.log(`    idle:   ${heapLine(floorMeasured.idleProbe)}`);

  // What one thread like the server's costs: the floor again, with three threads that each hold a
  // read-only connection to the file.
  const threaded = await startFloor(dataDir, 3);
  try {
    const withThreads = await settledRss(threaded.child.pid!);
    console.log(
      `  one worker thread with a read-only connection: ${fmt((withThreads - floorMeasured.idleKb) / 3)} ` +
        `(floor with 3 such threads: ${fmt(withThreads)})`,
    );
  } finally {
    await threaded.stop();
  }

  // Where the idle memory is once V8's memory reducer has run: both servers started again, left alone.
  const steadyApp = await startApp(dataDir);
  const steadyFloor = await startFloor(dataDir);
  try {
    await sleep(STEADY_MS);
    console.log(`  idle ${STEADY_MS / 1000} s after start, by mapping (/proc/<pid>/smaps):`);
    console.log(`    app:   ${partsLine(memoryParts(steadyApp.child.pid!))}`);
    console.log(`    floor: ${partsLine(memoryParts(steadyFloor.child.pid!))}`);
  } finally {
    await steadyApp.stop();
    await steadyFloor.stop();
  }

  // `pnpm start` itself: pnpm (a Node process of its own) and its shell stay resident as parents.
  const port = await freePort();
  const viaPnpm = await start(
    'pnpm',
    ['start'],
    { ...appEnv(port, dataDir, ''), MEMORY_PROBE_FILE: '' },
    /Toolvault listening on/,
    port,
    '',
  );
  try {
    const total = await settledRss(viaPnpm.child.pid!);
    const processes = tree(viaPnpm.child.pid!).length;
    console.log(
      `  through pnpm start: ${fmt(total)} in ${processes} processes, pnpm's own share ${fmt(total - appMeasured.idleKb)} ` +
        '(process managers run node scripts/start.mjs or apps/api/dist/server.mjs instead)',
    );
  } finally {
    await viaPnpm.stop();
  }

  recordFigure('memory-idle', { value: mb(appMeasured.idleKb), floor: mb(floorMeasured.idleKb) });
  recordFigure('memory-loaded', { value: mb(appMeasured.loadedKb), floor: mb(floorMeasured.loadedKb) });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
