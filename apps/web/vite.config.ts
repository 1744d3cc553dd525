import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Alias } from 'vite';
// With file extensions: Vite's coming native config loader runs this file in Node, which resolves
// no extensionless relative import.
import { chunkSizePlugin } from './build/chunk-size.ts';
import { precompressPlugin } from './build/precompress.ts';
import { routeChunksPlugin } from './build/route-chunks.ts';
import { tesseractAssetsPlugin } from './build/tesseract-assets.ts';
import { pwaPlugin } from './src/app/pwa/pwa-plugin.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * React Router 7's package points every import at its development build, whose warnings throw
 * and catch an Error each (and whose extra checks run on every navigation); the production
 * build next to it is the same API without them (remix-run/react-router#12532, #14102). A
 * production bundle takes that one. Resolved through react-router-dom, which depends on it.
 */
function reactRouterProduction(): Alias[] {
  const fromDom = createRequire(createRequire(import.meta.url).resolve('react-router-dom'));
  const dist = path.join(path.dirname(fromDom.resolve('react-router/package.json')), 'dist', 'production');
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
  ];
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    tesseractAssetsPlugin(),
    pwaPlugin(),
    routeChunksPlugin(),
    chunkSizePlugin(),
    precompressPlugin(),
  ],
  resolve: { alias: command === 'build' ? reactRouterProduction() : [] },
  // A build says only what needs attention (warnings, errors) and then its one-line summary
  // (precompress.ts), not every file it wrote: `pnpm start` builds on first use, and a hundred lines
  // of file sizes buried what mattered. The dev server keeps Vite's usual output.
  logLevel: command === 'build' ? 'warn' : 'info',
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/sample-shortlinks.json': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // No inline scripts or modulepreload polyfill: the CSP is script-src 'self'.
    modulePreload: { polyfill: false },
    // Vite's size warning is chunkSizePlugin's (build/chunk-size.ts): the same 500 kB for every chunk
    // except the password dictionaries, which are large by design and loaded only on demand.
    chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
    rolldownOptions: {
      // packages/shared only declares constants, functions and zod schemas. A barrel import
      // (e.g. `@toolvault/shared/schemas` for one form) otherwise keeps every module the barrel
      // re-exports, because top-level `z.object(...)` calls count as side effects. Which pages
      // load zod at all is settled by the imports: only `@toolvault/shared/schemas` leads to it.
      treeshake: {
        // Except zod.ts, whose one job is a side effect (z.config, see there).
        moduleSideEffects: (id: string) =>
          /[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id) && !/[\\/]zod\.ts$/.test(id) ? false : undefined,
      },
    },
  },
}));
