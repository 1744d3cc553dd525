import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolvault-scale-seed-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * `pnpm bench scale` runs only when named, so nothing else notices when a migration changes what its
 * seed writes directly (it went unnoticed for a while after an index was renamed). The seed, and
 * its own check of the aggregates against the migrations, at a small size.
 */
describe('the scale bench seed', () => {
  it('seeds a small database on the current migrations and checks its aggregates', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/scale.bench.ts')], {
      cwd: path.join(root, 'apps/api'),
      env: {
        ...process.env,
        SCALE_SEED_ONLY: '1',
        SCALE_DATA_DIR: dataDir,
        SCALE_LINKS: '2000',
        SCALE_CLICKS: '20000',
        SCALE_DAYS: '30',
        SCALE_POSTS: '5',
      },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/aggregates check: OK \(20,000 clicks in every sum/);
  }, 150_000);
});
