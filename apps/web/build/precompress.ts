/**
 * Precompresses the build output (docs/decisions/0013-performance-goals.md): every text or
 * WebAssembly file gets a Brotli (`.br`) and a gzip (`.gz`) sibling, written
 * once at build time at the highest quality, so the server answers with
 * `Content-Encoding` without compressing anything per request (see
 * apps/api/src/http/spa.ts). The OCR engine's wasm shrinks from ~2.8 MB to
 * well under 1 MB this way.
 *
 * Runs after every other plugin has written its files (the service worker
 * included), and only for `vite build`.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Formats worth compressing; images, fonts and `.gz` data are compressed already. */
export const COMPRESSIBLE = /\.(?:m?js|css|html|svg|json|webmanifest|wasm|txt|xml)$/;
/** Below this, the saving does not pay for the extra header and file. */
export const MIN_BYTES = 1024;

export interface Compressed {
  file: string;
  bytes: number;
  brotli: number;
  gzip: number;
}

/** Writes `file.br` and `file.gz` next to `file`; a variant that would not be smaller is not written. */
export async function precompressFile(file: string): Promise<Compressed> {
  const source = await readFile(file);
  const isText = !file.endsWith('.wasm');
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: isText
          ? zlib.constants.BROTLI_MODE_TEXT
          : zlib.constants.BROTLI_MODE_GENERIC,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
  return { file, bytes: source.length, brotli: br.length, gzip: gz.length };
}

/** Every compressible file of at least MIN_BYTES under `dir`, recursively. */
export async function compressibleFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
  return files.filter((_, i) => sizes[i]! >= MIN_BYTES);
}

export async function precompressDir(dir: string): Promise<Compressed[]> {
  return Promise.all((await compressibleFiles(dir)).map(precompressFile));
}

/** The build's one line: where it went, how long it took, and what the precompressed files weigh. */
export function buildSummary(outDir: string, seconds: number, results: readonly Compressed[]): string {
  const kib = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} KiB`;
  const before = results.reduce((sum, r) => sum + r.bytes, 0);
  const after = results.reduce((sum, r) => sum + Math.min(r.brotli, r.bytes), 0);
  return (
    `Web app built in ${seconds.toFixed(1)} s to ${outDir}: ` +
    `${results.length} text and WebAssembly files, ${kib(before)} (${kib(after)} with Brotli).`
  );
}

export function precompressPlugin(): Plugin {
  let outDir = '';
  let started = 0;
  return {
    name: 'toolvault:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildStart() {
      started = performance.now();
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const results = await precompressDir(outDir);
        // The last step of the build prints its summary. On the console itself: a build logs only
        // warnings (vite.config.ts), which would hide a plugin's info message.
        console.info(
          buildSummary(path.relative(process.cwd(), outDir) || '.', (performance.now() - started) / 1000, results),
        );
      },
    },
  };
}
