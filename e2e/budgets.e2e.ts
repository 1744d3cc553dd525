/**
 * Performance budgets (docs/decisions/0008-quality-bars.md, docs/decisions/0013-performance-goals.md), measured in Chromium against the built app:
 * - the home page's first-load JavaScript stays within 150 KB gzip;
 * - the heavy libraries (tesseract engine, zxing, quill) are only fetched by the pages that use
 *   them, and only when they are used;
 * - zod is only fetched by the pages that validate a form or stored data in the page (admin, contact,
 *   IP lookup, speed test, shortlink manager), never by the home page, the blog or a tool that only
 *   reads its settings from the address;
 * - the blog makes no Intl call: the first one loads the browser's locale data (tens of
 *   milliseconds of main thread, src/lib/format.ts).
 * Figures with goals are printed by `pnpm bench` (bench/budgets.bench.ts); this file only holds
 * the pass/fail facts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, baseURL, newPage } from './support';

/** 150 KB gzip, with 1 KB = 1000 bytes (the unit Vite's build report uses). */
const HOME_BUDGET_BYTES = 150 * 1000;

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');

type Heavy = 'tesseract' | 'zxing' | 'quill' | 'zxcvbn' | 'highlight.js';
const HEAVY: Heavy[] = ['tesseract', 'zxing', 'quill', 'zxcvbn', 'highlight.js'];

/**
 * Recognises a heavy library by the content of a built file, never by its name (chunk names
 * change with the code that imports them). The app's own screens only name these libraries in
 * labels, keywords and settings, so the markers are strings only the libraries themselves contain.
 */
function classify(file: string, bytes: Buffer): Heavy[] {
  const text = bytes.toString('latin1');
  const found: Heavy[] = [];
  if (file.endsWith('.wasm')) {
    if (/tesseract/i.test(text)) found.push('tesseract');
    if (/zxing/i.test(text)) found.push('zxing');
    return found;
  }
  // tesseract.js (its package metadata / OEM table) and the tesseract.js-core loader.
  if (text.includes('tesseract.js-core') || text.includes('TESSERACT_LSTM_COMBINED')) found.push('tesseract');
  // zxing-wasm's Emscripten reader module.
  if (text.includes('zxing_reader')) found.push('zxing');
  // Quill's editor root class and Parchment's blot registry.
  if (text.includes('ql-editor') && text.includes('blotName')) found.push('quill');
  // zxcvbn-ts's keyboard adjacency graphs, which come with its dictionaries.
  if (text.includes('keypadMac')) found.push('zxcvbn');
  // highlight.js core's message for a language that was never registered.
  if (text.includes('did you forget to load/include a language module')) found.push('highlight.js');
  return found;
}

/** URL path (e.g. /assets/x.js, /vendor/tesseract/worker.min.js) → the heavy libraries in that built file. */
const heavyFiles = new Map<string, Heavy[]>();

/**
 * zod's core, recognised by content too: it names its schema classes in text (`$ZodObject`), which
 * minifying keeps; the app's own code never spells these names.
 */
const isZod = (text: string) => text.includes('$ZodObject') && text.includes('$ZodString');

/** URL paths of the built scripts that hold zod. */
const zodFiles = new Set<string>();

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

beforeAll(() => {
  for (const file of walk(DIST).filter((name) => /\.(m?js|wasm)$/.test(name))) {
    const bytes = readFileSync(file);
    const url = `/${path.relative(DIST, file).split(path.sep).join('/')}`;
    const found = classify(file, bytes);
    if (found.length > 0) heavyFiles.set(url, found);
    if (!file.endsWith('.wasm') && isZod(bytes.toString('latin1'))) zodFiles.add(url);
  }
});

/**
 * Every script and wasm URL a page (and its workers) requests. The service worker's precaching is left
 * out: it stores the build for offline use without running any of it.
 */
function recordCode(page: Page): string[] {
  const urls: string[] = [];
  page.context().on('request', (request) => {
    if (request.serviceWorker()) return;
    const url = new URL(request.url());
    if (request.resourceType() === 'script' || /\.(m?js|wasm)$/.test(url.pathname)) urls.push(request.url());
  });
  return urls;
}

/** The heavy libraries among the recorded URLs. */
function heavyIn(urls: string[]): Heavy[] {
  const found = new Set<Heavy>();
  for (const url of urls) {
    const parsed = new URL(url);
    if (parsed.origin !== baseURL) continue;
    for (const library of heavyFiles.get(parsed.pathname) ?? []) found.add(library);
  }
  return [...found].sort();
}

