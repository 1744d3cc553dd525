import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MEBIBYTE, type BlogPost, type Shortlink } from '@toolvault/shared';
import { DB_FILE_NAME } from '../src/db/database';
import { ADMIN_PASSWORD, JWT_SECRET } from './helpers';

/**
 * The real server (`node --import tsx src/server.ts`) as a child process on a temporary
 * data folder: what survives SIGKILL, and what SIGTERM does to a request in flight.
 */
const API_DIR = path.resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 60_000;

interface Running {
  child: ChildProcess;
  base: string;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcess[] = [];
let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-durability-'));
});
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function start(folder: string, port?: number): Promise<Running> {
  const listenOn = port ?? (await freePort());
  // node itself with tsx's loader, not the tsx wrapper: a SIGKILL must reach the server, and leave no child behind.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(listenOn),
      DATA_DIR: folder,
      INIT_CWD: API_DIR,
      ADMIN_PASSWORD,
      JWT_SECRET,
      TRUST_PROXY: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let log = '';
  child.stdout?.on('data', (part: Buffer) => (log += part.toString()));
  child.stderr?.on('data', (part: Buffer) => (log += part.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${listenOn}`;
  const running = { child, base, port: listenOn, output: () => log, exited };
  await waitForHealth(running);
  return running;
}

/** Polls /api/health until the server answers (or fails the test with its output). */
async function waitForHealth({ child, base, output }: Running): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not answer /api/health in time:\n${output()}`);
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const json = (token: string) => ({ 'Content-Type': 'application/json', Authorization: `Bearer ${token}` });
const READER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
/** Bots never count a view, so this reads a post without changing it. */
const BOT_UA = 'Googlebot/2.1 (+http://www.google.com/bot.html)';

describe('durability: SIGKILL right after the writes', () => {
  it('a shortlink, its click and a post with its view survive a kill -9 and a restart', async () => {
    const first = await start(dataDir);
    const token = await login(first.base);

    const link = await fetch(`${first.base}/api/shortlinks`, {
      method: 'POST',
      headers: json(token),
      body: JSON.stringify({ title: 'Durable', targetUrl: 'https://example.com/durable', shortCode: 'durable1' }),
    });
    expect(link.status).toBe(201);
    const created = (await link.json()) as Shortlink;

    const post = await fetch(`${first.base}/api/blog`, {
      method: 'POST',
      headers: json(token),
      body: JSON.stringify({
        title: 'Durable post',
        slug: 'durable-post',
        content: '<p>Still here</p>',
        published: true,
      }),
    });
    expect(post.status).toBe(201);

    // A browser's user agent: bots (and Node's own fetch) are never counted.
    const click = await fetch(`${first.base}/${created.shortCode}`, {
      headers: { Accept: 'application/json', 'User-Agent': READER_UA },
    });
    expect(click.status).toBe(200);
    const read = await fetch(`${first.base}/api/blog/durable-post`, { headers: { 'User-Agent': READER_UA } });
    expect(read.status).toBe(200);
    const viewsBefore = ((await read.json()) as BlogPost).view_count;
    expect(viewsBefore).toBe(1);

    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    const second = await start(dataDir);
    const again = await login(second.base);
    const links = (await (
      await fetch(`${second.base}/api/shortlinks`, { headers: { Authorization: `Bearer ${again}` } })
    ).json()) as Shortlink[];
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({
      shortCode: 'durable1',
      title: 'Durable',
      targetUrl: 'https://example.com/durable',
      clickCount: 1,
    });

    const after = await fetch(`${second.base}/api/blog/durable-post`, { headers: { 'User-Agent': BOT_UA } });
    expect(after.status).toBe(200);
    expect((await after.json()) as BlogPost).toMatchObject({
      title: 'Durable post',
      slug: 'durable-post',
      view_count: viewsBefore,
    });
    second.child.kill('SIGKILL');
    await second.exited;
  }, 120_000);
});

/** Opens a GET and answers the response paused, so the test decides how fast it is read. */
function openDownload(port: number, size: number): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: `/api/speedtest/download?size=${size}` }, (res) => {
      res.pause();
      resolve(res);
    });
    req.on('error', reject);
  });
}

function readAll(res: http.IncomingMessage): Promise<number> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    res.on('data', (chunk: Buffer) => (bytes += chunk.length));
    res.on('end', () => resolve(bytes));
    res.on('error', reject);
    res.on('aborted', () => reject(new Error(`download aborted after ${bytes} bytes`)));
    res.resume();
  });
}

/** Resolves with the connection error code (ECONNREFUSED, …), or 'connected'. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      res.resume();
      resolve('connected');
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('graceful shutdown on SIGTERM', () => {
  it('refuses new connections, finishes the request in flight, closes the database and exits 0', async () => {
    const folder = fs.mkdtempSync(path.join(dataDir, 'graceful-'));
    const server = await start(folder);
    const token = await login(server.base);
    // A write, so the WAL has content that a clean close must checkpoint.
    const link = await fetch(`${server.base}/api/shortlinks`, {
      method: 'POST',
      headers: json(token),
      body: JSON.stringify({ title: 'Before stop', targetUrl: 'https://example.com/stop', shortCode: 'stop1' }),
    });
    expect(link.status).toBe(201);

    const size = 50;
    const download = await openDownload(server.port, size);
    expect(download.statusCode).toBe(200);

    server.child.kill('SIGTERM');
    // The listening socket closes at once; poll until a new connection is refused.
    // A connection accepted just before the socket closed may still be reset instead.
    const deadline = Date.now() + 10_000;
    let attempt = await tryConnect(server.port);
    while (attempt !== 'ECONNREFUSED' && Date.now() < deadline) attempt = await tryConnect(server.port);
    expect(attempt).toBe('ECONNREFUSED');
    expect(server.child.exitCode).toBeNull();

    expect(await readAll(download)).toBe(size * MEBIBYTE);
    const exit = await server.exited;
    expect(exit, server.output()).toEqual({ code: 0, signal: null });

    // db.close() checkpointed the WAL and removed it; the file is whole and holds the write.
    const wal = path.join(folder, `${DB_FILE_NAME}-wal`);
    expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);
    const db = new Database(path.join(folder, DB_FILE_NAME), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare('SELECT COUNT(*) AS n FROM shortlinks').get()).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  }, 120_000);
});
