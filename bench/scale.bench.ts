/**
 * `pnpm bench scale`: the product with a large collection. Seeds a temporary SQLite database in
 * bulk (not through the API) with SCALE_LINKS shortlinks (default 1,000,000), SCALE_CLICKS clicks
 * (default 10,000,000) over the last SCALE_DAYS days (default 365) with their daily aggregates, and
 * SCALE_POSTS blog posts (default 10,000); starts the real server on it (a child
 * process, `apps/api/src/server.ts`) and prints p50/p99 of the admin's and the public's reads (after
 * SCALE_WARM_UP_CALLS untimed calls, default 3, the first of which is shown on its own), the
 * time and server memory growth of a full export, the longest waits of a read, a click and a list
 * during a 10,000-row import, the redirect p99 under autocannon while admin requests run, and in
 * Debian's Chromium (the browser part, which needs `pnpm build`: the server serves apps/web/dist)
 * the time from a click on the Manage Links tab to its first page of rows (p50 and max over
 * SCALE_BROWSER_TRIES fresh loads, default 5), the page's JS heap and DOM size then, and Lighthouse
 * (mobile, simulated throttling, performance) on /blog with all the posts: each of
 * SCALE_LIGHTHOUSE_RUNS runs (default 3) and their median, which the goal is read on. The posts are what the
 * editor saves: titles, authors, categories, tags, several paragraphs with headings, a list and
 * code, and their excerpts. Prints figures and goals only; never fails on them. Smaller sizes
 * through the environment, e.g. `SCALE_LINKS=100000 SCALE_CLICKS=1000000 pnpm bench scale`, and a
 * busy neighbour on the disk with SCALE_DISK_WRITER_MB (below).
 *
 * How the clicks are modelled and seeded, and why: scale-seed.ts's header.
 *
 * This file runs the parts in turn and times the reads, the export and the import's stall; the
 * server is in scale-server.ts, the redirect loads in scale-redirects.ts and the browser figures in
 * scale-browser.ts.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { once } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { browserFigures } from './scale-browser';
import { redirectsWhileAdminWorks } from './scale-redirects';
import { envNumber, percentile } from './scale-report';
import { seed } from './scale-seed';
import { login, loopLine, mostClickedLink, type Server, serverLine, startServer } from './scale-server';
import { BROWSER_USER_AGENT, killGroup, stopWithThisProcess } from './support';

const sizes = {
  links: envNumber('SCALE_LINKS', 1_000_000),
  clicks: envNumber('SCALE_CLICKS', 10_000_000),
  days: envNumber('SCALE_DAYS', 365),
  posts: envNumber('SCALE_POSTS', 10_000),
};
/** Sequential calls per measured endpoint. */
const CALLS = envNumber('SCALE_CALLS', 40);
/**
 * Calls made before those, untimed but the first (shown on its own): the first call of a query
 * reads its pages from disk when the page cache has dropped them (the database is 2.2 GB, and this
 * VM keeps about 1 GB of it cached), which is the disk's figure, not the query's.
 */
const WARM_UP_CALLS = envNumber('SCALE_WARM_UP_CALLS', 3);
/**
 * Which parts run (SCALE_PARTS, comma-separated; all by default): reads, export, import, redirects,
 * browser. E.g. `SCALE_PARTS=import` measures only the import's stall on a freshly seeded database.
 */
const PARTS = new Set(
  (process.env.SCALE_PARTS ?? 'reads,export,import,redirects,browser').split(',').map((part) => part.trim()),
);
/**
 * Extra node flags for the server (SCALE_NODE_ARGS, space-separated), to look inside a slow figure:
 * e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, or `--import ./probe.mjs` to time statements.
 */
const SERVER_NODE_ARGS = (process.env.SCALE_NODE_ARGS ?? '').split(' ').filter(Boolean);
/**
 * SCALE_DISK_WRITER_MB: during the import and the redirect runs, another process writes this many
 * MB to a file beside the database and flushes it, over and over (dd), as a busy neighbour on the
 * same disk would. Off by default. With 3,000 it showed that a write on the event loop is the
 * kernel's to hold: the WAL appends of one click batch took 120–173 ms each, 508 ms of loop in all,
 * before the clicks moved to a thread of their own (docs/decisions/0005-storage.md).
 */
