#!/usr/bin/env node
// `pnpm start`: serves the existing build when it matches the sources, builds first only when it
// is missing or stale, then becomes the server: the compiled server is imported into this very
// process rather than run as a child, so no second Node process stays resident beside it (about
// 40 MB), signals reach the server's own handlers (graceful shutdown) and its exit code is ours.
// Process managers and containers can skip pnpm and this script: `node apps/api/dist/server.mjs`
// after `pnpm build` is the same server (docs/operations.md).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIsFresh } from './build-stamp.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const API_DIR = path.join(ROOT, 'apps/api');
const serverEnv = { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() };

if (!buildIsFresh()) {
  // The checks that would stop the server anyway (environment, busy port, data folder held by
  // another server) run before the build, so a bad setting costs one line instead of a build and a
  // stack trace. With a fresh build they are skipped here: the server makes the same checks as it
  // starts, and a second Node process would add about two seconds to every restart.
  const preflight = spawnSync(process.execPath, ['--import', 'tsx', 'src/preflight.ts'], {
    cwd: API_DIR,
    env: serverEnv,
    stdio: 'inherit',
  });
  if (preflight.status !== 0) process.exit(preflight.status ?? 1);
  console.log('The web build is missing or older than its sources: building it first (pnpm build).');
  const build = spawnSync('pnpm', ['build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The compiled server (apps/api/dist, made by `pnpm build`): plain JavaScript starts in a fraction of
// the time the TypeScript sources take through tsx. DATA_DIR stays relative to where the command
// was typed (INIT_CWD, which pnpm sets).
//
// Source maps are not turned on here: Node parses the map of every module as it loads, and the
// server's (1.3 MB) then stays in memory for the life of the process, about 22 MB of its RSS
// (`pnpm bench memory`). Stack traces point into apps/api/dist/server.mjs instead, whose lines
// are the sources' own, bundled; NODE_OPTIONS=--enable-source-maps maps them back when wanted.
process.env.INIT_CWD = serverEnv.INIT_CWD;
await import(pathToFileURL(path.join(API_DIR, 'dist/server.mjs')).href);
