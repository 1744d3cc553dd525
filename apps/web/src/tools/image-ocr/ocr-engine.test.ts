import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isAbortError } from '../../lib/simulation';
import { createOcrEngine } from './ocr-engine';

/** What createWorker was given, and a hand-driven worker behind it. */
interface Started {
  language: string;
  oem: number;
  options: {
    workerPath: string;
    corePath: string;
    langPath: string;
    workerBlobURL: boolean;
    gzip: boolean;
    cacheMethod: string;
    logger: (message: { status: string; progress: number }) => void;
    errorHandler: (error: unknown) => void;
  };
  resolve: () => void;
  reject: (error: unknown) => void;
  worker: { recognize: ReturnType<typeof vi.fn>; terminate: ReturnType<typeof vi.fn> };
}

const started: Started[] = [];
const createWorker = vi.fn((language: string, oem: number, options: Started['options']) => {
  const worker = {
    recognize: vi.fn(async () => ({ data: { text: 'Hello\n', confidence: 91.5 } })),
    terminate: vi.fn(async () => ({ jobId: 'x', data: null })),
  };
  return new Promise((resolve, reject) => {
    started.push({ language, oem, options, worker, resolve: () => resolve(worker), reject });
  });
});

vi.mock('tesseract.js', () => ({
  default: { createWorker: (...args: Parameters<typeof createWorker>) => createWorker(...args), OEM: { LSTM_ONLY: 1 } },
}));

const image = () => new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
const nextTick = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Lets the dynamic import settle so createWorker has been called. */
async function startedWorker(index = started.length): Promise<Started> {
  await vi.waitFor(() => expect(started.length).toBeGreaterThan(index));
  return started[index]!;
}

beforeEach(() => {
  started.length = 0;
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 40, height: 20, close: vi.fn() })),
  );
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(
        readonly width: number,
        readonly height: number,
      ) {}
      getContext() {
        return { drawImage: vi.fn() };
      }
    },
  );
});

