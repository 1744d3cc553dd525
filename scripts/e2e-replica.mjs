#!/usr/bin/env node
// The browser suite's second pass: the areas that keep data (shortlinks, blog, admin login, contact)
// once more against a server on PostgreSQL + Redis, the configuration of several replicas. It needs
// both servers; on a machine without them it says so in one line and succeeds, so `pnpm test`
// still passes there.
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import pg from 'pg';

const FILES = [
  'shortlinks-manager.e2e.ts',
  'shortlinks-import-export.e2e.ts',
  'shortlinks-guest.e2e.ts',
  'shortlinks-redirect.e2e.ts',
  'shortlinks-scale.e2e.ts',
  'blog-admin.e2e.ts',
  'blog-public.e2e.ts',
  'admin-login.e2e.ts',
  'contact.e2e.ts',
];
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function redisAnswers() {
  return new Promise((resolve) => {
    const socket = net.connect(Number(redisUrl.port || 6379), redisUrl.hostname);
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

if (!(await postgresAnswers()) || !(await redisAnswers())) {
  console.log('browser suite on PostgreSQL + Redis: skipped (no PostgreSQL or Redis answers on this machine)');
  process.exit(0);
}
console.log(`browser suite on PostgreSQL + Redis: ${FILES.join(', ')}`);
const run = spawnSync(
  'pnpm',
  ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...FILES.map((file) => `e2e/${file}`)],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_STORAGE: 'postgres',
      TEST_DATABASE_URL: databaseUrl,
      TEST_REDIS_URL: redisUrl.toString(),
    },
  },
);
process.exit(run.status ?? 1);
