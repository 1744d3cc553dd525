/**
 * Image tools in the browser: the built app in Debian's Chromium takes a
 * generated 4000 × 3000 photo-like JPEG through the real screens — Image
 * Compressor (default settings, 1920 × 1080 maxima), Image Resizer (Full HD
 * preset), Image to Grayscale and Image Rotator (90°) — timing each from the
 * upload and from the button to the result on screen, and watching the main
 * thread with a Long Tasks observer installed before the page's own scripts.
 * Prints figures and goals; never fails on them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import jpeg from 'jpeg-js';
import type { Page } from 'playwright-core';
import { recordFigure } from './results.mjs';
import { HeapSampler, launchChromium, newConsentedContext, requireBuild, requireChromium, startApp } from './support';

const WIDTH = 4000;
const HEIGHT = 3000;
/** Goals (docs/decisions/0013-performance-goals.md). */
const GOALS = { compressMs: 400, longTaskMs: 100 } as const;
/** Long tasks are counted from the upload until this long after the result appears (its preview paints). */
const SETTLE_MS = 1000;

if (!requireBuild('image') || !requireChromium('image')) process.exit(0);

/** Gradients, soft waves and per-pixel noise (a fixed LCG): compresses like a photo, not like a flat test card. */
function photoLikeJpeg(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  let seed = 2024;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      const noise = ((seed >>> 24) - 128) / 6;
      const wave = Math.sin(x / 170) * Math.cos(y / 130) * 60;
      const i = (y * width + x) * 4;
      data[i] = Math.max(0, Math.min(255, (x / width) * 200 + wave + noise + 20));
      data[i + 1] = Math.max(0, Math.min(255, (y / height) * 180 - wave / 2 + noise + 40));
      data[i + 2] = Math.max(0, Math.min(255, 140 + wave + noise - (x / width) * 60));
      data[i + 3] = 255;
    }
  }
  return jpeg.encode({ width, height, data }, 90).data;
}

interface Marks {
  upload?: number;
  submit?: number;
  result?: number;
  longTasks: { start: number; duration: number }[];
}

