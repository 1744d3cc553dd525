#!/usr/bin/env node
// `pnpm start`: serves the existing build when it matches the sources, builds first only when it
// is missing or stale, then runs the server as a direct child and passes signals on, so SIGTERM
// reaches the server (graceful shutdown) and its exit code is ours.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsFresh } from './build-stamp.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (!buildIsFresh()) {
  console.log('The web build is missing or older than its sources: building it first (pnpm build).');
  const build = spawnSync('pnpm', ['build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: path.join(ROOT, 'apps/api'),
  // DATA_DIR is relative to where the command was typed, which pnpm passes as INIT_CWD.
  env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
  stdio: 'inherit',
});
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
