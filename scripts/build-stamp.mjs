#!/usr/bin/env node
// Knows whether the build (apps/web/dist and the compiled server in apps/api/dist) was made from
// the sources as they are now. The stamp is a SHA-256 of every input of the build (the web app, the
// API, the shared package, the lockfile, the base tsconfig, and the VITE_* settings the web build
// bakes in), written into apps/web/dist by `pnpm build`; `pnpm start` and `pnpm test:e2e`
// (`build-stamp.mjs ensure`) rebuild only when it differs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (root) => path.join(root, 'apps/web/dist');
const stampFile = (root) => path.join(dist(root), '.build-stamp');
const apiBundle = (root) => path.join(root, 'apps/api/dist/server.mjs');

/** Folders whose files feed the build, and names inside them that never do. */
const INPUT_DIRS = ['apps/web', 'apps/api', 'packages/shared'];
const SKIP = new Set(['node_modules', 'dist', 'test', '.vite', 'vendor', 'coverage', 'data']);
const INPUT_FILES = ['pnpm-lock.yaml', 'tsconfig.base.json'];

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** The build-time settings of the web app (VITE_SOURCE_CODE_URL, …): a build made with others is another build. */
function viteSettings(env) {
  return Object.keys(env)
    .filter((name) => name.startsWith('VITE_'))
    .sort()
    .map((name) => `${name}=${env[name]}`);
}

/** The hash of the build's inputs as they are on disk now, with the environment's VITE_* settings. */
export function sourceStamp(root = ROOT, env = process.env) {
  const hash = createHash('sha256');
  for (const setting of viteSettings(env)) hash.update(setting).update('\0');
  const inputs = [
    ...INPUT_DIRS.flatMap((dir) => (fs.existsSync(path.join(root, dir)) ? [...files(path.join(root, dir))] : [])),
    ...INPUT_FILES.map((file) => path.join(root, file)),
  ];
  for (const file of inputs) {
    if (!fs.existsSync(file)) continue;
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** True when dist exists and was built from exactly the current sources. */
export function buildIsFresh(root = ROOT, env = process.env) {
  const outputs = [path.join(dist(root), 'index.html'), stampFile(root), apiBundle(root)];
  if (!outputs.every((file) => fs.existsSync(file))) return false;
  return fs.readFileSync(stampFile(root), 'utf8').trim() === sourceStamp(root, env);
}

export function writeStamp(root = ROOT, env = process.env) {
  fs.writeFileSync(stampFile(root), `${sourceStamp(root, env)}\n`);
}

/** Runs `pnpm build` unless the build matches its sources; the exit status is the build's (0 when skipped). */
function ensureBuild() {
  if (buildIsFresh()) {
    console.log('The build matches its sources: not building again (pnpm build forces it).');
    return 0;
  }
  const build = spawnSync('pnpm', ['build'], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  return build.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === 'write') writeStamp();
  else if (command === 'check') process.exit(buildIsFresh() ? 0 : 1);
  else if (command === 'ensure') process.exit(ensureBuild());
  else {
    process.stderr.write('usage: build-stamp.mjs write|check|ensure\n');
    process.exit(2);
  }
}
