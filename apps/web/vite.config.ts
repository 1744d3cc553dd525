import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { tesseractAssetsPlugin } from './build/tesseract-assets';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), tesseractAssetsPlugin()],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/sample-shortlinks.json': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // No inline scripts or modulepreload polyfill: the CSP is script-src 'self'.
    modulePreload: { polyfill: false },
  },
});
