/**
 * Offline and installable (docs/decisions/0013-performance-goals.md): after one visit the service worker serves the app shell and
 * every in-browser tool with the network off; API-backed screens say they need a connection.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { normalise, OCR_TIMEOUT, SENTENCE, sentencePng } from './ocr-fixtures';
import { baseURL, downloadFrom, expectAccessible, newPage, pageErrors } from './support';

/** Visits a few pages online and waits until the service worker is installed and controls the page. */
async function visitOnce(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.goto('/base64');
  await page.getByLabel('Text or Base64').waitFor();
  await page.goto('/hash-generator');
  await page.getByRole('heading', { level: 1, name: 'Hash Generator (MD5, SHA1, SHA256 etc.)' }).waitFor();
  // `ready` resolves once the worker is active, i.e. after its precache finished installing.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * Takes the network away: the browser's own offline mode, and every request that still reaches
 * the network layer (the service worker's included) refused, so only caches can answer.
 */
async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');

/**
 * Replaces the built service worker script (and its precompressed copies, which the server prefers)
 * with `change(script)`, as a new deployment would; returns what puts the original back.
 */
function deploy(change: (script: string) => string): () => void {
  const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => path.join(DIST, name));
  const originals = files.map((file) => readFileSync(file));
  const script = Buffer.from(change(originals[0]!.toString('utf8')));
  writeFileSync(files[0]!, script);
  writeFileSync(files[1]!, brotliCompressSync(script));
  writeFileSync(files[2]!, gzipSync(script));
  return () => files.forEach((file, i) => writeFileSync(file, originals[i]!));
}

describe('offline', () => {
  it('links and serves the web app manifest', async () => {
    const page = await newPage();
    await page.goto('/');
    const href = await page.locator('head link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await fetch(`${baseURL}${href}`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'Toolvault',
      short_name: 'Toolvault',
      display: 'standalone',
      start_url: '/',
    });
    expect(manifest.icons).toEqual(
      expect.arrayContaining([expect.objectContaining({ src: '/favicon.svg', sizes: 'any', purpose: 'maskable' })]),
    );
    await page.context().close();
  });

  it('installs the service worker only once a first visit has gone quiet, not as the page loads', async () => {
    const page = await newPage();
    // The page's timers stand still until told: the quiet time can only pass when the test says so.
    // install() alone lets the fake clock flow with real time, so a slow page load or the real wait
    // below would count towards the quiet time; pauseAt stops it. It cannot go back, and the clock
    // has flowed since install(), so it stops a minute ahead (no page of ours is open yet).
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 60_000);
    await page.goto('/hash-generator', { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'Hash Generator (MD5, SHA1, SHA256 etc.)' }).waitFor();
    const registered = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined);
    // Real time for the updater's chunk to load and, were it not waiting, to register.
    await page.waitForTimeout(1500);
    expect(await registered()).toBe(false);
    await page.clock.runFor(2000);
    // The same real time again: what the 2 s of the page's clock set off has had time to register.
    await page.waitForTimeout(1500);
    expect(await registered()).toBe(false);
    await page.clock.runFor(3000);
    // Real time for the chunk and the worker's script to load once the quiet time is over.
    await expect.poll(registered, { timeout: 15_000 }).toBe(true);
    await page.context().close();
  });

  it('serves home and the in-browser tools with the network off after one visit', async () => {
    const page = await newPage();
    await visitOnce(page);
    await page.context().setOffline(true);

    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Security & Image Toolbox' }).waitFor();

    await page.goto('/base64');
    await page.getByLabel('Text or Base64').fill('hello');
    await page.getByRole('button', { name: 'Encode', exact: true }).click();
    await expect.poll(() => page.getByLabel('Output', { exact: true }).inputValue()).toBe('aGVsbG8=');

    // Never visited before going offline: its chunk came from the precache.
    await page.goto('/password-generator');
    await page.getByRole('button', { name: 'Generate Password' }).click();
    await expect
      .poll(async () => (await page.getByRole('textbox', { name: 'Password', exact: true }).inputValue()).length)
      .toBe(12);

    // What a visitor sees, whatever navigator.onLine says in this Chromium: the lookup they try cannot
    // reach the server, so the notice appears, their input stays, and Try again works once back online.
    await page.goto('/ip-lookup');
    await page.getByLabel('IP Address').fill('8.8.8.8');
    await page.getByRole('button', { name: 'Lookup', exact: true }).click();
    const notice = page.getByRole('status').filter({ hasText: 'IP lookup needs an internet connection' });
    await notice.waitFor();
    await expectAccessible(page, '/ip-lookup offline');
    expect(await page.getByLabel('IP Address').inputValue()).toBe('8.8.8.8');

    // A one-segment path that is not a page is a short code: only the server can answer it.
    await expect(page.goto('/abc123')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);

    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('says so when only our server cannot be reached, keeps the input, and Try again repeats the lookup', async () => {
    const page = await newPage();
    await page.goto('/ip-lookup');
    await page.getByRole('heading', { level: 1, name: 'IP Lookup' }).waitFor();
    // The browser is online (navigator.onLine stays true), but nothing answers for our API:
    // a captive portal, a dead uplink or a server that is down look like this.
    const refuse = (route: Route) => route.abort('connectionrefused');
    await page.route('**/api/ip/**', refuse);
    await page.getByLabel('IP Address').fill('8.8.8.8');
    await page.getByRole('button', { name: 'Lookup', exact: true }).click();
    const notice = page.getByRole('status').filter({ hasText: 'The server cannot be reached.' });
    await notice.waitFor();
    expect(await page.getByLabel('IP Address').inputValue()).toBe('8.8.8.8');
    await expectAccessible(page, '/ip-lookup unreachable');

    await page.unroute('**/api/ip/**', refuse);
    await notice.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Lookup Results' }).waitFor();
    expect(await notice.count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('never caches API responses', async () => {
    const page = await newPage();
    await visitOnce(page);
    await page.goto('/ip-lookup');
    await page.getByRole('heading', { level: 1, name: 'IP Lookup' }).waitFor();
    const status = await page.evaluate(async () => (await fetch('/api/health')).status);
    expect(status).toBe(200);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((url) => new URL(url).pathname.startsWith('/api'))).toEqual([]);
    await page.context().close();
  });

  it(
    'reads text with OCR offline once the engine was used online',
    async () => {
      const page = await newPage();
      await visitOnce(page);
      const extractOnce = async () => {
        await page.goto('/image-ocr');
        await page
          .locator('input[type="file"]')
          .setInputFiles({ name: 'sentence.png', mimeType: 'image/png', buffer: await sentencePng(page) });
        await page.getByRole('button', { name: 'Extract Text' }).click();
        const output = page.getByRole('textbox', { name: 'Extracted text' });
        await output.waitFor({ timeout: OCR_TIMEOUT });
        return normalise(await output.inputValue());
      };
      expect(await extractOnce()).toBe(normalise(SENTENCE));

      await goOffline(page.context());
      // A new page load: a new worker that must find the engine and language data in the caches.
      expect(await extractOnce()).toBe(normalise(SENTENCE));
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    },
    OCR_TIMEOUT * 3,
  );

  it('scans a QR code offline once the reader was used online', async () => {
    const page = await newPage();
    await visitOnce(page);
    await page.goto('/qr-generator');
    await page.getByLabel('Text or URL').fill('offline QR');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    const { bytes: qrPng } = await downloadFrom(page.getByRole('button', { name: 'Download PNG' }));

    const scanOnce = async () => {
      await page.goto('/qr-reader');
      await page
        .getByLabel('Upload an image with a QR code')
        .setInputFiles({ name: 'qrcode.png', mimeType: 'image/png', buffer: qrPng });
      await page.getByRole('button', { name: 'Scan QR Code' }).click();
      await page.getByRole('heading', { level: 2, name: 'Scan Result Type: Text' }).waitFor();
      return page.getByLabel('Decoded text').inputValue();
    };
    expect(await scanOnce()).toBe('offline QR');

    await goOffline(page.context());
    expect(await scanOnce()).toBe('offline QR');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('offers "New version available — reload" when a new deployment is waiting, and reloads into it', async () => {
    const page = await newPage();
    await visitOnce(page);
    await page.goto('/');
    // The next deployment: the server's service worker script differs by one line. (Files run one
    // after another, and the original build is put back below.)
    const restore = deploy((script) => `${script}\n// next deployment\n`);
    try {
      await page.evaluate(() => {
        (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
      });
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });

      const notice = page.locator('[data-sonner-toast]').filter({ hasText: 'New version available — reload' });
      await notice.waitFor({ timeout: 30_000 });
      await expectAccessible(page, 'update toast');
      await notice.getByRole('button', { name: 'Reload' }).click();

      // The waiting worker takes over and the page reloads into it.
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false), {
          timeout: 30_000,
        })
        .toBe(false);
      await page.getByRole('heading', { level: 1, name: 'Security & Image Toolbox' }).waitFor();
      const state = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: registration?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null };
      });
      expect(state).toEqual({ waiting: null, controlled: true });
      expect(await notice.count()).toBe(0);
    } finally {
      restore();
    }
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
