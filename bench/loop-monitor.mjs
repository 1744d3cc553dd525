/**
 * Loaded into the benchmarked server (`node --import ./bench/loop-monitor.mjs`): how long its event
 * loop was held, the figure behind "no request may hold the event loop for more than 50 ms", which
 * a client's timings mix with network and queueing. And how long the server took over each request,
 * from its parsed head to the end of its answer, by URL: a client's figure for the same request
 * adds its own process's delays and the time the request waited to be read. On SIGUSR2 it writes
 * the longest and the p99 delay and the requests' figures since the previous SIGUSR2 to
 * LOOP_MONITOR_FILE as JSON, then starts over. With them, the longest garbage collection pause and
 * its kind, so that a long stall can be told apart: the collector's, or one no pause matches (the
 * server's own work, or the whole process held up).
 */
import diagnostics from 'node:diagnostics_channel';
import { rename, writeFile } from 'node:fs/promises';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.LOOP_MONITOR_FILE;
if (file) {
  // A 1 ms timer: a delay is how much later than that it fired, so the longest delay is within a
  // millisecond of the longest stretch the loop was busy.
  const delays = monitorEventLoopDelay({ resolution: 1 });
  delays.enable();
  const started = new WeakMap();
  /** URL → how long each request for it took, in ms. */
  let took = new Map();
  // The URL as it came: Express rewrites request.url inside the routers it mounts.
  diagnostics.subscribe('http.server.request.start', ({ request }) =>
    started.set(request, { start: performance.now(), url: request.url }),
  );
  diagnostics.subscribe('http.server.response.finish', ({ request }) => {
    const { start, url } = started.get(request) ?? {};
    if (start === undefined) return;
    const times = took.get(url) ?? [];
    times.push(performance.now() - start);
    took.set(url, times);
  });
  const figures = (times) => {
    const sorted = [...times].sort((a, b) => a - b);
    const at = (percent) => sorted[Math.max(0, Math.ceil((sorted.length * percent) / 100) - 1)];
    return { count: sorted.length, p50Ms: at(50), p99Ms: at(99), maxMs: sorted.at(-1) };
  };
  /** The longest GC pause since the last SIGUSR2, and its kind (node:perf_hooks' NODE_PERFORMANCE_GC_* flags). */
  let gc = { ms: 0, kind: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration > gc.ms) gc = { ms: entry.duration, kind: entry.detail?.kind ?? 0 };
    }
  }).observe({ entryTypes: ['gc'] });
  let generation = 0;
  process.on('SIGUSR2', () => {
    generation += 1;
    const report = JSON.stringify({
      generation,
      maxMs: delays.max / 1e6,
      p99Ms: delays.percentile(99) / 1e6,
      count: delays.count,
      gcMaxMs: gc.ms,
      gcKind: gc.kind,
      requests: Object.fromEntries([...took].map(([url, times]) => [url, figures(times)])),
    });
    delays.reset();
    took = new Map();
    gc = { ms: 0, kind: 0 };
    // Written on libuv's thread pool, not on the event loop: with another process writing to the
    // same disk, this file's rename took 200–260 ms, which the next window then counted as the
    // server's own stall. Written aside and renamed, so the bench never reads a half-written file.
    void writeFile(`${file}.tmp`, report).then(() => rename(`${file}.tmp`, file));
  });
}
