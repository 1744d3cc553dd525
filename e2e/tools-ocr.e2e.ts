import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { linesPng, normalise, OCR_TIMEOUT, SENTENCE, sentencePng } from './ocr-fixtures';
import { baseURL, downloadFrom, expectAccessible, newPage, pageErrors } from './support';

const ENGINE_FILES = [
  /\/vendor\/tesseract\/worker\.min\.js$/,
  /\/vendor\/tesseract\/tesseract-core-(relaxedsimd-|simd-)?lstm\.js$/,
  /\/vendor\/tesseract\/tesseract-core-(relaxedsimd-|simd-)?lstm\.wasm$/,
  /\/vendor\/tesseract\/lang\/eng\.traineddata\.gz$/,
];

/** Every request of the page, its workers included (Playwright reports a dedicated worker's requests on its page). */
function recordRequests(page: Page): { url: string; status?: number }[] {
  const seen: { url: string; status?: number }[] = [];
  const byRequest = new Map<Request, { url: string; status?: number }>();
  page.on('request', (request) => {
    const entry = { url: request.url() };
    byRequest.set(request, entry);
    seen.push(entry);
  });
  page.on('response', (response) => {
    const entry = byRequest.get(response.request());
    if (entry) entry.status = response.status();
  });
  return seen;
}

/** Requests that left the app's origin (blob: and data: URLs never leave the browser). */
const foreign = (requests: { url: string }[]) =>
  requests.map((request) => request.url).filter((url) => !url.startsWith(`${baseURL}/`) && !/^(blob|data):/.test(url));

const upload = (page: Page, buffer: Buffer, name: string) =>
  page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'image/png', buffer });

