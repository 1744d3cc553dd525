#!/usr/bin/env node
// `pnpm bench`: runs every bench/*.bench.{ts,mjs} file in turn. Benchmarks print
// figures; they never fail on a number (machines here are noisy).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'bench');
const only = process.argv.slice(2);
const files = existsSync(dir)
  ? readdirSync(dir)
      .filter((name) => /\.bench\.(ts|mjs)$/.test(name))
      .filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
      .sort()
  : [];

if (files.length === 0) {
  console.log('No benchmarks found in bench/.');
  process.exit(0);
}

const tsx = path.join(root, 'apps/api/node_modules/.bin/tsx');
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(tsx, [path.join(dir, file)], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