const DISK_WRITER_MB = envNumber('SCALE_DISK_WRITER_MB', 0);
const PROBE_LOOP = path.resolve(import.meta.dirname, 'probe-loop.mjs');

/**
 * SCALE_DATA_DIR: a data folder kept between runs, seeded only when it has no database yet, so
 * two versions of the server can be measured on the same data (each import adds its links).
 */
const keptDir = process.env.SCALE_DATA_DIR;
const dataDir = keptDir ?? mkdtempSync(path.join(os.tmpdir(), 'toolvault-scale-'));

async function main(): Promise<void> {
  if (keptDir !== undefined && existsSync(path.join(keptDir, 'toolvault.db'))) {
    console.log(`reusing the database in ${keptDir} (its own sizes)`);
  } else {
    console.log(
      `sizes: ${sizes.links.toLocaleString('en')} links, ${sizes.clicks.toLocaleString('en')} clicks over ${sizes.days} days, ` +
        `${sizes.posts.toLocaleString('en')} posts`,
    );
    const seedStart = performance.now();
    await seedInChild();
    console.log(`seeding: ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  }

  const server = await startServer(dataDir, SERVER_NODE_ARGS);
  try {
    const token = await login(server.base);
    const auth = { Authorization: `Bearer ${token}` };
    if (PARTS.has('reads')) await timeReads(server, auth);
    if (PARTS.has('export')) await timeExport(server, auth);
    const neighbour = DISK_WRITER_MB > 0 ? startDiskWriter(DISK_WRITER_MB) : undefined;
    try {
      if (PARTS.has('import')) await importStall(server, auth);
      if (PARTS.has('redirects')) await redirectsWhileAdminWorks(server, auth);
    } finally {
      neighbour?.stop();
    }
    // Last: the import above adds its links, as an administrator's would.
    if (PARTS.has('browser')) await browserFigures(server.base, token);
  } finally {
    server.stop();
  }
}

/**
 * Another process that writes `mb` MB to a file in the data folder's parent (the same disk) and
 * flushes it, again and again until stopped; stop() prints how much it wrote.
 */
function startDiskWriter(mb: number): { stop: () => void } {
  const file = path.join(path.dirname(dataDir), `toolvault-scale-neighbour-${process.pid}`);
  const child = spawn(
    'sh',
    [
      '-c',
      `while :; do dd if=/dev/zero of="$1" bs=1M count=${mb} conv=fdatasync 2>/dev/null && echo written; done`,
      'sh',
      file,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], detached: true },
  );
  const forget = stopWithThisProcess(child);
  let writes = 0;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (writes += chunk.split('written').length - 1));
  console.log(`\na neighbour process writes ${mb} MB at a time to ${file} and flushes it, until the redirect runs end`);
  return {
    stop: () => {
      forget();
      killGroup(child, 'SIGTERM');
      rmSync(file, { force: true });
      console.log(`the neighbour process wrote and flushed ${((writes * mb) / 1000).toFixed(1)} GB meanwhile`);
    },
  };
}

/**
 * p50/p99 of the admin's and the public's reads, CALLS sequential calls each, and beside them the
 * server's own p99 over the same calls (the loop monitor's): a slow call the server did not see was
 * spent outside it (this process, the machine's scheduling).
 */
async function timeReads(server: Server, auth: Record<string, string>): Promise<void> {
  const { base } = server;
  const rows: [string, string, Record<string, string>?][] = [
    ['Manage Links, first page', '/api/shortlinks?limit=25', auth],
    ['Manage Links, page 2 (cursor)', 'CURSOR', auth],
    ['Manage Links, sort by clicks', '/api/shortlinks?limit=25&sort=clicks', auth],
    ['Manage Links, sort by title', '/api/shortlinks?limit=25&sort=title', auth],
    ['search, one code (L123457)', '/api/shortlinks?limit=25&q=L123457', auth],
    ['search, 1 in 1000 (site777.)', '/api/shortlinks?limit=25&q=site777.', auth],
    ['search, 1 in 100 (site77)', '/api/shortlinks?limit=25&q=site77', auth],
    // Broad prefixes, found in every link: read by walking the sort's index, counted up to 10,000.
    ['search, every link (site)', '/api/shortlinks?limit=25&q=site', auth],
    ['search, one letter (s), by title', '/api/shortlinks?limit=25&q=s&sort=title', auth],
    ['tag filter (tag7, 1 in 100)', '/api/shortlinks?limit=25&tag=tag7', auth],
    ['tag filter by clicks', '/api/shortlinks?limit=25&tag=tag7&sort=clicks', auth],
    ['overview summary', '/api/shortlinks/summary', auth],
    ['tags list', '/api/shortlinks/tags', auth],
    ['analytics, 30 days', '/api/shortlinks/analytics?range=30d', auth],
    ['analytics, all time', '/api/shortlinks/analytics?range=all', auth],
    ['most-clicked link analytics, all', 'TOP_LINK', auth],
    ['blog, first page', '/api/blog', undefined],
    ['blog, page 200', '/api/blog?page=200', undefined],
    ['RSS', '/blog/rss.xml', undefined],
    ['sitemap', '/sitemap.xml', undefined],
  ];
  const first = (await (await fetch(`${base}/api/shortlinks?limit=25`, { headers: auth })).json()) as {
    nextCursor: string;
  };
  const topLink = await mostClickedLink(base, auth);
  console.log(
    `\n${'endpoint'.padEnd(34)} ${'status'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'first ms'.padStart(9)} ${'server p99'.padStart(11)}`,
  );
  for (const [label, route, headers] of rows) {
    const url =
      route === 'CURSOR'
        ? `/api/shortlinks?limit=25&cursor=${first.nextCursor}`
        : route === 'TOP_LINK'
          ? `/api/shortlinks/${topLink}/analytics?range=all`
          : route;
    // The server's figures start with the timed calls (the monitor starts over at each server.loop()).
    const { status, times, first: firstMs } = await timeCalls(`${base}${url}`, headers, () => server.loop());
    const own = (await server.loop()).requests[url];
    const p50 = percentile(times, 50).toFixed(1);
    const p99 = percentile(times, 99).toFixed(1);
    console.log(
      `${label.padEnd(34)} ${String(status).padStart(6)} ${p50.padStart(8)} ${p99.padStart(8)} ${firstMs.toFixed(1).padStart(9)} ` +
        `${(own ? own.p99Ms.toFixed(1) : '-').padStart(11)}`,
    );
  }
}

/** WARM_UP_CALLS calls (the first one timed), then CALLS timed ones, with `beforeTimed` awaited between them. */
async function timeCalls(url: string, headers?: Record<string, string>, beforeTimed?: () => Promise<unknown>) {
  const times: number[] = [];
  let status = 0;
  let first = Number.NaN;
  for (let i = 0; i < WARM_UP_CALLS + CALLS; i += 1) {
    if (i === WARM_UP_CALLS) await beforeTimed?.();
    const start = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    const took = performance.now() - start;
    if (i === 0) first = took;
    if (i >= WARM_UP_CALLS) times.push(took);
    status = res.status;
  }
  return { status, times, first };
}

/** A full export: its time, bytes, and the server's resident memory growth. */
async function timeExport(server: Server, auth: Record<string, string>): Promise<void> {
  // Export: time, bytes, and the server's resident memory growth (peak over the run; the peak
  // of the earlier calls is reset first, through clear_refs).
  writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
  const rssBefore = residentKb(server.pid);
  const exportStart = performance.now();
  const exported = await fetch(`${server.base}/api/shortlinks/export`, { headers: auth });
  let bytes = 0;
  for await (const chunk of exported.body!) bytes += (chunk as Uint8Array).byteLength;
  const exportMs = performance.now() - exportStart;
  const peak = peakKb(server.pid);
  console.log(
    `\nexport (JSON): ${(exportMs / 1000).toFixed(1)} s, ${(bytes / 1e6).toFixed(0)} MB, server RSS ${(rssBefore / 1024).toFixed(0)} MB before, ` +
      `peak ${(peak / 1024).toFixed(0)} MB (growth ≤ ${((peak - rssBefore) / 1024).toFixed(0)} MB)`,
  );
}

/** A field of /proc/<pid>/status in kB: VmRSS, resident memory now; VmHWM, its peak (reset through clear_refs). */
function procStatus(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${field}:`));
  return Number(line?.split(/\s+/)[1] ?? 0);
}
const residentKb = (pid: number) => procStatus(pid, 'VmRSS');
const peakKb = (pid: number) => procStatus(pid, 'VmHWM');