describe('image OCR', () => {
  it(
    'reads a generated sentence back with the engine served by the app itself, and keeps the worker for the next run',
    async () => {
      const page = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
      const requests = recordRequests(page);
      await page.goto('/image-ocr');
      await page.getByRole('heading', { level: 1, name: 'Image OCR' }).waitFor();
      const sentence = await sentencePng(page);
      const beforeUpload = requests.length;
      await upload(page, sentence, 'sentence.png');
      await page.getByRole('img', { name: 'Original: sentence.png' }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('eng');

      // Choosing the image loads the library's script; nothing else of the engine comes before the first extraction.
      const beforeRun = requests.length;
      expect(requests.filter((request) => /\/vendor\/tesseract\//.test(request.url))).toEqual([]);
      expect(page.workers()).toHaveLength(0);

      await page.getByRole('button', { name: 'Extract Text' }).click();
      await page.getByRole('button', { name: 'Processing...' }).waitFor();
      expect(await page.getByRole('progressbar', { name: 'Text extraction progress' }).count()).toBe(1);
      const output = page.getByRole('textbox', { name: 'Extracted text' });
      await output.waitFor({ timeout: OCR_TIMEOUT });

      const text = await output.inputValue();
      expect(normalise(text)).toBe(normalise(SENTENCE));
      expect(await output.getAttribute('readonly')).not.toBeNull();
      // The engine's own mean confidence, with its designed band; a cleanly drawn sentence reads well.
      const badge = (await page.getByText(/^Confidence: \d{1,3}% · (Excellent|Good|Fair|Poor)$/).textContent()) ?? '';
      const percent = Number(/(\d+)%/.exec(badge)?.[1]);
      expect(percent).toBeGreaterThanOrEqual(70);
      expect(badge).toContain(percent >= 90 ? 'Excellent' : percent >= 80 ? 'Good' : 'Fair');
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /^Text extracted with \d+% confidence/ })
          .count(),
      ).toBe(1);
      expect(await page.getByRole('button', { name: 'Extract Text' }).isEnabled()).toBe(true);

      // The engine's worker, core and language data came from the app's own origin, and nothing left it.
      const firstRun = requests.slice(beforeRun);
      for (const file of ENGINE_FILES) {
        const hits = firstRun.filter((request) => file.test(request.url));
        expect(hits, String(file)).toHaveLength(1);
        expect(hits[0]!.url.startsWith(`${baseURL}/vendor/tesseract/`)).toBe(true);
        expect(hits[0]!.status, hits[0]!.url).toBe(200);
      }
      expect(foreign(requests)).toEqual([]);
      expect(page.workers()).toHaveLength(1);
      expect(page.workers()[0]!.url()).toBe(`${baseURL}/vendor/tesseract/worker.min.js`);
      // The library's own chunk, loaded on demand by this page only (checked on other pages below). The
      // shell's service-worker registration loads workbox-window on every page after its load event, which
      // can fall after the upload on a busy machine: it is not the engine's.
      const engineChunks = requests
        .slice(beforeUpload)
        .filter((request) => /\/assets\/.+\.js$/.test(request.url) && !/\/workbox-window\./.test(request.url))
        .map((r) => r.url);
      expect(engineChunks.length).toBeGreaterThan(0);

      await expectAccessible(page, '/image-ocr (result)');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectAccessible(page, '/image-ocr (result, dark)');
      await page.emulateMedia({ colorScheme: 'light' });

      await page.getByRole('button', { name: 'Copy' }).click();
      await page
        .locator('[data-sonner-toast]')
        .filter({ hasText: 'Copied!' })
        .filter({ hasText: 'Text copied to clipboard' })
        .waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);

      const file = await downloadFrom(page.getByRole('button', { name: 'Download' }));
      expect(file.name).toBe('ocr_sentence.txt');
      expect(file.bytes.toString('utf8')).toBe(text);

      // A second run on the page reuses the running worker: no new worker, no engine file fetched again.
      const beforeSecond = requests.length;
      await output.evaluate((element) => element.setAttribute('data-previous-run', ''));
      await page.getByRole('button', { name: 'Extract Text' }).click();
      const secondOutput = page.locator('textarea:not([data-previous-run])');
      await secondOutput.waitFor({ timeout: OCR_TIMEOUT });
      expect(normalise(await secondOutput.inputValue())).toBe(normalise(SENTENCE));
      expect(requests.slice(beforeSecond).filter((request) => /\/vendor\//.test(request.url))).toEqual([]);
      expect(page.workers()).toHaveLength(1);

      // The result fits a small phone.
      await page.setViewportSize({ width: 360, height: 740 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      // Other pages never load the engine's chunk, worker or files.
      const elsewhere = recordRequests(page);
      for (const path of ['/', '/hash-generator', '/qr-reader', '/image-to-base64']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
      }
      const loadedElsewhere = elsewhere.map((request) => request.url);
      expect(loadedElsewhere.filter((url) => engineChunks.includes(url) || /\/vendor\//.test(url))).toEqual([]);
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    },
    OCR_TIMEOUT * 2,
  );

  it.each<[string, string, string[]]>([
    ['spa', 'Spanish', ['¿Dónde está el niño?', 'Mañana será otro día.']],
    ['deu', 'German', ['Über die Brücke gehen fünf Bären.']],
  ])(
    'downloads %s data from this site when it is chosen, with size and progress, and reads accents exactly',
    async (code, label, lines) => {
      const page = await newPage();
      const requests = recordRequests(page);
      await page.goto('/image-ocr');
      await upload(page, await linesPng(page, lines), 'accents.png');
      await page.getByRole('img', { name: 'Original: accents.png' }).waitFor();
      expect(requests.filter((request) => /\/vendor\//.test(request.url))).toEqual([]);

      await page.getByRole('combobox', { name: 'Language' }).selectOption(code);
      await page.getByText(`${label} language data is on this device; text is read offline too.`).waitFor({
        timeout: OCR_TIMEOUT,
      });
      const data = requests.filter((request) => request.url.endsWith(`/vendor/tesseract/lang/${code}.traineddata.gz`));
      expect(data.length).toBeGreaterThan(0);
      expect(data[0]!.status).toBe(200);
      await expectAccessible(page, `/image-ocr (${label} data ready)`);

      await page.getByRole('button', { name: 'Extract Text' }).click();
      const output = page.getByRole('textbox', { name: 'Extracted text' });
      await output.waitFor({ timeout: OCR_TIMEOUT });
      expect((await output.inputValue()).replace(/\s+/g, ' ').trim()).toBe(lines.join(' '));
      // Only this language's data was fetched: no English, no other language.
      const languages = requests
        .map((request) => /\/lang\/([a-z_]+)\.traineddata\.gz$/.exec(request.url)?.[1])
        .filter(Boolean);
      expect(new Set(languages)).toEqual(new Set([code]));
      expect(foreign(requests)).toEqual([]);
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    },
    OCR_TIMEOUT * 3,
  );

  it("shows each language's size before it is chosen is downloaded, and explains Auto Detect", async () => {
    const page = await newPage();
    const requests = recordRequests(page);
    await page.goto('/image-ocr');
    await page
      .getByText('English language data: 3.0 MB, downloaded from this site once, then kept for offline use.')
      .waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('auto');
    await page.getByText(/^Auto Detect reads with all seven languages at once/).waitFor();
    await expectAccessible(page, '/image-ocr (Auto Detect)');
    // Choosing Auto Detect downloads every language, from this site only.
    await page.getByText('Language data for 7 languages is on this device; text is read offline too.').waitFor({
      timeout: OCR_TIMEOUT,
    });
    expect(foreign(requests)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it(
    'cancels while the language data loads: the worker is terminated, and the next run works',
    async () => {
      const page = await newPage();
      // Hold the language data until Cancel has been pressed. On the context, not the page: once the
      // service worker controls the page, the network request is the worker's, which page.route() never sees.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let requested = false;
      await page.context().route('**/vendor/tesseract/lang/*', async (route) => {
        requested = true;
        await held;
        await route.continue();
      });
      await page.goto('/image-ocr');
      await upload(page, await sentencePng(page), 'sentence.png');
      await page.getByRole('button', { name: 'Extract Text' }).click();
      await expect.poll(() => requested, { timeout: OCR_TIMEOUT }).toBe(true);
      expect(page.workers()).toHaveLength(1);

      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('status').filter({ hasText: 'Text extraction cancelled.' }).waitFor();
      expect(await page.getByRole('progressbar').count()).toBe(0);
      expect(await page.getByRole('textbox', { name: 'Extracted text' }).count()).toBe(0);
      release();
      // The abandoned worker is terminated as soon as it has started.
      await expect.poll(() => page.workers().length, { timeout: OCR_TIMEOUT }).toBe(0);

      await page.context().unroute('**/vendor/tesseract/lang/*');
      await page.getByRole('button', { name: 'Extract Text' }).click();
      const output = page.getByRole('textbox', { name: 'Extracted text' });
      await output.waitFor({ timeout: OCR_TIMEOUT });
      expect(normalise(await output.inputValue())).toBe(normalise(SENTENCE));
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    },
    OCR_TIMEOUT * 2,
  );
});
