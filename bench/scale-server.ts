/**
 * The scale bench's server: the production server on the seeded data folder, started as an operator
 * runs it but with the loop monitor preloaded (bench/loop-monitor.mjs), so that every part can ask
 * how long the server's event loop was held meanwhile; and the lines that print those figures. Apart
 * from scale.bench.ts because the reads, the import and the redirect loads (scale-redirects.ts) all
 * use it.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { constants as perfConstants } from 'node:perf_hooks';
import { freePort, stopWithThisProcess } from './support';

const PASSWORD = 'bench-password-for-scale';
/** Preloaded into the server: reports how long its event loop was held (see the file). */
const LOOP_MONITOR = path.resolve(import.meta.dirname, 'loop-monitor.mjs');

export interface Server {
  base: string;
  pid: number;
  stop: () => void;
  /** The server's event-loop delays (longest, p99) since the previous call. */
  loop: () => Promise<LoopFigures>;
}

export interface LoopFigures {
  maxMs: number;
  p99Ms: number;
  /** The longest garbage collection pause meanwhile, and its kind (one of perf_hooks' NODE_PERFORMANCE_GC_* flags). */
  gcMaxMs: number;
  gcKind: number;
  /** By URL: how long the server itself took over those requests (bench/loop-monitor.mjs). */
  requests: Record<string, { count: number; p50Ms: number; p99Ms: number; maxMs: number }>;
}

/**
 * The production server as an operator runs it, on a free port, on the seeded data folder `dataDir`,
 * with `nodeArgs` (SCALE_NODE_ARGS) before its own flags.
 */
export async function startServer(dataDir: string, nodeArgs: readonly string[]): Promise<Server> {
  const port = await freePort();
  const loopFile = path.join(os.tmpdir(), `toolvault-scale-loop-${port}.json`);
  // node itself (with tsx's loader), so the pid measured is the server's own.
  const child = spawn(process.execPath, [...nodeArgs, '--import', LOOP_MONITOR, '--import', 'tsx', 'src/server.ts'], {
    cwd: path.resolve(import.meta.dirname, '../apps/api'),
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // Every simulated visitor and the admin's probes connect from 127.0.0.1: the per-address
      // cap stands for one real client and would refuse the bench's own load.
      MAX_CONNECTIONS_PER_IP: '0',
      LOOP_MONITOR_FILE: loopFile,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const forget = stopWithThisProcess(child);
  const base = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => void (exited = true));
  // Start-up (tsx compiling the server) takes a while on a busy machine: up to two minutes.
  for (let attempt = 0; attempt < 1200 && !exited; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (exited) throw new Error('the server exited during start-up');
  let generation = 0;
  const loop = async (): Promise<LoopFigures> => {
    generation += 1;
    child.kill('SIGUSR2');
    for (;;) {
      const figures = existsSync(loopFile)
        ? (JSON.parse(readFileSync(loopFile, 'utf8')) as LoopFigures & { generation: number })
        : undefined;
      if (figures && figures.generation >= generation) return figures;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return {
    base,
    pid: child.pid!,
    loop,
    stop: () => {
      forget();
      child.kill('SIGTERM');
      rmSync(loopFile, { force: true });
    },
  };
}

export async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}

/**
 * The id of the link with the most clicks: its analytics read the most aggregate rows of any link
 * (the worst case of one link's page).
 */
export async function mostClickedLink(base: string, auth: Record<string, string>): Promise<number> {
  const page = (await (await fetch(`${base}/api/shortlinks?limit=1&sort=clicks`, { headers: auth })).json()) as {
    items: { id: number }[];
  };
  return page.items[0]!.id;
}

/** The server's own time for one URL's requests, to print beside the client's; nothing if it saw none. */
export function serverLine(own: LoopFigures['requests'][string] | undefined): string {
  return own
    ? `; in the server: p50 ${own.p50Ms.toFixed(1)} ms, p99 ${own.p99Ms.toFixed(1)} ms, max ${own.maxMs.toFixed(1)} ms`
    : '';
}

const GC_KINDS: Record<number, string> = {
  [perfConstants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [perfConstants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [perfConstants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [perfConstants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

export function loopLine({ maxMs, p99Ms, gcMaxMs, gcKind }: LoopFigures): string {
  return (
    `server event loop held at most ${maxMs.toFixed(1)} ms (p99 of delays ${p99Ms.toFixed(1)} ms; goal: ≤ 50 ms; ` +
    `longest GC pause ${gcMaxMs.toFixed(1)} ms${gcMaxMs > 0 ? `, ${GC_KINDS[gcKind] ?? `kind ${gcKind}`}` : ''})`
  );
}
