/**
 * API throughput on loopback: GET /api/health and, when the web app is built,
 * the SPA's index.html. Prints figures only.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../apps/api/src/app';
import { createRepositories, migrate, openMemoryDatabase } from '../apps/api/src/db';
import { loadEnv } from '../apps/api/src/env';
import { silentLogger } from '../apps/api/src/logger';
import { hashPassword } from '../apps/api/src/services/password-hash';

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

const database = openMemoryDatabase();
migrate(database);
const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');
const app = createApp({
  config: { ...loadEnv({ NODE_ENV: 'production' }), jwtSecret: 'bench-secret-bench-secret-bench-secret!!' },
  db: createRepositories(database),
  logger: silentLogger,
  credentials: { passwordHash: hashPassword('bench'), jwtSecret: 'bench-secret-bench-secret-bench-secret!!' },
  ...(existsSync(path.join(webDist, 'index.html')) ? { webDist } : {}),
});
const server = app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const { port } = server.address() as AddressInfo;
console.log(`${REQUESTS} requests, ${CONCURRENCY} in flight, loopback`);
await measure(`http://127.0.0.1:${port}/api/health`);
if (existsSync(path.join(webDist, 'index.html'))) await measure(`http://127.0.0.1:${port}/about`);
else console.log('/about          skipped (run pnpm build first)');
server.close();
database.close();
