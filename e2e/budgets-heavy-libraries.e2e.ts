/**
 * Performance budgets for the heavy libraries (tesseract engine, zxing, quill, zxcvbn, highlight.js),
 * measured in Chromium against the built app (docs/decisions/0008-quality-bars.md): each is only
 * fetched by the pages that use it, and only when it is used.
 * Figures with goals are printed by `pnpm bench` (bench/budgets.bench.ts); this file only holds
 * the pass/fail facts.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, newPage, ownerToken } from './support';
import { builtCode, recordCode } from './budgets-support';

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

beforeAll(() => {
  for (const { file, url, bytes } of builtCode()) {
    const found = classify(file, bytes);
    if (found.length > 0) heavyFiles.set(url, found);
  }
});

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

async function loggedInPage(): Promise<Page> {
  const token = await ownerToken();
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
