import { existsSync, readFileSync, statSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { tesseractAssets, tesseractAssetsPlugin } from '../../../build/tesseract-assets';
import { OCR_LANGUAGE_BYTES, OCR_SHIPPED_LANGUAGES } from './ocr-assets';

describe('the OCR files the build copies (build/tesseract-assets.ts)', () => {
  const assets = tesseractAssets();

  it("are exactly the worker, the three LSTM-only cores (loader + wasm) and the seven languages' data", () => {
    expect(assets.map((asset) => asset.fileName)).toEqual([
      'vendor/tesseract/worker.min.js',
      'vendor/tesseract/tesseract-core-relaxedsimd-lstm.js',
      'vendor/tesseract/tesseract-core-relaxedsimd-lstm.wasm',
      'vendor/tesseract/tesseract-core-simd-lstm.js',
      'vendor/tesseract/tesseract-core-simd-lstm.wasm',
      'vendor/tesseract/tesseract-core-lstm.js',
      'vendor/tesseract/tesseract-core-lstm.wasm',
      'vendor/tesseract/lang/eng.traineddata.gz',
      'vendor/tesseract/lang/spa.traineddata.gz',
      'vendor/tesseract/lang/fra.traineddata.gz',
      'vendor/tesseract/lang/deu.traineddata.gz',
      'vendor/tesseract/lang/chi_sim.traineddata.gz',
      'vendor/tesseract/lang/jpn.traineddata.gz',
      'vendor/tesseract/lang/kor.traineddata.gz',
    ]);
  });

  it.each(OCR_SHIPPED_LANGUAGES)(
    '%s: the integer LSTM model from its npm package, gzip-compressed, of the size the screen shows',
    (code) => {
      const lang = assets.find((asset) => asset.fileName.endsWith(`/${code}.traineddata.gz`))!;
      expect(lang.source).toMatch(
        new RegExp(`@tesseract\\.js-data[\\\\/]${code}[\\\\/]4\\.0\\.0_best_int[\\\\/]${code}\\.traineddata\\.gz$`),
      );
      expect([...readFileSync(lang.source).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
      expect(statSync(lang.source).size).toBe(OCR_LANGUAGE_BYTES[code]);
    },
  );

  it.each(tesseractAssets().map((asset) => [asset.fileName, asset.source]))(
    '%s exists in node_modules',
    (_name, source) => {
      expect(existsSync(source)).toBe(true);
      expect(statSync(source).size).toBeGreaterThan(1000);
    },
  );

  it('takes the integer LSTM English model, gzip-compressed', () => {
    const lang = assets.find((asset) => asset.fileName.endsWith('eng.traineddata.gz'))!;
    expect(lang.source).toMatch(/@tesseract\.js-data[\\/]eng[\\/]4\.0\.0_best_int[\\/]eng\.traineddata\.gz$/);
    expect([...readFileSync(lang.source).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  });

  it('emits every file into the build output', () => {
    const plugin = tesseractAssetsPlugin();
    const emitFile = vi.fn();
    (plugin.generateBundle as (this: unknown) => void).call({ emitFile });
    expect(emitFile.mock.calls.map(([file]) => file.fileName)).toEqual(assets.map((asset) => asset.fileName));
    expect(emitFile.mock.calls.every(([file]) => file.type === 'asset' && file.source.length > 0)).toBe(true);
  });

  it('serves them in `vite dev` with the right types and passes other requests on', async () => {
    const plugin = tesseractAssetsPlugin();
    (plugin.configResolved as (config: { base: string }) => void)({ base: '/' });
    let middleware: (req: unknown, res: unknown, next: () => void) => void = () => {};
    (plugin.configureServer as (server: unknown) => void)({
      middlewares: { use: (handler: typeof middleware) => (middleware = handler) },
    });

    const request = async (url: string) => {
      const res = Object.assign(
        new PassThrough(),
        { headers: {} as Record<string, unknown> },
        {
          setHeader(name: string, value: unknown) {
            res.headers[name.toLowerCase()] = value;
          },
        },
      );
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      const next = vi.fn();
      const done = new Promise<void>((resolve) => res.on('end', resolve));
      middleware({ url, method: 'GET' }, res, next);
      if (next.mock.calls.length > 0) return { next: true, headers: res.headers, body: Buffer.alloc(0) };
      await done;
      return { next: false, headers: res.headers, body: Buffer.concat(chunks) };
    };

    const wasm = await request('/vendor/tesseract/tesseract-core-simd-lstm.wasm?import');
    expect(wasm.next).toBe(false);
    expect(wasm.headers['content-type']).toBe('application/wasm');
    expect([...wasm.body.subarray(0, 4)]).toEqual([0x00, 0x61, 0x73, 0x6d]);
    const lang = await request('/vendor/tesseract/lang/eng.traineddata.gz');
    expect(lang.headers['content-type']).toBe('application/gzip');
    expect(lang.headers['content-encoding']).toBeUndefined();
    const worker = await request('/vendor/tesseract/worker.min.js');
    expect(worker.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(worker.body.length).toBe(worker.headers['content-length']);

    expect((await request('/vendor/tesseract/tesseract-core.wasm')).next).toBe(true);
    expect((await request('/image-ocr')).next).toBe(true);
  });
});