/** The recorded URLs of built scripts that hold zod. */
function zodIn(urls: string[]): string[] {
  return urls.filter((url) => new URL(url).origin === baseURL && zodFiles.has(new URL(url).pathname));
}

/** Collects the page's layout shifts, from its first paint, in window.__shifts. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node | null }[];
      })[]) {
        const sources = (entry.sources ?? []).map((source) =>
          source.node instanceof Element ? `${source.node.tagName.toLowerCase()}.${source.node.className}` : '?',
        );
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function adminToken(): Promise<string> {
  const response = await fetch(`${baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: adminPassword }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function loggedInPage(): Promise<Page> {
  const token = await adminToken();
  const page = await newPage();
  await page.addInitScript((value) => localStorage.setItem('shortlinkAdminToken', value), token);
  return page;
}

/** A valid 16×16 white PNG. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAK0lEQVR4AaXBAQEAAAiAIPP/5+qDMPsIJJJIIokkkkgiiSSSSCKJJJJIogNrygQckHhFtQAAAABJRU5ErkJggg==',
  'base64',
);

describe('performance budgets', () => {
  it('finds each heavy library in the build by content', () => {
    // Guards the markers: if a library's build stopped matching, the checks below would pass vacuously.
    const libraries = new Set([...heavyFiles.values()].flat());
    expect([...libraries].sort()).toEqual([...HEAVY].sort());
  });

  it("bundles React Router's production build, without its development warnings", () => {
    // React Router's package resolves to its development build; vite.config.ts points the build at the
    // production one. A message both builds carry shows the scan reads the router's code at all.
    const scripts = walk(path.join(DIST, 'assets'))
      .filter((name) => name.endsWith('.js'))
      .map((file) => readFileSync(file, 'latin1'));
    expect(scripts.some((text) => text.includes('useNavigate() may be used only in the context of a <Router>'))).toBe(
      true,
    );
    expect(scripts.filter((text) => text.includes('You rendered descendant <Routes>'))).toEqual([]);
  });

  it('loads at most 150 KB gzip of JavaScript on the first visit of the home page', async () => {
    const page = await newPage();
    const scripts: Promise<{ url: string; raw: number; gzip: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        response.body().then((body) => ({
          url: response.url(),
          raw: body.length,
          // The budget is stated in gzip (the server sends Brotli, which is smaller): each script
          // body compressed with node:zlib at level 9.
          gzip: gzipSync(body, { level: 9 }).length,
        })),
      );
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const measured = await Promise.all(scripts);
    expect(measured.length).toBeGreaterThan(0);
    const gzip = measured.reduce((sum, script) => sum + script.gzip, 0);
    const detail = measured.map((script) => `${new URL(script.url).pathname} ${script.gzip} B`).join(', ');
    expect(gzip, `home first-load JS ${gzip} B gzip: ${detail}`).toBeLessThanOrEqual(HOME_BUDGET_BYTES);
    await page.context().close();
  });

  it.each([
    { path: '/', heading: 'Security & Image Toolbox' },
    { path: '/hash-generator', heading: 'Hash Generator (MD5, SHA1, SHA256 etc.)' },
    { path: '/image-compressor', heading: 'Image Compressor' },
    { path: '/blog', heading: 'Blog' },
    { path: '/about', heading: 'About Toolvault' },
  ])('$path does not shift its layout while it loads on a phone', async ({ path: route, heading }) => {
    // Lighthouse's mobile screen. A page or tool chunk, or data, arriving after the first paint
    // must not move what is already in view (it cost the tool pages ~20 performance points).
    const page = await newPage({ consent: false, viewport: { width: 412, height: 823 }, isMobile: true });
    await recordShifts(page);
    await page.goto(route, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
    );
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    // 0.1 is the "good" limit of Core Web Vitals; these pages should not shift at all.
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.01);
    await page.context().close();
  });

  it('/blog with posts does not push its sidebar down when the list arrives on a phone', async () => {
    // With posts (unlike an empty blog) the cards are far taller than the loading line; on a phone the
    // sidebar comes after the list, so it must not be in view, then pushed down, while the list loads.
    const token = await adminToken();
    const run = Math.random().toString(36).slice(2, 8);
    for (let index = 0; index < 3; index += 1) {
      const response = await fetch(`${baseURL}/api/blog`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          title: `Layout ${run} ${index}`,
          slug: `layout-${run}-${index}`,
          content: `<p>${'A paragraph long enough to wrap over several lines on a phone. '.repeat(4)}</p>`,
          published: true,
        }),
      });
      expect(response.status).toBe(201);
    }
    const page = await newPage({ consent: false, viewport: { width: 412, height: 823 }, isMobile: true });
    await recordShifts(page);
    // The list answers last, as it may on a busy server, so the sidebar has painted before it.
    await page.route(
      (url) => url.pathname === '/api/blog' && !url.searchParams.has('sort'),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.continue();
      },
    );
    await page.goto('/blog');
    await page.getByRole('heading', { name: 'Categories' }).waitFor();
    await page
      .getByRole('region', { name: 'Latest Posts' })
      .getByRole('link', { name: `Layout ${run} 2` })
      .waitFor();
    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
    );
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.01);
    await page.context().close();
  });

  it.each([
    { path: '/', heading: 'Security & Image Toolbox' },
    { path: '/base64', heading: 'Base64 Encoder/Decoder' },
    { path: '/image-compressor', heading: 'Image Compressor' },
    { path: '/blog', heading: 'Blog' },
    { path: '/blog-admin', heading: 'Admin Login' },
  ])(
    '$path (logged out) loads none of tesseract, zxing, quill, zxcvbn or highlight.js',
    async ({ path: route, heading }) => {
      const page = await newPage({ consent: false });
      const urls = recordCode(page);
      await page.goto(route, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(urls.length).toBeGreaterThan(0);
      expect(heavyIn(urls), urls.join('\n')).toEqual([]);
      await page.context().close();
    },
  );

  it('/blog-admin loads quill and its code highlighter once logged in, and nothing else heavy', async () => {
    const page = await loggedInPage();
    const urls = recordCode(page);
    await page.goto('/blog-admin', { waitUntil: 'networkidle' });
    await expect.poll(() => heavyIn(urls), { timeout: 15_000 }).toEqual(['highlight.js', 'quill']);
    await page.context().close();
  });

  it('/password-generator loads the zxcvbn dictionaries only when a password is generated or checked', async () => {
    const page = await newPage();
    const urls = recordCode(page);
    await page.goto('/password-generator', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Password Generator' }).waitFor();
    expect(heavyIn(urls)).toEqual([]);
    await page.getByRole('button', { name: 'Generate Password' }).click();
    await expect.poll(() => heavyIn(urls), { timeout: 15_000 }).toEqual(['zxcvbn']);
    await page.context().close();
  });

  it('/image-ocr loads the tesseract script once an image is chosen, and its engine only when text is extracted', async () => {
    const page = await newPage();
    const urls = recordCode(page);
    await page.goto('/image-ocr', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Image OCR' }).waitFor();
    expect(heavyIn(urls), urls.join('\n')).toEqual([]);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: tinyPng });
    await page.getByRole('img', { name: 'Original: tiny.png' }).waitFor();
    await expect.poll(() => heavyIn(urls), { timeout: 30_000 }).toEqual(['tesseract']);
    const engine = () => urls.filter((url) => new URL(url).pathname.startsWith('/vendor/tesseract/'));
    expect(engine()).toEqual([]);
    expect(page.workers()).toHaveLength(0);
    await page.getByRole('button', { name: 'Extract Text' }).click();
    await expect.poll(() => engine().length, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.context().close();
  });

  it('/qr-reader loads zxing only when scanning', async () => {
    const page = await newPage();
    const urls = recordCode(page);
    await page.goto('/qr-reader', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'QR Code Reader' }).waitFor();
    await page
      .getByLabel('Upload an image with a QR code')
      .setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: tinyPng });
    await page.getByRole('img', { name: 'Original: tiny.png' }).waitFor();
    expect(heavyIn(urls), urls.join('\n')).toEqual([]);
    await page.getByRole('button', { name: 'Scan QR Code' }).click();
    await expect.poll(() => heavyIn(urls), { timeout: 30_000 }).toEqual(['zxing']);
    await page.context().close();
  });
});

describe('zod stays off the public pages', () => {
  const run = Math.random().toString(36).slice(2, 8);
  const postTitle = `No zod ${run}`;
  const linkTitle = `No zod link ${run}`;
  let shortCode = '';

  beforeAll(async () => {
    const token = await adminToken();
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
    const post = await fetch(`${baseURL}/api/blog`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: postTitle, slug: `no-zod-${run}`, content: '<p>Read only.</p>', published: true }),
    });
    expect(post.status).toBe(201);
    const link = await fetch(`${baseURL}/api/shortlinks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: linkTitle, targetUrl: 'https://example.com/no-zod' }),
    });
    expect(link.status).toBe(201);
    shortCode = ((await link.json()) as { shortCode: string }).shortCode;
  });

  it('finds zod in the build by content', () => {
    // Guards the marker: without it the checks below would pass vacuously.
    expect(zodFiles.size).toBeGreaterThan(0);
  });

  /** The zod scripts a logged-out visit of `route` fetches, once its heading shows and the network is idle. */
  async function zodFetchedBy(route: string, heading: string): Promise<{ zod: string[]; urls: string[] }> {
    const page = await newPage({ consent: false });
    const urls = recordCode(page);
    await page.goto(route, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.context().close();
    expect(urls.length).toBeGreaterThan(0);
    return { zod: zodIn(urls), urls };
  }

  it.each([
    { path: '/', heading: 'Security & Image Toolbox' },
    { path: '/blog', heading: 'Blog' },
    { path: `/blog/no-zod-${run}`, heading: postTitle },
    { path: '/about', heading: 'About Toolvault' },
    { path: '/hash-generator', heading: 'Hash Generator (MD5, SHA1, SHA256 etc.)' },
    { path: '/image-compressor', heading: 'Image Compressor' },
    { path: '/password-generator', heading: 'Password Generator' },
  ])('$path loads no zod', async ({ path: route, heading }) => {
    const { zod, urls } = await zodFetchedBy(route, heading);
    expect(zod, urls.join('\n')).toEqual([]);
  });

  it("a short link's preview page loads no zod", async () => {
    const { zod, urls } = await zodFetchedBy(`/${shortCode}`, linkTitle);
    expect(zod, urls.join('\n')).toEqual([]);
  });

  it('/contact, which checks its form in the page, does load zod (so the checks above can fail)', async () => {
    const { zod } = await zodFetchedBy('/contact', 'Contact Us');
    expect(zod).not.toEqual([]);
  });

  /**
   * The Intl calls (and locale-aware String/Number/Date methods) a logged-out visit of `route`
   * makes before its heading shows and the network is idle. The first one costs the page the
   * loading of the browser's locale data (src/lib/format.ts says how much).
   */
  async function intlUsedBy(route: string, heading: string): Promise<string[]> {
    const page = await newPage({ consent: false });
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { intlCalls: string[] }).intlCalls = calls;
      const methods: [object, string, string][] = [
        [Number.prototype, 'toLocaleString', 'Number'],
        [Date.prototype, 'toLocaleString', 'Date'],
        [Date.prototype, 'toLocaleDateString', 'Date'],
        [Date.prototype, 'toLocaleTimeString', 'Date'],
        [String.prototype, 'localeCompare', 'String'],
      ];
      for (const [owner, name, label] of methods) {
        const original = (owner as Record<string, (...args: unknown[]) => unknown>)[name]!;
        Object.defineProperty(owner, name, {
          configurable: true,
          writable: true,
          value(this: unknown, ...args: unknown[]) {
            calls.push(`${label}.${name}`);
            return original.apply(this, args);
          },
        });
      }
      const intl = Intl as unknown as Record<string, new (...args: unknown[]) => unknown>;
      for (const name of [
        'NumberFormat',
        'DateTimeFormat',
        'ListFormat',
        'PluralRules',
        'RelativeTimeFormat',
        'Collator',
        'Segmenter',
      ]) {
        const original = intl[name];
        if (!original) continue;
        intl[name] = new Proxy(original, {
          construct(target, args) {
            calls.push(`Intl.${name}`);
            return Reflect.construct(target, args) as object;
          },
          apply(target, self, args) {
            calls.push(`Intl.${name}`);
            return Reflect.apply(target, self, args) as unknown;
          },
        });
      }
    });
    await page.goto(route, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.waitForLoadState('networkidle');
    const calls = await page.evaluate(() => (window as unknown as { intlCalls: string[] }).intlCalls);
    await page.context().close();
    return calls;
  }

  it.each([
    { path: '/blog', heading: 'Blog' },
    { path: `/blog/no-zod-${run}`, heading: postTitle },
  ])('$path, with its post count, dates and views, makes no Intl call', async ({ path: route, heading }) => {
    expect(await intlUsedBy(route, heading)).toEqual([]);
  });

  it('/terms-of-service, which joins a list with Intl.ListFormat, is seen making Intl calls (so the check above can fail)', async () => {
    expect(await intlUsedBy('/terms-of-service', 'Terms of Service')).toContain('Intl.ListFormat');
  });
});
