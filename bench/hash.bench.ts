/**
 * File hashing in the browser: the built app in Debian's Chromium hashes a
 * 256 MB file through the Hash Generator's real file input and worker, with
 * SHA-256 and then MD5, timed to the result on screen. Beside it: `openssl dgst`
 * on the same file (the floor of the table's figures, bench/results.mjs) and
 * Node's crypto on the same bytes in the same run, and the peak JS heap of the
 * page and of the hash worker. Prints figures and goals; never fails on them.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { recordFigure } from './results.mjs';
import { HeapSampler, launchChromium, newConsentedContext, requireBuild, requireChromium, startApp } from './support';

const MB = 1024 * 1024;
const FILE_MB = Number(process.env.HASH_BENCH_MB ?? 256);
/**
 * Goals (docs/decisions/0013-performance-goals.md): throughput as a share of Node's crypto,
 * which is OpenSSL's code, so Node stands for `openssl dgst` on the same bytes. Heap growth stays under
 * 64 MB for a streamed file; a file read whole for WebCrypto holds its own size besides (the budget the
 * page states, hash.protocol.ts).
 */
const GOALS = { sha256: 0.6, md5: 0.65, others: 0.15, heapMb: 64 } as const;
/**
 * SHA3-256 and BLAKE3 run beside SHA-256 so their throughput can be compared on one file. Node's
 * crypto has SHA3-256; BLAKE3 is checked against hash-wasm run in Node (the library the tool uses),
 * so its ratio says how much the browser and its worker cost, not how fast BLAKE3 is.
 */
const RUNS: readonly {
  algorithm: string;
  label: string;
  goal: number;
  reference: 'node' | 'hash-wasm';
  /** The table's figure, whose floor is `openssl dgst -<algorithm>` on the same file. */
  figure?: 'hash-sha256' | 'hash-md5';
}[] = [
  { algorithm: 'sha256', label: 'SHA-256', goal: GOALS.sha256, reference: 'node', figure: 'hash-sha256' },
  { algorithm: 'md5', label: 'MD5', goal: GOALS.md5, reference: 'node', figure: 'hash-md5' },
  { algorithm: 'sha3-256', label: 'SHA3-256', goal: GOALS.others, reference: 'node' },
  { algorithm: 'blake3', label: 'BLAKE3', goal: GOALS.others, reference: 'hash-wasm' },
];

/** hash-wasm as the web app resolves it (the bench has no dependency of its own on it). */
async function hashWasmBlake3(data: Buffer): Promise<string> {
  const webRequire = createRequire(path.resolve(import.meta.dirname, '../apps/web/package.json'));
  const { blake3 } = (await import(pathToFileURL(webRequire.resolve('hash-wasm')).href)) as {
    blake3: (data: Uint8Array) => Promise<string>;
  };
  return blake3(data);
}

/** `openssl dgst` on the file: its digest and seconds (wall clock, the process's start included); null without openssl. */
function openssl(algorithm: string, file: string): { digest: string; seconds: number } | null {
  const started = performance.now();
  const result = spawnSync('openssl', ['dgst', `-${algorithm}`, '-r', file], { encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) return null;
  return { digest: result.stdout.split(' ')[0] ?? '', seconds };
}

/** browserMd5Floor's worker, after hash-wasm's MD5 build: a plain script, as the page runs it from a blob:. */
const MD5_FLOOR_WORKER = `
const piece = ${4 * MB};
const hasher = hashwasm.createMD5();
onmessage = async (event) => {
  const md5 = await hasher;
  const { file, inMemory } = event.data;
  if (inMemory) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const started = performance.now();
    md5.init();
    for (let offset = 0; offset < bytes.length; offset += piece) md5.update(bytes.subarray(offset, offset + piece));
    return postMessage({ ms: performance.now() - started, digest: md5.digest() });
  }
  const started = performance.now();
  const reader = file.stream().getReader({ mode: 'byob' });
  let spare = new ArrayBuffer(piece);
  let pending = reader.read(new Uint8Array(new ArrayBuffer(piece)));
  md5.init();
  for (;;) {
    const { done, value } = await pending;
    if (done) break;
    pending = reader.read(new Uint8Array(spare));
    md5.update(value);
    spare = value.buffer;
  }
  postMessage({ ms: performance.now() - started, digest: md5.digest() });
};`;

/**
 * The least this browser needs for a streamed MD5, with nothing of the tool around it: a bare worker
 * (hash-wasm's own MD5 build, already started and initialised) reads the file's byte stream into two
 * buffers in turn, as the tool does, and hashes each piece as it comes; then hash-wasm's MD5 on the same
 * bytes already in that worker's memory, what the WebAssembly can do with no read at all. In a page of its
 * own (CSP bypassed, so the worker can come from a blob:), on the same file.
 */
async function browserMd5Floor(browser: Browser, baseURL: string, filePath: string) {
  const webRequire = createRequire(path.resolve(import.meta.dirname, '../apps/web/package.json'));
  const md5Build = readFileSync(path.join(path.dirname(webRequire.resolve('hash-wasm')), 'md5.umd.min.js'), 'utf8');
  const context = await browser.newContext({ baseURL, bypassCSP: true });
  try {
    const page = await context.newPage();
    await page.goto('/api/health');
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'file';
      input.id = '__md5Floor';
      document.body.append(input);
    });
    await page.locator('#__md5Floor').setInputFiles(filePath);
    return await page.evaluate(async (source) => {
      const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
      const file = (document.getElementById('__md5Floor') as HTMLInputElement).files![0]!;
      // A loop, not a helper: tsx names the functions it compiles with a helper the page does not have.
      const results: { ms: number; digest: string }[] = [];
      for (const inMemory of [false, true]) {
        results.push(
          await new Promise<{ ms: number; digest: string }>((resolve) => {
            worker.onmessage = (event: MessageEvent<{ ms: number; digest: string }>) => resolve(event.data);
            worker.postMessage({ file, inMemory });
          }),
        );
      }
      const [streamed, inMemory] = results as [{ ms: number; digest: string }, { ms: number; digest: string }];
      worker.terminate();
      return { streamedMs: streamed.ms, inMemoryMs: inMemory.ms, digest: streamed.digest };
    }, `${md5Build}\n${MD5_FLOOR_WORKER}`);
  } finally {
    await context.close();
  }
}