/**
 * A 10,000-row import while three probes loop on a thread of their own, each every few
 * milliseconds: /api/health (a read), a direct link's redirect (a click: a write) and the Manage
 * Links first page. The slowest answer of each during the import is its stall.
 */
async function importStall(server: Server, auth: Record<string, string>): Promise<void> {
  const { base } = server;
  const rows = Array.from({ length: 10_000 }, (_, i) => ({
    title: `Imported ${i}`,
    targetUrl: `https://import.example/${i}`,
    tags: ['imported', `batch${i % 10}`],
    description: 'x'.repeat(200),
  }));
  const body = JSON.stringify(rows);
  const probes = [
    ['/api/health', '/api/health', {}],
    ['redirect + click (direct 302)', '/L10', { 'user-agent': BROWSER_USER_AGENT }],
    ['Manage Links, first page', '/api/shortlinks?limit=25', auth],
  ] as const;
  // The probes are other clients: they loop on a thread of their own (bench/probe-loop.mjs).
  const prober = new Worker(PROBE_LOOP, {
    workerData: { base, probes: probes.map(([, route, headers]) => ({ route, headers })) },
  });
  await once(prober, 'message');
  await server.loop();
  // The sender's own thread: a stall here would slow the upload, not the probes' answers.
  const clientLoop = monitorEventLoopDelay({ resolution: 1 });
  clientLoop.enable();
  const start = performance.now();
  const res = await fetch(`${base}/api/shortlinks/import`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body,
  });
  const took = performance.now() - start;
  const loop = await server.loop();
  clientLoop.disable();
  prober.postMessage('stop');
  const [{ waits, loopMaxMs }] = (await once(prober, 'message')) as [{ waits: number[][]; loopMaxMs: number }];
  console.log(
    `\nimport of 10,000 rows (${(body.length / 1e6).toFixed(1)} MB): ${res.status} in ${(took / 1000).toFixed(2)} s; during it:`,
  );
  console.log(`  ${loopLine(loop)}`);
  console.log(
    `  (the probes' own event loop held at most ${loopMaxMs.toFixed(1)} ms; the sender's, ` +
      `${(clientLoop.max / 1e6).toFixed(1)} ms)`,
  );
  probes.forEach(([label, route], index) => {
    const times = waits[index]!;
    console.log(
      `  ${label.padEnd(30)} ${String(times.length).padStart(5)} calls, p50 ${percentile(times, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(times, 99).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (goal: max ≤ 50 ms)` +
        serverLine(loop.requests[route]),
    );
  });
}

/**
 * Seeding runs in a process of its own. Run here, it left this process (the one that times every
 * request) with a heap whose collection later held its event loop for 4.3 s, in the middle of the
 * first reads: a "p99" of the bench's own, while the server answered in milliseconds.
 */
async function seedInChild(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, SCALE_DATA_DIR: dataDir, [SEED_ONLY]: '1' },
    stdio: 'inherit',
  });
  const forget = stopWithThisProcess(child);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`seeding exited with ${code}`);
  } finally {
    forget();
  }
}

/** Set in the seeding process's environment (seedInChild). */
const SEED_ONLY = 'SCALE_SEED_ONLY';

try {
  await (process.env[SEED_ONLY] === '1' ? seed(dataDir, sizes) : main());
} finally {
  if (keptDir === undefined) rmSync(dataDir, { recursive: true, force: true });
}
