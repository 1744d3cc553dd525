#!/usr/bin/env node
// Knows whether the build (apps/web/dist and the compiled server in apps/api/dist) was made from
// the sources as they are now. The stamp is a SHA-256 of every input of the build (the web app, the
// API, the shared package, the lockfile and the base tsconfig), written into apps/web/dist by
// `pnpm build`; `pnpm start` rebuilds only when it differs.
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

/** The hash of the build's inputs as they are on disk now. */
export function sourceStamp(root = ROOT) {
  const hash = createHash('sha256');
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
export function buildIsFresh(root = ROOT) {
  const outputs = [path.join(dist(root), 'index.html'), stampFile(root), apiBundle(root)];
  if (!outputs.every((file) => fs.existsSync(file))) return false;
  return fs.readFileSync(stampFile(root), 'utf8').trim() === sourceStamp(root);
}

export function writeStamp(root = ROOT) {
  fs.writeFileSync(stampFile(root), `${sourceStamp(root)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === 'write') writeStamp();
  else if (command === 'check') process.exit(buildIsFresh() ? 0 : 1);
  else {
    process.stderr.write('usage: build-stamp.mjs write|check\n');
    process.exit(2);
  }
}
