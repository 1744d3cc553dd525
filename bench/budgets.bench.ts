/**
 * Performance budgets (docs/decisions/0013-performance-goals.md): per route type, the JavaScript transferred on the first load
 * measured in Debian's Chromium (raw and gzip), then Lighthouse (mobile, default throttling) on
 * home, /hash-generator, /image-compressor and /blog, with the goals beside the figures. Prints
 * figures only; the pass/fail budget (150 KB gzip on home) is e2e/budgets.e2e.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { launchChromium, requireBuild, requireChromium, startApp } from './support';

/** 1 KB = 1000 bytes, as in Vite's build report and e2e/budgets.e2e.ts. */
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
/** Lighthouse audits behind the performance score, and their short names. */
const PERFORMANCE_METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;
const LIGHTHOUSE_ROUTES = ['/', '/hash-generator', '/image-compressor', '/blog'] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

if (!requireBuild('budgets') || !requireChromium('budgets')) process.exit(0);

const mark = (pass: boolean) => (pass ? 'met' : 'NOT met');
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const { baseURL, close } = await startApp();

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

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Debian's Chromium with a DevTools port for Lighthouse (which never downloads a browser here). */
async function launchDebugChromium(): Promise<{ port: number; process: ChildProcess; profile: string }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'toolvault-lighthouse-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    // Its own process group: the renderers and helpers it starts are stopped with it.
    { stdio: 'ignore', detached: true },
  );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Chromium exited (${child.exitCode})`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return { port, process: child, profile };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  killGroup(child, 'SIGKILL');
  throw new Error('Chromium did not open its DevTools port');
}

async function runLighthouse(): Promise<void> {
  console.log('\nLighthouse (mobile form factor, simulated throttling)');
  let chrome: Awaited<ReturnType<typeof launchDebugChromium>> | undefined;
  try {
    const { default: lighthouse } = await import('lighthouse');
    chrome = await launchDebugChromium();
    console.log(
      `  ${'path'.padEnd(18)} ${CATEGORIES.map((category) => category.padStart(14)).join(' ')}   goals: performance ≥ ${GOALS.performance}, accessibility = ${GOALS.accessibility}`,
    );
    for (const route of LIGHTHOUSE_ROUTES) {
      const result = await lighthouse(`${baseURL}${route}`, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`no result for ${route}`);
      const scores = CATEGORIES.map((category) => {
        const score = result.lhr.categories[category]?.score;
        return typeof score === 'number' ? Math.round(score * 100) : Number.NaN;
      });
      const [performance, accessibility] = scores as [number, number, number, number];
      const problem = result.lhr.runtimeError ? `   runtime error: ${result.lhr.runtimeError.message}` : '';
      console.log(
        `  ${route.padEnd(18)} ${scores.map((score) => String(score).padStart(14)).join(' ')}` +
          `   performance ${mark(performance >= GOALS.performance)}, accessibility ${mark(accessibility === GOALS.accessibility)}${problem}`,
      );
      // What the performance score is made of, to see where a miss comes from.
      const metrics = PERFORMANCE_METRICS.map(([id, label]) =>
        `${label} ${result.lhr.audits[id]?.displayValue ?? '?'}`.replace(/\u00a0/g, ' '),
      );
      console.log(`  ${''.padEnd(18)} ${metrics.join(', ')}`);
    }
  } catch (error) {
    console.log(`  Lighthouse could not run here: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    if (chrome) {
      const exited = new Promise((resolve) => chrome?.process.once('exit', resolve));
      killGroup(chrome.process, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (chrome.process.exitCode === null) killGroup(chrome.process, 'SIGKILL');
      rmSync(chrome.profile, { recursive: true, force: true });
    }
  }
}

try {
  await measureJavaScript();
  await runLighthouse();
} finally {
  close();
}
