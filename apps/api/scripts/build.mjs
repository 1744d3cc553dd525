#!/usr/bin/env node
// `pnpm build` compiles the server to apps/api/dist so that `pnpm start` runs plain JavaScript:
// loading the TypeScript sources through tsx doubles the time of every module import, and a
// restart has to be ready within a few seconds. Our own code (and the shared package, which is
// TypeScript too) is bundled into one file; every other package stays a normal import from
// node_modules, so native modules (better-sqlite3) and packages that find files beside themselves
// (the IP databases) work as they do under tsx. Tests keep running the sources through tsx; the
// browser suite runs this bundle, the way users do.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(API_DIR, 'dist');

/** Bare imports stay imports, except our own workspace packages, which are sources to compile. */
const nodeModulesExternal = {
  name: 'node-modules-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@toolvault/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: API_DIR,
  // The sanitizer's process is its own entry: the pool starts it from a file beside the server
  // (`./html-sanitizer.worker.mjs`), which in the sources is a tsx loader shim.
  // So is the SQLite reader's, which also checkpoints (`./sqlite-reader.worker.mjs`, plain JavaScript
  // in the sources), and the click writer's (`./click-writer.worker.mjs`, a tsx
  // shim in the sources, like the sanitizer's).
  entryPoints: {
    server: 'src/server.ts',
    'html-sanitizer.worker': 'src/services/html-sanitizer.worker.ts',
    'sqlite-reader.worker': 'src/db/sqlite-reader.worker.mjs',
    'click-writer.worker': 'src/db/click-writer.worker.ts',
  },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  plugins: [nodeModulesExternal],
  logLevel: 'warning',
});
console.info(`API compiled to ${path.relative(process.cwd(), outdir) || outdir}`);
