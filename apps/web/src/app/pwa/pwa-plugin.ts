/**
 * Offline and installable (docs/decisions/0013-performance-goals.md): the web app manifest and a Workbox
 * service worker (generateSW). Registered from the bundle by PwaUpdater — no
 * inline script (CSP script-src 'self').
 *
 * Precached: the app shell (index.html as "/", JS/CSS chunks, icons, fonts),
 * except the heavy libraries (tesseract, zxing, quill, zxcvbn's dictionaries, the blog's code
 * highlighter) which only some users need; those and .wasm files are cached at run time the first
 * time they are used. /api is never cached. The OCR engine under /vendor/tesseract/
 * (worker and core ~4 MB, each language's data 0.7–3 MB) is cached the first
 * time the OCR screen uses it, so OCR keeps working offline afterwards.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';
import { NAVIGATION_DENYLIST, navigationAllowlist } from './navigation-allowlist.ts';

/** Markers only the heavy libraries' built code contains (same as e2e/budgets-heavy-libraries.e2e.ts). */
export function isHeavyChunk(code: string): boolean {
  return (
    code.includes('tesseract.js-core') ||
    code.includes('TESSERACT_LSTM_COMBINED') ||
    code.includes('zxing_reader') ||
    (code.includes('ql-editor') && code.includes('blotName')) ||
    // zxcvbn-ts's keyboard graphs, which ride with its megabyte of dictionaries.
    code.includes('keypadMac') ||
    // highlight.js core (its message for a language never registered): only posts with code need it.
    code.includes('did you forget to load/include a language module')
  );
}

const DIST = path.resolve(import.meta.dirname, '../../../dist');

export function pwaPlugin() {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    injectRegister: null,
    manifest: {
      name: 'Toolvault',
      short_name: 'Toolvault',
      description: 'Free security, encoding and image tools that run in your browser.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#4f46e5',
      background_color: '#020617',
      icons: [
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,woff,woff2,png,ico}'],
      globIgnores: ['vendor/**', '**/*.wasm', 'sample-shortlinks.json'],
      manifestTransforms: [
        (entries) => ({
          manifest: entries
            // The server answers "/" with index.html; "/index.html" itself is not a page.
            .map((entry) => (entry.url === 'index.html' ? { ...entry, url: '/' } : entry))
            .filter(
              (entry) =>
                !entry.url.endsWith('.js') || !isHeavyChunk(readFileSync(path.join(DIST, entry.url), 'latin1')),
            ),
          warnings: [],
        }),
      ],
      navigateFallback: '/',
      navigateFallbackAllowlist: navigationAllowlist(),
      navigateFallbackDenylist: NAVIGATION_DENYLIST,
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          // Not hashed, so network first: a deployment that updates tesseract.js brings its
          // matching worker and core at once; the cached copy answers only when offline.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/vendor/tesseract/'),
          handler: 'NetworkFirst',
          // Worker, up to three cores (.js + .wasm) and the seven languages' data.
          options: { cacheName: 'toolvault-ocr', expiration: { maxEntries: 20 } },
        },
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/assets\/.*\.wasm$/.test(url.pathname),
          handler: 'CacheFirst',
          options: { cacheName: 'toolvault-wasm', expiration: { maxEntries: 10 } },
        },
        {
          // Hashed chunks left out of the precache (the heavy libraries): immutable, so cache first.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/assets\/.*\.m?js$/.test(url.pathname),
          handler: 'CacheFirst',
          options: { cacheName: 'toolvault-chunks', expiration: { maxEntries: 30 } },
        },
      ],
    },
  });
}
