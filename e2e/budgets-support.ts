// What the performance budgets' browser tests share: the built app on disk and the code a page fetches.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

export const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');

export function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** Every built script and wasm file: where it is on disk, its URL path (e.g. /assets/x.js) and its bytes. */
export function builtCode(): { file: string; url: string; bytes: Buffer }[] {
  return walk(DIST)
    .filter((name) => /\.(m?js|wasm)$/.test(name))
    .map((file) => ({
      file,
      url: `/${path.relative(DIST, file).split(path.sep).join('/')}`,
      bytes: readFileSync(file),
    }));
}

/**
 * Every script and wasm URL a page (and its workers) requests. The service worker's precaching is left
 * out: it stores the build for offline use without running any of it.
 */
export function recordCode(page: Page): string[] {
  const urls: string[] = [];
  page.context().on('request', (request) => {
    if (request.serviceWorker()) return;
    const url = new URL(request.url());
    if (request.resourceType() === 'script' || /\.(m?js|wasm)$/.test(url.pathname)) urls.push(request.url());
  });
  return urls;
}
