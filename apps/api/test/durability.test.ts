import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEBIBYTE, type BlogPost, type Shortlink, type ShortlinkPage } from '@toolvault/shared';
import { DB_FILE_NAME } from '../src/db/database';
import { ADMIN_PASSWORD } from './helpers';
import { assertNoSurvivors, startServer, tryConnect } from './server-process';

/**
 * The real server as a child process (test/server-process.ts) on a temporary
 * data folder: what survives SIGKILL, and what SIGTERM does to a request in flight.
 */
let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-durability-'));
});
afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await assertNoSurvivors();
});

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
    const first = await startServer(dataDir);
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

    first.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    // The server itself is gone, not just a wrapper around it: nothing answers on its port.
    expect(await tryConnect(first.port)).toBe('ECONNREFUSED');

    // Same folder, same port: a first server still running would hold both.
    const second = await startServer(dataDir, { port: first.port });
    const again = await login(second.base);
    const links = (
      (await (
        await fetch(`${second.base}/api/shortlinks`, { headers: { Authorization: `Bearer ${again}` } })
      ).json()) as ShortlinkPage
    ).items;
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
    second.kill('SIGKILL');
    await second.exited;
    expect(await tryConnect(second.port)).toBe('ECONNREFUSED');
  }, 120_000);
});

describe('durability: SIGKILL in the middle of an import', () => {
  it('leaves none of its links after the restart, their codes free, the totals as they were', async () => {
    const folder = path.join(dataDir, 'import-crash');
    const first = await startServer(folder);
    const token = await login(first.base);
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      shortCode: `crash${i}`,
      title: `Crash ${i}`,
      targetUrl: `https://crash.example/${i}`,
    }));
    const body = JSON.stringify(rows);
    // Its connection dies with the server: the failed request is the expected outcome.
    const importing = fetch(`${first.base}/api/shortlinks/import`, {
      method: 'POST',
      headers: json(token),
      body,
    }).catch(() => undefined);
    // Killed as soon as some of its rows are written (pending), long before all 100 chunks are.
    const file = new Database(path.join(folder, DB_FILE_NAME), { readonly: true });
    const pending = file.prepare('SELECT count(*) FROM shortlinks WHERE import_pending IS NOT NULL').pluck();
    while ((pending.get() as number) === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    first.kill('SIGKILL');
    await first.exited;
    await importing;
    expect(pending.get() as number).toBeGreaterThan(0);
    file.close();

    const second = await startServer(folder, { port: first.port });
    const again = await login(second.base);
    const auth = { Authorization: `Bearer ${again}` };
    const page = (await (await fetch(`${second.base}/api/shortlinks`, { headers: auth })).json()) as ShortlinkPage;
    expect(page.total).toBe(0);
    expect(page.items).toEqual([]);
    const check = new Database(path.join(folder, DB_FILE_NAME), { readonly: true });
    expect(check.prepare('SELECT count(*) FROM shortlinks').pluck().get()).toBe(0);
    expect(check.prepare("SELECT count(*) FROM settings WHERE key LIKE 'shortlink_i%'").pluck().get()).toBe(0);
    check.close();
    // The same import again: every code is free.
    const retry = await fetch(`${second.base}/api/shortlinks/import`, { method: 'POST', headers: json(again), body });
    expect(retry.status).toBe(201);
    second.kill('SIGKILL');
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

describe('graceful shutdown on SIGTERM', () => {
  it('refuses new connections, finishes the request in flight, closes the database and exits 0', async () => {
    const folder = fs.mkdtempSync(path.join(dataDir, 'graceful-'));
    const server = await startServer(folder);
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

    server.kill('SIGTERM');
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