describe('createOcrEngine', () => {
  it("starts tesseract.js's worker with this site's files, LSTM only, and reads the image", async () => {
    const engine = createOcrEngine();
    const onProgress = vi.fn();
    const run = engine.recognize(image(), { language: 'eng', onProgress });
    const start = await startedWorker();
    expect(start.language).toBe('eng');
    expect(start.oem).toBe(1);
    const origin = window.location.origin;
    expect(start.options).toMatchObject({
      workerPath: `${origin}/vendor/tesseract/worker.min.js`,
      langPath: `${origin}/vendor/tesseract/lang`,
      workerBlobURL: false,
      gzip: true,
      cacheMethod: 'none',
    });
    expect(start.options.corePath).toMatch(
      new RegExp(`^${origin}/vendor/tesseract/tesseract-core-(relaxedsimd-|simd-)?lstm\\.js$`),
    );
    start.options.logger({ status: 'loading language traineddata', progress: 0.5 });
    expect(onProgress).toHaveBeenCalledWith({ status: 'loading language traineddata', progress: 0.5 });
    // Thinned (throttleOcrProgress): the same status again at once is dropped, a new one passes.
    start.options.logger({ status: 'loading language traineddata', progress: 0.6 });
    start.options.logger({ status: 'initializing api', progress: 0 });
    expect(onProgress.mock.calls).toEqual([
      [{ status: 'loading language traineddata', progress: 0.5 }],
      [{ status: 'initializing api', progress: 0 }],
    ]);
    start.resolve();
    expect(await run).toEqual({ ok: true, value: { text: 'Hello\n', confidence: 91.5 } });
    // The decoded image goes to the engine as a canvas in its EXIF orientation.
    expect(createImageBitmap).toHaveBeenCalledWith(expect.any(Blob), { imageOrientation: 'from-image' });
    expect(start.worker.recognize).toHaveBeenCalledWith(expect.objectContaining({ width: 40, height: 20 }));
  });

  it('prepares by loading the script only: no worker starts until the first run', async () => {
    const engine = createOcrEngine();
    engine.prepare();
    engine.prepare();
    await nextTick();
    await nextTick();
    expect(createWorker).not.toHaveBeenCalled();
    const run = engine.recognize(image(), { language: 'eng' });
    (await startedWorker()).resolve();
    expect(await run).toMatchObject({ ok: true });
    expect(createWorker).toHaveBeenCalledTimes(1);
  });

  it('hands a plain PNG to the engine as it is: no decode, no canvas, no re-encode', async () => {
    const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    const chunk = (type: string) => [0, 0, 0, 0, ...[...type].map((char) => char.charCodeAt(0)), 0, 0, 0, 0];
    const file = new Blob([new Uint8Array([...signature, ...chunk('IHDR'), ...chunk('IDAT')])], { type: 'image/png' });
    const engine = createOcrEngine();
    const run = engine.recognize(file, { language: 'eng' });
    (await startedWorker()).resolve();
    expect(await run).toEqual({ ok: true, value: { text: 'Hello\n', confidence: 91.5 } });
    expect(started[0]!.worker.recognize).toHaveBeenCalledWith(file);
    expect(createImageBitmap).not.toHaveBeenCalled();
  });

  it('keeps the worker between runs and terminates it on dispose', async () => {
    const engine = createOcrEngine();
    const first = engine.recognize(image(), { language: 'eng' });
    (await startedWorker()).resolve();
    await first;
    expect(await engine.recognize(image(), { language: 'eng' })).toMatchObject({ ok: true });
    expect(createWorker).toHaveBeenCalledTimes(1);
    expect(started[0]!.worker.recognize).toHaveBeenCalledTimes(2);
    await engine.dispose();
    await nextTick();
    expect(started[0]!.worker.terminate).toHaveBeenCalledTimes(1);
  });

  it('turns a start-up failure that tesseract.js only reports to errorHandler into an error value', async () => {
    const engine = createOcrEngine();
    const run = engine.recognize(image(), { language: 'eng' });
    const start = await startedWorker();
    start.options.errorHandler('Error: Network error while fetching /vendor/tesseract/lang/eng.traineddata.gz');
    expect(await run).toEqual({
      ok: false,
      error: 'Error: Network error while fetching /vendor/tesseract/lang/eng.traineddata.gz',
    });
    // The next run does not reuse the broken worker.
    const retry = engine.recognize(image(), { language: 'eng' });
    (await startedWorker(1)).resolve();
    expect(await retry).toMatchObject({ ok: true });
    expect(createWorker).toHaveBeenCalledTimes(2);
  });

  it('returns an error value when recognition fails, and replaces that worker', async () => {
    const engine = createOcrEngine();
    const first = engine.recognize(image(), { language: 'eng' });
    const start = await startedWorker();
    start.worker.recognize.mockRejectedValueOnce('RuntimeError: memory access out of bounds');
    start.resolve();
    expect(await first).toEqual({ ok: false, error: 'RuntimeError: memory access out of bounds' });
    await nextTick();
    expect(start.worker.terminate).toHaveBeenCalledTimes(1);
    // An error reported to errorHandler after start-up does not disturb anything.
    start.options.errorHandler('late');
    const second = engine.recognize(image(), { language: 'eng' });
    (await startedWorker(1)).resolve();
    expect(await second).toMatchObject({ ok: true });
  });

  it('returns an error value for an image the browser cannot decode, without starting the engine', async () => {
    vi.mocked(createImageBitmap).mockRejectedValueOnce(new DOMException('The source image could not be decoded.'));
    const engine = createOcrEngine();
    expect(await engine.recognize(image(), { language: 'eng' })).toEqual({
      ok: false,
      error: 'The image could not be decoded: The source image could not be decoded.',
    });
    expect(createWorker).not.toHaveBeenCalled();
  });

  it('cancels a recognition: rejects with an AbortError and terminates the worker at once', async () => {
    const engine = createOcrEngine();
    const controller = new AbortController();
    const run = engine.recognize(image(), { language: 'eng', signal: controller.signal });
    const start = await startedWorker();
    start.worker.recognize.mockReturnValueOnce(new Promise(() => {}));
    start.resolve();
    await vi.waitFor(() => expect(start.worker.recognize).toHaveBeenCalled());
    controller.abort();
    const outcome = await run.catch((error: unknown) => error);
    expect(isAbortError(outcome)).toBe(true);
    await nextTick();
    expect(start.worker.terminate).toHaveBeenCalledTimes(1);
    // The next run starts a fresh worker.
    const next = engine.recognize(image(), { language: 'eng' });
    (await startedWorker(1)).resolve();
    expect(await next).toMatchObject({ ok: true });
  });

  it('cancels while the engine is still starting: the worker is terminated as soon as it is up', async () => {
    const engine = createOcrEngine();
    const controller = new AbortController();
    const onProgress = vi.fn();
    const run = engine.recognize(image(), { language: 'eng', signal: controller.signal, onProgress });
    const start = await startedWorker();
    controller.abort();
    expect(isAbortError(await run.catch((error: unknown) => error))).toBe(true);
    // A dropped start reports no more progress.
    start.options.logger({ status: 'loading language traineddata', progress: 1 });
    expect(onProgress).not.toHaveBeenCalled();
    start.resolve();
    await vi.waitFor(() => expect(start.worker.terminate).toHaveBeenCalledTimes(1));
    expect(start.worker.recognize).not.toHaveBeenCalled();
  });

  it('refuses to run with a signal that has already fired', async () => {
    const engine = createOcrEngine();
    const outcome = await engine.recognize(image(), { language: 'eng', signal: AbortSignal.abort() }).catch((e) => e);
    expect(isAbortError(outcome)).toBe(true);
    expect(createWorker).not.toHaveBeenCalled();
  });
});
