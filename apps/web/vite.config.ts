import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './build/precompress';
import { routeChunksPlugin } from './build/route-chunks';
import { tesseractAssetsPlugin } from './build/tesseract-assets';
import { pwaPlugin } from './src/app/pwa/pwa-plugin';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), tesseractAssetsPlugin(), pwaPlugin(), routeChunksPlugin(), precompressPlugin()],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/sample-shortlinks.json': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // No inline scripts or modulepreload polyfill: the CSP is script-src 'self'.
    modulePreload: { polyfill: false },
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
});
