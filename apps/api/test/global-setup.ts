import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server for the storage contract tests, or null when none answers. */
    postgresUrl: string | null;
    /** A Redis server for the counter-store tests (keys under a prefix of their own), or null. */
    redisUrl: string | null;
    /** `redis-server` on PATH: the outage tests start and stop a Redis of their own with it. */
    redisServer: string | null;
    /** Debian's nginx (scripts/ensure-nginx.mjs installs it): the replica tests put it in front. */
    nginx: string | null;
  }
}

/** The local servers every development machine and CI has; TEST_DATABASE_URL / TEST_REDIS_URL point elsewhere. */
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const NGINX = '/usr/sbin/nginx';

/**
 * Looks for PostgreSQL and Redis once for the whole API suite. Without them (a fresh machine), the
 * SQLite and in-memory half of every test still runs and one line says what was left out.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_URL;
  const redisUrl = process.env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL;
  const missing: string[] = [];

  const postgres = await postgresAnswers(url);
  if (postgres !== true) missing.push(`PostgreSQL at ${url.replace(/:[^:@/]*@/, ':***@')} (${postgres})`);
  const redis = await redisAnswers(redisUrl);
  if (redis !== true) missing.push(`Redis at ${redisUrl.replace(/:[^:@/]*@/, ':***@')} (${redis})`);
  const redisServer =
    spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0 ? 'redis-server' : null;
  if (!redisServer) missing.push('redis-server (not installed)');
  const nginx = fs.existsSync(NGINX) ? NGINX : null;
  if (!nginx) missing.push(`nginx (not at ${NGINX})`);

  if (missing.length > 0) {
    console.info(
      `Not reachable: ${missing.join('; ')}: the tests that need them were skipped; SQLite and in-memory ran in full.`,
    );
  }
  project.provide('postgresUrl', postgres === true ? url : null);
  project.provide('redisUrl', redis === true ? redisUrl : null);
  project.provide('redisServer', redisServer);
  project.provide('nginx', nginx);
}

async function postgresAnswers(url: string): Promise<true | string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A bare PING over TCP: no client library needed to ask whether anyone is there. */
function redisAnswers(url: string): Promise<true | string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (answer: true | string) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2_000, () => done('no answer within 2 s'));
    socket.once('error', (error) => done(error.message));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG') ? true : data.toString().trim()));
  });
}
