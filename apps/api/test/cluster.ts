import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { nginxArgs, renderNginx } from '../../../deploy/render-nginx.mjs';
import { freePort, waitFor } from './servers';

/**
 * Real servers for the replica tests: `node src/server.ts` processes (node itself, in a process
 * group of their own, so a SIGKILL leaves no child behind), nginx in front, and a PostgreSQL
 * schema of their own.
 */
export const postgresUrl = inject('postgresUrl');
export const nginxPath = inject('nginx');

const API_DIR = path.resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 60_000;

const started = new Set<ChildProcess>();

/** Ends every process group a test started (afterAll), whatever state the test left. */
export function killAll(): void {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  started.clear();
}

function spawnGroup(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  let log = '';
  child.stdout?.on('data', (part: Buffer) => (log += part.toString()));
  child.stderr?.on('data', (part: Buffer) => (log += part.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, output: () => log, exited };
}

export interface Replica {
  name: string;
  base: string;
  port: number;
  /** The server's process id (node itself, see spawnGroup). */
  pid: number;
  output(): string;
  /** Waits until /api/health answers 200. */
  ready(): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startReplica(name: string, env: Record<string, string>): Promise<Replica> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `toolvault-${name}-`));
  const { child, output, exited } = spawnGroup(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      INIT_CWD: API_DIR,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: '',
      JWT_SECRET: '',
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    name,
    base,
    port,
    pid: child.pid!,
    output,
    async ready() {
      await waitFor(
        async () => {
          if (child.exitCode !== null) throw new Error(`${name} exited early:\n${output()}`);
          return (await fetch(`${base}/api/health`)).status === 200;
        },
        START_TIMEOUT_MS,
        `${name} to answer /api/health:\n${output()}`,
      );
    },
    async kill(signal = 'SIGKILL') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(-child.pid!, signal);
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh, empty PostgreSQL schema as a database URL of its own; `drop` removes it. */
export async function emptyPostgres(): Promise<{ url: string; query: pg.Client['query']; drop(): Promise<void> }> {
  if (!postgresUrl) throw new Error('PostgreSQL is not available');
  const schema = `r_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.query(`SET search_path = ${schema}`);
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    query: client.query.bind(client) as pg.Client['query'],
    async drop() {
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

/** nginx on a random port with deploy/nginx.conf in front of two replicas. */
export async function startNginx(replicas: Replica[]): Promise<{ base: string; stop(): Promise<void> }> {
  if (!nginxPath) throw new Error('nginx is not installed');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-nginx-'));
  const config = renderNginx({ dir, port, replicas: replicas.map((replica) => `127.0.0.1:${replica.port}`) });
  const { child, output, exited } = spawnGroup(nginxPath, nginxArgs(dir, config), { cwd: dir, env: process.env });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${output()}`);
      return (await fetch(`${base}/api/health`)).status === 200;
    },
    15_000,
    `nginx on ${port}: ${output()}`,
  );
  return {
    base,
    async stop() {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