/**
 * What this browser itself needs, measured in the same page on the same file with nothing of the tool around it:
 * `file.arrayBuffer()` (the read the WebCrypto path cannot skip: digest takes one whole buffer) and
 * `crypto.subtle.digest` of those bytes (which copies them before hashing). openssl reads the page cache directly,
 * so the gap between this and openssl is the browser's, not the tool's.
 */
async function browserSha256(page: Page, filePath: string): Promise<{ readMs: number; digestMs: number }> {
  await page.evaluate(() => {
    if (document.getElementById('__hashFloor')) return;
    const input = document.createElement('input');
    input.type = 'file';
    input.id = '__hashFloor';
    input.hidden = true;
    document.body.append(input);
  });
  await page.locator('#__hashFloor').setInputFiles(filePath);
  return page.evaluate(async () => {
    const chosen = (document.getElementById('__hashFloor') as HTMLInputElement).files![0]!;
    let started = performance.now();
    const bytes = await chosen.arrayBuffer();
    const readMs = performance.now() - started;
    started = performance.now();
    await crypto.subtle.digest('SHA-256', bytes);
    return { readMs, digestMs: performance.now() - started };
  });
}

if (!requireBuild('hash') || !requireChromium('hash')) process.exit(0);

const mb = (bytes: number) => bytes / MB;
const fmt = (value: number, digits = 1) => value.toFixed(digits);
const mark = (pass: boolean) => (pass ? 'met' : 'NOT met');

const dir = mkdtempSync(path.join(tmpdir(), 'toolvault-hash-bench-'));
const file = path.join(dir, `bench-${FILE_MB}mb.bin`);
const { baseURL, close } = await startApp();
const browser = await launchChromium();

