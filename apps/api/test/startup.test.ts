import fs from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE_NAME } from '../src/db/database';
import { LOCK_FILE_NAME, lockDataFolder, permissionWarning } from '../src/db/data-folder';
import { assertNoSurvivors, serverEnv, spawnServer, startServer } from './server-process';
import { freePort } from './servers';

/**
 * The lines the operator sees, without the notice that this worktree may have no built site
 * (the tests do not need one).
 */
const lines = (text: string) =>
  text.split('\n').filter((line) => line.trim() !== '' && !line.includes('apps/web/dist not found'));

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-startup-'));
});
afterAll(async () => {
  fs.rmSync(root, { recursive: true, force: true });
  await assertNoSurvivors();
});

const folder = (name: string) => path.join(root, name);
const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('one server per SQLite data folder', () => {
  it('a second server on the same folder exits 1 with one line; after the first stops, it starts', async () => {
    const dir = folder('shared');
    const first = await startServer(dir);

    const second = spawnServer(serverEnv(dir, await freePort()));
    expect((await second.exited).code).toBe(1);
    expect(lines(second.output())).toEqual([
      `Another Toolvault server is using ${dir}; stop it first, or set DATA_DIR to another folder.`,
    ]);

    // SIGKILL leaves no stale lock: the operating system drops it with the process.
    first.kill('SIGKILL');
    await first.exited;
    const third = await startServer(dir);
    third.kill('SIGTERM');
    expect((await third.exited).code).toBe(0);
  }, 120_000);

  it('the lock is exclusive within one process too, and free again once released', () => {
    const dir = folder('in-process');
    const lock = lockDataFolder(dir);
    expect(lock).not.toBeNull();
    expect(lockDataFolder(dir)).toBeNull();
    lock!.release();
    const again = lockDataFolder(dir);
    expect(again).not.toBeNull();
    again!.release();
  });
});

describe('a busy port', () => {
  let blocker: Server;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, resolve));
  });
  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it('stops the server with one line and exit 1, no stack', async () => {
    const server = spawnServer(serverEnv(folder('busy-port'), port));
    expect((await server.exited).code).toBe(1);
    expect(lines(server.output())).toEqual([`Port ${port} is already in use; set PORT to another.`]);
  }, 60_000);

  it('stops the preflight (run by pnpm start before the build) the same way', async () => {
    const check = spawnServer(serverEnv(folder('busy-port-preflight'), port), 'src/preflight.ts');
    expect((await check.exited).code).toBe(1);
    expect(lines(check.output())).toEqual([`Port ${port} is already in use; set PORT to another.`]);
  }, 60_000);
});

describe('the preflight', () => {
  it('refuses an ADMIN_PASSWORD under 12 characters, naming the rule', async () => {
    const check = spawnServer(
      serverEnv(folder('short-password'), await freePort(), { ADMIN_PASSWORD: 'x' }),
      'src/preflight.ts',
    );
    expect((await check.exited).code).toBe(1);
    expect(lines(check.output())).toEqual([
      'Invalid environment configuration:',
      '  - ADMIN_PASSWORD: ADMIN_PASSWORD must be at least 12 characters',
    ]);
  }, 60_000);

  it('refuses a data folder another server holds', async () => {
    const dir = folder('held');
    const lock = lockDataFolder(dir)!;
    try {
      const check = spawnServer(serverEnv(dir, await freePort()), 'src/preflight.ts');
      expect((await check.exited).code).toBe(1);
      expect(lines(check.output())).toEqual([
        `Another Toolvault server is using ${dir}; stop it first, or set DATA_DIR to another folder.`,
      ]);
    } finally {
      lock.release();
    }
  }, 60_000);

  it('passes silently when all is well', async () => {
    const check = spawnServer(serverEnv(folder('fine'), await freePort()), 'src/preflight.ts');
    expect((await check.exited).code).toBe(0);
    expect(check.output()).toBe('');
  }, 60_000);
});

describe('the data folder is private', () => {
  it('is created 0700 with 0600 files, and the start says when PUBLIC_URL is unset', async () => {
    const dir = folder('fresh');
    const server = await startServer(dir, { env: { LOG_LEVEL: 'info' } });
    // A write, so that the WAL file exists.
    await fetch(`${server.base}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello, Toolvault!' }),
    });
    expect(mode(dir)).toBe(0o700);
    for (const name of [DB_FILE_NAME, `${DB_FILE_NAME}-wal`, `${DB_FILE_NAME}-shm`, LOCK_FILE_NAME])
      expect(mode(path.join(dir, name)), name).toBe(0o600);
    expect(server.output()).toContain(
      `PUBLIC_URL is not set: links in feeds and pages use http://localhost:${server.port}`,
    );
    expect(server.output()).not.toContain('can be read by other users');
    server.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  }, 60_000);

  it('warns at start when an existing database can be read by others', async () => {
    const dir = folder('exposed');
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.writeFileSync(path.join(dir, DB_FILE_NAME), '', { mode: 0o644 });
    fs.chmodSync(path.join(dir, DB_FILE_NAME), 0o644);
    expect(permissionWarning(dir)).toContain('can be read by other users');

    const server = await startServer(dir);
    expect(server.output()).toContain(`${path.join(dir, DB_FILE_NAME)} and ${dir} can be read by other users`);
    server.kill('SIGTERM');
    await server.exited;

    fs.chmodSync(dir, 0o700);
    fs.chmodSync(path.join(dir, DB_FILE_NAME), 0o600);
    expect(permissionWarning(dir)).toBeUndefined();
  }, 60_000);
});
