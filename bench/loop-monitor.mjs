/**
 * Loaded into the benchmarked server (`node --import ./bench/loop-monitor.mjs`): how long its event
 * loop was held, the figure behind "no request may hold the event loop for more than 50 ms", which
 * a client's timings mix with network and queueing. On SIGUSR2 it writes the longest and the p99
 * delay since the previous SIGUSR2 to LOOP_MONITOR_FILE as JSON, then starts over.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_MONITOR_FILE;
if (file) {
  // A 1 ms timer: a delay is how much later than that it fired, so the longest delay is within a
  // millisecond of the longest stretch the loop was busy.
  const delays = monitorEventLoopDelay({ resolution: 1 });
  delays.enable();
  let generation = 0;
  process.on('SIGUSR2', () => {
    generation += 1;
    // Written aside and renamed, so the bench never reads a half-written file.
    writeFileSync(
      `${file}.tmp`,
      JSON.stringify({ generation, maxMs: delays.max / 1e6, p99Ms: delays.percentile(99) / 1e6, count: delays.count }),
    );
    renameSync(`${file}.tmp`, file);
    delays.reset();
  });
}
