/**
 * Performance budgets (docs/decisions/0013-performance-goals.md): per route type, the JavaScript transferred on the first load
 * measured in Debian's Chromium (raw and gzip), then Lighthouse (mobile, default throttling) on
 * home, /hash-generator, /image-compressor and /blog, with the goals beside the figures. First,
 * the table's figure (bench/results.mjs): every byte of HTML, CSS and JavaScript the first load of
 * `/` fetches, each body gzip'd. Prints figures only; the pass/fail budget (150 KB gzip of
 * JavaScript on home) is e2e/budgets-first-load.e2e.ts.
 */
import { gzipSync } from 'node:zlib';
import { recordFigure } from './results.mjs';
import {
  LIGHTHOUSE_CATEGORIES,
  launchChromium,
  requireBuild,
  requireChromium,
  startApp,
  withLighthouse,
} from './support';

/** 1 KB = 1000 bytes, as in Vite's build report and e2e/budgets-first-load.e2e.ts. */
const KB = 1000;
const GOALS = { homeGzipKb: 120, performance: 95, accessibility: 100 } as const;

const JS_ROUTES = [
  { type: 'home', path: '/' },
  { type: 'light tool', path: '/hash-generator' },
  { type: 'image tool', path: '/image-compressor' },
  { type: 'OCR page', path: '/image-ocr' },
  { type: 'blog list', path: '/blog' },
  { type: 'blog admin', path: '/blog-admin' },
] as const;
const LIGHTHOUSE_ROUTES = ['/', '/hash-generator', '/image-compressor', '/blog'] as const;

if (!requireBuild('budgets') || !requireChromium('budgets')) process.exit(0);

const mark = (pass: boolean) => (pass ? 'met' : 'NOT met');
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

const { baseURL, close } = await startApp();

/** The HTML, CSS and JavaScript of the first load of `/` in a fresh context, each body gzip'd at level 9. */
async function measureFirstLoad(): Promise<void> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const bodies: Promise<{ type: string; raw: number; gzip: number }>[] = [];
    page.on('requestfinished', (request) => {
      const type = request.resourceType();
      if (type !== 'document' && type !== 'stylesheet' && type !== 'script') return;
      bodies.push(
        request
          .response()
          .then((response) => response!.body())
          .then((body) => ({ type, raw: body.length, gzip: gzipSync(body, { level: 9 }).length })),
      );
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    const files = await Promise.all(bodies);
    const sum = (type: string) =>
      files.filter((file) => file.type === type).reduce((total, file) => total + file.gzip, 0);
    const total = files.reduce((sum, file) => sum + file.gzip, 0);
    console.log(
      `first load of / (fresh context): ${files.length} files, gzip ${kb(total)} ` +
        `(HTML ${kb(sum('document'))}, CSS ${kb(sum('stylesheet'))}, JS ${kb(sum('script'))}; ` +
        `raw ${kb(files.reduce((sum, file) => sum + file.raw, 0))})`,
    );
    recordFigure('first-load-bytes', { value: total / KB });
    await context.close();
  } finally {
    await browser.close();
  }
}

async function measureJavaScript(): Promise<void> {
  const browser = await launchChromium();
  try {
    console.log(
      `JavaScript on first load (Chromium ${browser.version()}, fresh context per page; gzip = each script ` +
        "body compressed with node:zlib level 9, the goal's unit; sent = bytes on the wire, Brotli from the server)",
    );
    console.log(
      `  ${'route type'.padEnd(12)} ${'path'.padEnd(18)} ${'scripts'.padStart(7)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'sent'.padStart(10)}`,
    );
    for (const route of JS_ROUTES) {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      const bodies: Promise<Buffer>[] = [];
      const sentSizes: Promise<number>[] = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() !== 'script') return;
        sentSizes.push(request.sizes().then((sizes) => sizes.responseBodySize));
        bodies.push(request.response().then((response) => response!.body()));
      });
      await page.goto(route.path, { waitUntil: 'networkidle' });
      const scripts = await Promise.all(bodies);
      const sent = (await Promise.all(sentSizes)).reduce((sum, size) => sum + size, 0);
      const raw = scripts.reduce((sum, body) => sum + body.length, 0);
      const gzip = scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
      const goal =
        route.type === 'home' ? `   goal ≤ ${GOALS.homeGzipKb} KB gzip: ${mark(gzip <= GOALS.homeGzipKb * KB)}` : '';
      console.log(
        `  ${route.type.padEnd(12)} ${route.path.padEnd(18)} ${String(scripts.length).padStart(7)} ${kb(raw).padStart(10)} ${kb(gzip).padStart(10)} ${kb(sent).padStart(10)}${goal}`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

async function runLighthouse(): Promise<void> {
  console.log('\nLighthouse (mobile form factor, simulated throttling)');
  try {
    await withLighthouse(async (audit) => {
      console.log(
        `  ${'path'.padEnd(18)} ${LIGHTHOUSE_CATEGORIES.map((category) => category.padStart(14)).join(' ')}   goals: performance ≥ ${GOALS.performance}, accessibility = ${GOALS.accessibility}`,
      );
      for (const route of LIGHTHOUSE_ROUTES) {
        const { scores, metrics, runtimeError } = await audit(`${baseURL}${route}`, LIGHTHOUSE_CATEGORIES);
        const problem = runtimeError ? `   runtime error: ${runtimeError}` : '';
        console.log(
          `  ${route.padEnd(18)} ${LIGHTHOUSE_CATEGORIES.map((category) => String(scores[category]).padStart(14)).join(' ')}` +
            `   performance ${mark(scores.performance >= GOALS.performance)}, accessibility ${mark(scores.accessibility === GOALS.accessibility)}${problem}`,
        );
        // What the performance score is made of, to see where a miss comes from.
        console.log(`  ${''.padEnd(18)} ${metrics}`);
      }
    });
  } catch (error) {
    console.log(`  Lighthouse could not run here: ${error instanceof Error ? error.message : String(error)}`);
  }
}

try {
  await measureFirstLoad();
  await measureJavaScript();
  await runLighthouse();
} finally {
  close();
}