try {
  // Incompressible bytes, written in 8 MB blocks so the writer's memory stays small.
  const fd = openSync(file, 'w');
  for (let written = 0; written < FILE_MB * MB; written += 8 * MB) {
    writeSync(fd, randomBytes(Math.min(8 * MB, FILE_MB * MB - written)));
  }
  closeSync(fd);
  const data = readFileSync(file);

  const context = await newConsentedContext(browser, baseURL);
  const page = await context.newPage();
  const sampler = await HeapSampler.attach(page, 50);
  console.log(
    `${FILE_MB} MB file through /hash-generator's file input and worker (Chromium ${browser.version()}) vs Node ${process.version} crypto on the same bytes`,
  );

  for (const run of RUNS) {
    const { algorithm, label, goal } = run;
    await page.goto('/hash-generator');
    await page.getByRole('combobox', { name: 'Algorithm' }).selectOption(algorithm);
    const fileCard = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'File', exact: true }) });
    const output = fileCard.getByRole('textbox', { name: `${label} hash` });

    // Timed inside the page, from the input's change event to the digest appearing, because
    // Playwright notices a new element only on its next poll (up to 500 ms later).
    await page.evaluate((name) => {
      const marks: { start?: number; end?: number } = {};
      (window as unknown as { __hashBench: typeof marks }).__hashBench = marks;
      document.addEventListener('change', () => (marks.start ??= performance.now()), { capture: true, once: true });
      const observer = new MutationObserver(() => {
        const shown = [...document.querySelectorAll('textarea')].some((area) => area.labels?.[0]?.textContent === name);
        if (shown) {
          marks.end = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
    }, `${label} hash`);

    await sampler.start();
    await fileCard.getByLabel('Drop a file here or click to choose one').setInputFiles(file);
    await output.waitFor({ timeout: 300_000 });
    await sampler.stop();
    const marks = await page.evaluate(
      () => (window as unknown as { __hashBench: { start: number; end: number } }).__hashBench,
    );
    const wallMs = marks.end - marks.start;
    const browserDigest = await output.inputValue();
    const reported = (await fileCard.getByText(/ MB\/s$/).textContent()) ?? '';
    const toolMbps = Number(/([\d.]+) MB\/s$/.exec(reported)?.[1] ?? Number.NaN);

    const nodeStarted = performance.now();
    const nodeDigest =
      run.reference === 'node' ? createHash(algorithm).update(data).digest('hex') : await hashWasmBlake3(data);
    const nodeMs = performance.now() - nodeStarted;

    const browserMbps = FILE_MB / (wallMs / 1000);
    const nodeMbps = FILE_MB / (nodeMs / 1000);
    // The floor reads the file from the page cache, as the browser does (it was just read whole).
    const floor = run.figure ? openssl(algorithm, file) : null;
    const ratio = browserMbps / nodeMbps;
    const pageGrowth = mb(sampler.pagePeak - sampler.pageBaseline);
    const workerPeak = mb(sampler.workerPeak + sampler.workerBuffersPeak);
    const heapGrowth = Math.max(pageGrowth, workerPeak);
    const whole = await fileCard.getByText(/^Read whole/).isVisible();
    const heapGoal = GOALS.heapMb + (whole ? FILE_MB : 0);

    console.log(
      `\n${label} (${whole ? 'read whole, WebCrypto' : 'streamed, hash-wasm'})${browserDigest === nodeDigest ? '' : '   DIGEST MISMATCH: browser and Node disagree'}`,
    );
    console.log(
      `  browser   ${fmt(browserMbps).padStart(7)} MB/s  (${fmt(wallMs / 1000, 2)} s from choosing the file to the digest on screen; the tool shows ${fmt(toolMbps)} MB/s)`,
    );
    const reference = run.reference === 'node' ? 'Node     ' : 'hash-wasm';
    console.log(`  ${reference} ${fmt(nodeMbps).padStart(7)} MB/s  (${fmt(nodeMs / 1000, 2)} s, in Node)`);
    if (floor) {
      const same = floor.digest === browserDigest ? '' : '   DIGEST MISMATCH: browser and openssl disagree';
      console.log(
        `  openssl   ${fmt(FILE_MB / floor.seconds).padStart(7)} MB/s  (${fmt(floor.seconds, 2)} s, openssl dgst -${algorithm} on the file)${same}`,
      );
    }
    console.log(
      `  ratio     ${fmt(ratio * 100).padStart(6)} %     goal ≥ ${goal * 100} % of Node: ${mark(ratio >= goal)}`,
    );
    console.log(
      `  JS heap   page ${fmt(mb(sampler.pageBaseline))} → peak ${fmt(mb(sampler.pagePeak))} MB (growth ${fmt(pageGrowth)} MB); ` +
        `worker peak ${fmt(mb(sampler.workerPeak))} MB heap + ${fmt(mb(sampler.workerBuffersPeak))} MB buffers` +
        `   goal growth < ${heapGoal} MB: ${mark(heapGrowth < heapGoal)}`,
    );
    if (run.figure && floor) {
      // Where the gap to openssl is: what this browser needs at best, with nothing of the tool around it.
      const atBest = (ms: number) =>
        `${fmt((floor.seconds / (ms / 1000)) * 100, 0)} % of openssl at best in this browser`;
      const toolShare = (ms: number) => `the tool took ${fmt((wallMs / ms) * 100, 0)} % of that time`;
      if (algorithm === 'sha256') {
        const own = await browserSha256(page, file);
        const ownMs = own.readMs + own.digestMs;
        console.log(
          `  browser's own ${fmt(FILE_MB / (ownMs / 1000)).padStart(7)} MB/s  (file.arrayBuffer() ${Math.round(own.readMs)} ms + crypto.subtle.digest ${Math.round(own.digestMs)} ms: ${atBest(ownMs)}; ${toolShare(ownMs)})`,
        );
      } else {
        const own = await browserMd5Floor(browser, baseURL, file);
        const same = own.digest === browserDigest ? '' : '   DIGEST MISMATCH: the bare worker and the tool disagree';
        console.log(
          `  browser's own ${fmt(FILE_MB / (own.streamedMs / 1000)).padStart(7)} MB/s  (a bare worker streaming the file into hash-wasm's MD5, ${Math.round(own.streamedMs)} ms: ${atBest(own.streamedMs)}; ${toolShare(own.streamedMs)})${same}`,
        );
        console.log(
          `  hash-wasm ${fmt(FILE_MB / (own.inMemoryMs / 1000)).padStart(7)} MB/s  (its MD5 on the bytes already in that worker's memory: ${fmt((floor.seconds / (own.inMemoryMs / 1000)) * 100, 0)} % of openssl with no read at all; the browser has no native MD5)`,
        );
      }
    }
    if (run.figure) {
      recordFigure(run.figure, {
        value: browserMbps,
        floor: floor ? FILE_MB / floor.seconds : Number.NaN,
        ...(floor ? {} : { note: 'no openssl on this machine: the floor is missing' }),
      });
    }
  }
  await sampler.detach();
  await context.close();
} finally {
  await browser.close();
  close();
  rmSync(dir, { recursive: true, force: true });
}
