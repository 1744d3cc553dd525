import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openSqlite } from '../src/db';
import type { NewShortlink } from '../src/db/shortlinks.repo';
import { createRepositories } from '../src/db';
import { stopLine } from '../src/process-guards';
import { ENGINES, openTestStorage } from './engines';
import { API_DIR, assertNoSurvivors, startServer } from './server-process';

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-guards-'));
});
afterAll(async () => {
  fs.rmSync(root, { recursive: true, force: true });
  await assertNoSurvivors();
});

/** Runs `body` as a process of its own with the guards installed, as the server installs them. */
function runGuarded(name: string, body: string) {
  const script = path.join(root, `${name}.mts`);
  const source = (file: string) => JSON.stringify(path.join(API_DIR, 'src', file));
  fs.writeFileSync(
    script,
    `import { createLogger } from ${source('logger.ts')};\n` +
      `import { guardProcess } from ${source('process-guards.ts')};\n` +
      `guardProcess(createLogger('error'));\n${body}\n`,
  );
  return spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: API_DIR, timeout: 30_000, encoding: 'utf8' });
}

describe('errors that no code caught', () => {
  it('logs a rejected promise that nothing handles, and keeps serving', () => {
    const run = runGuarded(
      'rejection',
      `void Promise.reject(new Error('a request went wrong'));
       setTimeout(() => { process.stdout.write('still serving\\n'); process.exit(0); }, 200);`,
    );
    expect(run.stdout).toBe('still serving\n');
    expect(run.stderr).toContain('ERROR A promise was rejected and nothing handled it; the server keeps serving');
    expect(run.stderr).toContain('Error: a request went wrong');
    expect(run.status).toBe(0);
  }, 30_000);

  it('stops on an uncaught exception with exit code 1 and one line saying why and where', () => {
    const run = runGuarded(
      'exception',
      `setTimeout(() => { throw new TypeError('the state is broken'); }, 10);
       setTimeout(() => process.exit(0), 5_000);`,
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^Toolvault stopped: an uncaught exception \(TypeError: the state is broken\) at .*exception\.mts:\d+:\d+\)?\n$/,
    );
  }, 30_000);

  it.each<[unknown, string]>([
    [new RangeError('too far'), 'Toolvault stopped: an uncaught exception (RangeError: too far) at '],
    ['a thrown text', 'Toolvault stopped: an uncaught exception (a thrown text)'],
    [new Error('two\nlines'), 'Toolvault stopped: an uncaught exception (Error: two lines) at '],
  ])('stopLine(%s) is one line', (error, start) => {
    const line = stopLine(error);
    expect(line.startsWith(start)).toBe(true);
    expect(line).not.toContain('\n');
  });
});

const rawLink = (shortCode: string, targetUrl: string): NewShortlink => ({
  shortCode,
  targetUrl,
  title: 'Raw',
  description: '',
  metaImage: '',
  tags: [],
  clickCount: 0,
  createdAt: '2025-03-15T12:00:00.000Z',
  redirectMode: 'direct',
});

/** Links stored raw, around the API's schema, as an older version or a hand edit leaves them. */
const RAW_LINKS = [
  rawLink('japan1', 'https://ja.wikipedia.org/wiki/日本'),
  rawLink('broken1', 'https://exa mple.com/'),
];

describe.each(ENGINES)('the real server on %s', (engine) => {
  it('answers stored raw targets (non-ASCII, unusable) and serves on', async () => {
    const folder = fs.mkdtempSync(path.join(root, `${engine}-`));
    let env: NodeJS.ProcessEnv = {};
    let close = async () => {};
    if (engine === 'postgres') {
      const test = await openTestStorage('postgres');
      for (const link of RAW_LINKS) await test.db.shortlinks.insert(link);
      env = { DATABASE_URL: test.url };
      close = test.close;
    } else {
      const storage = openSqlite(folder);
      await migrate(storage);
      for (const link of RAW_LINKS) await createRepositories(storage).shortlinks.insert(link);
      await storage.close();
    }
    const server = await startServer(folder, { env });
    try {
      const curl = { 'User-Agent': 'curl/8.5.0' };
      const japan = await fetch(`${server.base}/japan1`, { redirect: 'manual', headers: curl });
      expect(japan.status).toBe(302);
      expect(japan.headers.get('location')).toBe('https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC');
      const broken = await fetch(`${server.base}/broken1`, { redirect: 'manual', headers: curl });
      expect(broken.status).toBe(500);
      expect(((await broken.json()) as { code: string }).code).toBe('SHORTLINK_TARGET_UNUSABLE');
      expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
      // The operator learns which link is broken; nothing stopped.
      expect(server.output()).toContain('GET /broken1: SHORTLINK_TARGET_UNUSABLE');
      expect(server.output()).not.toContain('Toolvault stopped');
    } finally {
      server.kill('SIGTERM');
      await server.exited;
      await close();
    }
  }, 120_000);
});
