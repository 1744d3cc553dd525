import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSummary, compressibleFiles, MIN_BYTES, precompressDir } from './precompress';

describe('precompressing the build (build/precompress.ts)', () => {
  let dir: string;
  const text = 'const answer = 42;\n'.repeat(200);

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'toolvault-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, content: string | Buffer) => writeFileSync(path.join(dir, name), content);

  it.each([
    ['assets/app.js', true],
    ['assets/app.css', true],
    ['index.html', true],
    ['favicon.svg', true],
    ['manifest.webmanifest', true],
    ['assets/core.wasm', true],
    ['lang/eng.traineddata.gz', false], // compressed already
    ['assets/font.woff2', false],
    ['assets/photo.png', false],
  ])('%s is compressible: %s', async (name, expected) => {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    write(name, text);
    expect((await compressibleFiles(dir)).map((file) => path.relative(dir, file))).toEqual(expected ? [name] : []);
  });

  it(`leaves files under ${MIN_BYTES} bytes alone`, async () => {
    write('small.js', 'x'.repeat(MIN_BYTES - 1));
    write('big.js', 'x'.repeat(MIN_BYTES));
    expect((await compressibleFiles(dir)).map((file) => path.basename(file))).toEqual(['big.js']);
  });

  it('writes a Brotli and a gzip sibling that decode to the original', async () => {
    write('assets/app.js', text);
    const [result] = await precompressDir(dir);
    const file = path.join(dir, 'assets/app.js');
    expect(zlib.brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(text);
    expect(zlib.gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(text);
    expect(result).toMatchObject({ file, bytes: text.length });
    expect(result!.brotli).toBeLessThan(result!.gzip);
    expect(result!.gzip).toBeLessThan(text.length / 10);
  });

  it('writes no variant that would not be smaller than the file', async () => {
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 2654435761) >>> 24));
    write('assets/noise.wasm', zlib.gzipSync(zlib.gzipSync(noise)));
    await precompressDir(dir);
    expect(existsSync(path.join(dir, 'assets/noise.wasm.gz'))).toBe(false);
  });

  it('sums the build up in one line', () => {
    const results = [
      { file: 'a.js', bytes: 2_048_000, brotli: 512_000, gzip: 600_000 },
      // A variant that would not be smaller is not written: the file counts as it is.
      { file: 'b.wasm', bytes: 10_240, brotli: 20_000, gzip: 20_000 },
    ];
    expect(buildSummary('dist', 5.04, results)).toBe(
      'Web app built in 5.0 s to dist: 2 text and WebAssembly files, 2,010 KiB (510 KiB with Brotli).',
    );
  });
});
