import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from './free-port';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `pnpm start` (scripts/start.mjs) on the build this suite runs against: it becomes the server itself
 * instead of keeping a second Node process resident beside it (about 40 MB of idle memory).
 * Run through node directly, as pnpm would, so the pid is the script's own.
 */
const repoRoot = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'toolvault-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Pids whose parent is `pid`, read from /proc (the machine is Linux, like CI). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // The command name is in parentheses and may hold spaces: the fields after it are fixed.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

describe('pnpm start', () => {
  it('serves from one process with a fresh build, and SIGTERM stops it cleanly with exit code 0', async () => {
    const port = await freePort();
    const started = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        INIT_CWD: repoRoot,
        ADMIN_PASSWORD: `start-${randomBytes(8).toString('hex')}`,
        JWT_SECRET: randomBytes(32).toString('hex'),
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    started.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    started.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));

    try {
      await expect
        .poll(() => log, { timeout: 30_000, interval: 100 })
        .toContain(`Toolvault listening on http://localhost:${port}`);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      // The build is fresh (this suite built it), so nothing was spawned: the script is the server.
      expect(log).not.toContain('building it first');
      expect(childrenOf(started.pid!)).toEqual([]);
    } finally {
      started.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
