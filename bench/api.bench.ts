/**
 * API throughput on loopback: GET /api/health and, when the web app is built,
 * the SPA's index.html. Prints figures only.
 */
import { performance } from 'node:perf_hooks';
import { hasBuild, startApp } from './support';

const REQUESTS = 3000;
const CONCURRENCY = 16;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function measure(url: string): Promise<void> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t0 = performance.now();
        const response = await fetch(url);
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${new URL(url).pathname.padEnd(14)} ${String(Math.round(REQUESTS / seconds)).padStart(6)} req/s   p50 ${percentile(latencies, 50).toFixed(2)} ms   p95 ${percentile(latencies, 95).toFixed(2)} ms   p99 ${percentile(latencies, 99).toFixed(2)} ms`,
  );
}

const { baseURL, close } = await startApp();
console.log(`${REQUESTS} requests, ${CONCURRENCY} in flight, loopback`);
await measure(`${baseURL}/api/health`);
if (hasBuild()) await measure(`${baseURL}/about`);
else console.log('/about          skipped (run pnpm build first)');
close();
