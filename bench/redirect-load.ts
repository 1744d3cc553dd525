/**
 * The redirect bench's load and what it measures: the two requests that count a click, autocannon's
 * runs on them (a timed warm-up, then a fixed number of requests, bounded in time), and one server's
 * measurement: its rate and latency, its answers against the stored click count, and its CPU per
 * answer. Apart from redirect.bench.ts because the measurement is the same whichever server is
 * under it; that file starts the servers (each child process runs it to serve) and prints.
 */
import autocannon from 'autocannon';
import { cpuSplit, type CpuSplit, threadCpuMs } from './redirect-cpu';
import { BROWSER_USER_AGENT } from './support';

export const CODE = 'bench1';
/** A link in "Redirect at once" mode: a page request for it is answered 302 to its target. */
export const DIRECT_CODE = 'bench2';
export const CONNECTIONS = 50;
/** Each measured run aims at this many seconds (at the warm-up's rate) and is stopped at the bound. */
export const TARGET_SECONDS = 6;
export const BOUND_SECONDS = 10;
const WARMUP_SECONDS = 2;
/** The two requests that count a click: the redirect page's JSON one, and a person's browser on a direct link. */
export const REQUESTS = {
  json: { code: CODE, headers: { accept: 'application/json', 'user-agent': BROWSER_USER_AGENT }, ok: '2xx' },
  direct: { code: DIRECT_CODE, headers: { accept: 'text/html', 'user-agent': BROWSER_USER_AGENT }, ok: '3xx' },
} as const;
type RequestKind = keyof typeof REQUESTS;

/** The SQLite app, the bare reference, the app on PostgreSQL, and one of two replicas on PostgreSQL + Redis. */
export type Kind = 'app' | 'bare' | 'pg' | 'replica';

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

export interface Measurement {
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
export interface Target {
  port: number;
  /** The server's process, whose threads' CPU time is read; absent for the cluster (nginx and two of them). */
  pid?: number;
  stop(): Promise<void>;
}

export async function measure(
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