/** Runs in the page before its scripts, on every navigation. */
function instrument() {
  const marks: Marks = { longTasks: [] };
  (window as unknown as { __imageBench: Marks }).__imageBench = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('change', () => (marks.upload ??= performance.now()), { capture: true });
  document.addEventListener('submit', () => (marks.submit ??= performance.now()), { capture: true });
  new MutationObserver(() => {
    if (marks.result !== undefined || marks.submit === undefined) return;
    if ([...document.querySelectorAll('h2')].some((heading) => heading.textContent === 'Result')) {
      marks.result = performance.now();
    }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * What the floor writes: the tool's output format and quality, at the size the tool's result has.
 * `cover` crops the source's centre to the output's shape first, as the Resizer's presets do.
 */
interface FloorOutput {
  type: 'image/png' | 'image/jpeg';
  quality?: number;
  cover: boolean;
}

interface Step {
  label: string;
  path: string;
  button: string;
  configure?: (page: Page) => Promise<void>;
  goalMs?: number;
  /** The table's figure for this step, timed against its floor. */
  figure?: 'image-compress' | 'image-resize-png' | 'image-resize-jpeg';
  floor?: FloorOutput;
}

const fullHd = (page: Page) =>
  page
    .getByRole('combobox', { name: 'Resize mode' })
    .selectOption({ label: 'Full HD (1920x1080)' })
    .then(() => undefined);

const STEPS: Step[] = [
  {
    label: 'compress (defaults: quality 80, max 1920 × 1080)',
    path: '/image-compressor',
    button: 'Compress Image',
    goalMs: GOALS.compressMs,
    figure: 'image-compress',
    floor: { type: 'image/jpeg', quality: 0.8, cover: false },
  },
  {
    label: 'resize (Full HD preset, PNG: the default)',
    path: '/image-resizer',
    button: 'Resize Image',
    configure: fullHd,
    figure: 'image-resize-png',
    floor: { type: 'image/png', cover: true },
  },
  {
    label: 'resize (Full HD preset, JPG)',
    path: '/image-resizer',
    button: 'Resize Image',
    configure: async (page) => {
      await fullHd(page);
      await page.getByRole('combobox', { name: 'Output format' }).selectOption('jpeg');
    },
    figure: 'image-resize-jpeg',
    // The Resizer writes a lossy format at the browsers' own default quality.
    floor: { type: 'image/jpeg', quality: 0.92, cover: true },
  },
  { label: 'grayscale', path: '/image-grayscale', button: 'Convert to Grayscale' },
  { label: 'rotate 90°', path: '/image-rotator', button: 'Rotate Image' },
];

const fmt = (ms: number) => `${Math.round(ms)} ms`.padStart(8);

/**
 * The floor, in the same page right after the tool: the same file decoded by createImageBitmap,
 * drawn once on an OffscreenCanvas of the result's size and written by convertToBlob in the tool's
 * format, on the main thread, with nothing else around it. The file comes through an input of the
 * bench's own, so the page reads the very bytes the tool was given.
 */
async function floorRun(page: Page, photoPath: string, width: number, height: number, output: FloorOutput) {
  await page.evaluate(() => {
    if (document.getElementById('__imageFloor')) return;
    const input = document.createElement('input');
    input.type = 'file';
    input.id = '__imageFloor';
    input.hidden = true;
    document.body.append(input);
  });
  await page.locator('#__imageFloor').setInputFiles(photoPath);
  return page.evaluate(
    async ({ width, height, output }) => {
      const file = (document.getElementById('__imageFloor') as HTMLInputElement).files![0]!;
      const start = performance.now();
      const bitmap = await createImageBitmap(file);
      let [sx, sy, sw, sh] = [0, 0, bitmap.width, bitmap.height];
      if (output.cover) {
        const scale = Math.max(width / sw, height / sh);
        [sw, sh] = [width / scale, height / scale];
        [sx, sy] = [(bitmap.width - sw) / 2, (bitmap.height - sh) / 2];
      }
      const canvas = new OffscreenCanvas(width, height);
      canvas.getContext('2d')!.drawImage(bitmap, sx, sy, sw, sh, 0, 0, width, height);
      bitmap.close();
      const blob = await canvas.convertToBlob({
        type: output.type,
        ...(output.quality ? { quality: output.quality } : {}),
      });
      return { ms: performance.now() - start, bytes: blob.size, type: blob.type };
    },
    { width, height, output },
  );
}
const mark = (pass: boolean) => (pass ? 'met' : 'NOT met');

/** The batch comparison: this many copies of the 12 MP photo through the compressor's defaults. */
const BATCH_FILES = 20;
const BATCH_GOALS = { speedup: 1.6, heapBytes: 1024 ** 3 } as const;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The same files through the single-image screen one after another, then as one batch in the worker pool. */
async function batchVersusOneAtATime(photoPath: string) {
  const paths = Array.from({ length: BATCH_FILES }, (_, index) => {
    const copy = path.join(dir, `photo-${index + 1}.jpg`);
    writeFileSync(copy, photo);
    return copy;
  });
  console.log(
    `\nbatch: ${BATCH_FILES} × ${WIDTH} × ${HEIGHT} JPEGs through the compressor (defaults), one at a time vs one batch`,
  );
  const results: Record<'single' | 'batch', { ms: number; peakPage: number; peakWorkers: number | null }> = {
    single: { ms: Number.NaN, peakPage: 0, peakWorkers: null },
    batch: { ms: Number.NaN, peakPage: 0, peakWorkers: null },
  };

  for (const mode of ['single', 'batch'] as const) {
    const context = await newConsentedContext(browser, baseURL, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('/image-compressor');
    await page.getByRole('heading', { level: 2, name: 'Upload Image' }).waitFor();
    const heap = await HeapSampler.attach(page);
    await heap.start();
    const started = performance.now();
    if (mode === 'single') {
      for (const file of paths) {
        await page.getByLabel('Upload image').setInputFiles(file);
        await page.getByRole('button', { name: 'Compress Image' }).click();
        await page.getByText(/^Compressed to /).waitFor({ timeout: 120_000 });
      }
    } else {
      await page.getByLabel('Choose or drop images for the batch').setInputFiles(paths);
      await page.getByRole('button', { name: `Process ${BATCH_FILES} images` }).click();
      await page.getByText(`${BATCH_FILES} of ${BATCH_FILES} done.`).waitFor({ timeout: 600_000 });
    }
    const ms = performance.now() - started;
    await heap.stop();
    results[mode] = {
      ms,
      peakPage: heap.pagePeak,
      peakWorkers: heap.workerSeen ? heap.workerPeak + heap.workerBuffersPeak : null,
    };
    await heap.detach();
    await context.close();
  }
  void photoPath;

  const cores = await (async () => {
    const context = await newConsentedContext(browser, baseURL);
    const page = await context.newPage();
    await page.goto('/');
    const value = await page.evaluate(() => navigator.hardwareConcurrency);
    await context.close();
    return value;
  })();
  for (const mode of ['single', 'batch'] as const) {
    const { ms, peakPage, peakWorkers } = results[mode];
    const workers =
      peakWorkers === null ? 'workers: not measurable here' : `workers together ${mb(peakWorkers)} (heap + buffers)`;
    console.log(
      `  ${(mode === 'single' ? 'one at a time' : `batch (pool of ${Math.min(4, cores)})`).padEnd(22)} ${fmt(ms)} total, ` +
        `${fmt(ms / BATCH_FILES).trim()} a file; peak JS heap: page ${mb(peakPage)}, ${workers}`,
    );
  }
  const speedup = results.single.ms / results.batch.ms;
  const heap = results.batch.peakPage + (results.batch.peakWorkers ?? 0);
  console.log(
    `  speed-up ${speedup.toFixed(2)}× (goal ≥ ${BATCH_GOALS.speedup}× on ${cores} cores: ${mark(speedup >= BATCH_GOALS.speedup)}); ` +
      `batch peak heap ${mb(heap)} (goal < 1 GB: ${mark(heap < BATCH_GOALS.heapBytes)})`,
  );
}

const { baseURL, close } = await startApp();
const browser = await launchChromium();
const dir = mkdtempSync(path.join(tmpdir(), 'toolvault-image-bench-'));
let photo: Buffer = Buffer.alloc(0);

try {
  const generated = performance.now();
  photo = photoLikeJpeg(WIDTH, HEIGHT);
  // Chosen by path: Playwright then hands the browser the file's name, where a Buffer would cross
  // the DevTools connection as a 13 MB message that the page's main thread itself has to unpack.
  const photoPath = path.join(dir, 'photo.jpg');
  writeFileSync(photoPath, photo);
  console.log(
    `${WIDTH} × ${HEIGHT} photo-like JPEG (${(photo.length / 1024 / 1024).toFixed(2)} MB, generated in ${Math.round(performance.now() - generated)} ms) ` +
      `through the real screens in Chromium ${browser.version()}`,
  );
  console.log(
    "times are from the file input's change (upload) and from the form's submit (run) to the result card on screen\n",
  );

  const context = await newConsentedContext(browser, baseURL, { viewport: { width: 1280, height: 900 } });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  let worstTask = 0;
  let compressMs = Number.NaN;

  for (const step of STEPS) {
    await page.goto(step.path);
    await page.getByRole('heading', { level: 2, name: 'Upload Image' }).waitFor();
    await step.configure?.(page);
    await page.getByLabel('Upload image').setInputFiles(photoPath);
    await page.getByRole('button', { name: step.button }).click();
    await page.getByRole('heading', { level: 2, name: 'Result' }).waitFor({ timeout: 120_000 });
    await page.waitForTimeout(SETTLE_MS);
    const marks = await page.evaluate(() => (window as unknown as { __imageBench: Marks }).__imageBench);
    const dimensions = await page
      .locator('dt', { hasText: /dimensions$/ })
      .last()
      .locator('xpath=following-sibling::dd')
      .textContent();
    const uploadMs = marks.result! - marks.upload!;
    const runMs = marks.result! - marks.submit!;
    const tasks = marks.longTasks.filter(
      (task) => task.start >= marks.upload! && task.start <= marks.result! + SETTLE_MS,
    );
    const longest = Math.max(0, ...tasks.map((task) => task.duration));
    worstTask = Math.max(worstTask, longest);
    if (step.path === '/image-compressor') compressMs = runMs;
    const goal = step.goalMs === undefined ? '' : `   goal run ≤ ${step.goalMs} ms: ${mark(runMs <= step.goalMs)}`;
    console.log(`${step.label.padEnd(50)} → ${dimensions}`);
    console.log(`  upload → result ${fmt(uploadMs)}   run → result ${fmt(runMs)}${goal}`);
    if (step.figure && step.floor) {
      const [width, height] = (/(\d+)\s*×\s*(\d+)/.exec(dimensions ?? '') ?? []).slice(1).map(Number);
      if (width && height) {
        // What the tool wrote, from the file name shown beside its Download button: the floor must write the same.
        const saved =
          (await page
            .getByRole('button', { name: /^Download/ })
            .last()
            .locator('xpath=following-sibling::span')
            .textContent({ timeout: 2000 })
            .catch(() => null)) ?? '';
        const toolType = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' }[saved.split('.').pop() ?? ''];
        const floor = await floorRun(page, photoPath, width, height, step.floor);
        const same =
          toolType === floor.type
            ? 'same format as the tool'
            : `the tool wrote ${saved || 'an unknown format'}: NOT the same format`;
        console.log(
          `  floor (createImageBitmap + OffscreenCanvas → ${floor.type}, ${(floor.bytes / 1024).toFixed(0)} KB, ${same}) ${fmt(floor.ms)}`,
        );
        recordFigure(step.figure, { value: runMs, floor: floor.ms });
      } else console.log(`  floor not run: the result's dimensions could not be read (${dimensions})`);
    }
    console.log(
      `  main thread: ${tasks.length} long task(s), longest ${fmt(longest).trim()}   goal ≤ ${GOALS.longTaskMs} ms: ${mark(longest <= GOALS.longTaskMs)}`,
    );
  }

  console.log(
    `\nsummary: compress ${Math.round(compressMs)} ms (goal ≤ ${GOALS.compressMs} ms: ${mark(compressMs <= GOALS.compressMs)}); ` +
      `longest main-thread task ${Math.round(worstTask)} ms (goal ≤ ${GOALS.longTaskMs} ms: ${mark(worstTask <= GOALS.longTaskMs)})`,
  );
  await context.close();

  await batchVersusOneAtATime(photoPath);
} finally {
  await browser.close();
  close();
  rmSync(dir, { recursive: true, force: true });
}
