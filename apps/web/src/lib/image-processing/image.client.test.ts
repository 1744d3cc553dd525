import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeWorker as SharedFakeWorker } from '../fake-worker';
import {
  createBatchProcessor,
  needsMainThread,
  processImage,
  runImageWorker,
  runOnMainThread,
  workerCanDraw,
} from './image.client';
import type {
  ImageOperation,
  ImageOutput,
  ImageWorkerPreload,
  ImageWorkerRequest,
  ImageWorkerResponse,
} from './operations';

class FakeWorker extends SharedFakeWorker<ImageWorkerRequest | ImageWorkerPreload, ImageWorkerResponse> {}

const request: ImageWorkerRequest = { file: new Blob(['x'], { type: 'image/png' }), operation: { kind: 'grayscale' } };
const output: ImageOutput = { blob: new Blob(['png']), width: 1, height: 1, sourceWidth: 1, sourceHeight: 1 };

describe('runImageWorker', () => {
  it('posts the request, resolves with the result and terminates the worker', async () => {
    const worker = new FakeWorker();
    const run = runImageWorker(request, { createWorker: () => worker });
    expect(worker.sent).toEqual([request]);
    expect(worker.terminate).not.toHaveBeenCalled();
    worker.reply({ type: 'result', result: { ok: true, value: output } });
    await expect(run).resolves.toEqual({ ok: true, value: output });
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });

  it('passes a user error through as a value', async () => {
    const worker = new FakeWorker();
    const run = runImageWorker(request, { createWorker: () => worker });
    worker.reply({ type: 'result', result: { ok: false, error: 'Failed to load image' } });
    await expect(run).resolves.toEqual({ ok: false, error: 'Failed to load image' });
  });

  it('terminates the worker at once on cancel and rejects with an AbortError', async () => {
    const worker = new FakeWorker();
    const controller = new AbortController();
    const run = runImageWorker(request, { createWorker: () => worker, signal: controller.signal });
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(worker.terminate).toHaveBeenCalledTimes(1);
    // A late answer from the terminated worker changes nothing.
    expect(worker.onmessage).toBeNull();
  });

  it('never starts a worker for an already-cancelled run', async () => {
    const create = vi.fn(() => new FakeWorker());
    const controller = new AbortController();
    controller.abort();
    await expect(runImageWorker(request, { createWorker: create, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(create).not.toHaveBeenCalled();
  });

  it('rejects with an Error when the worker crashes or fails to start', async () => {
    const crashed = new FakeWorker();
    const run = runImageWorker(request, { createWorker: () => crashed });
    crashed.reply({ type: 'crash', message: 'boom' });
    await expect(run).rejects.toThrow('boom');
    expect(crashed.terminate).toHaveBeenCalledTimes(1);

    const broken = new FakeWorker();
    const start = runImageWorker(request, { createWorker: () => broken });
    broken.onerror?.({ message: '' } as ErrorEvent);
    await expect(start).rejects.toThrow('The image worker failed to start');
  });
});

describe('workerCanDraw', () => {
  class Canvas {
    convertToBlob() {}
  }
  it.each([
    ['Worker and OffscreenCanvas with convertToBlob', { Worker: class {}, OffscreenCanvas: Canvas }, true],
    ['no OffscreenCanvas (older Safari, jsdom)', { Worker: class {} }, false],
    ['OffscreenCanvas without convertToBlob', { Worker: class {}, OffscreenCanvas: class {} }, false],
    ['no Worker', { OffscreenCanvas: Canvas }, false],
    ['nothing', {}, false],
  ])('%s → %s', (_name, scope, expected) => {
    expect(workerCanDraw(scope as unknown as typeof globalThis)).toBe(expected);
  });
});

describe('needsMainThread', () => {
  it.each([
    ['image/svg+xml', true],
    ['image/png', false],
    ['image/jpeg', false],
    ['', false],
  ])('%j → %s', (type, expected) => {
    expect(needsMainThread(new Blob([], { type }))).toBe(expected);
  });
});

describe('runOnMainThread', () => {
  it('rejects a cancelled run before loading anything', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      runOnMainThread(request.file, { kind: 'grayscale' }, { signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it("reports a file this browser cannot decode as the user's error (jsdom decodes nothing)", async () => {
    await expect(runOnMainThread(request.file, { kind: 'grayscale' })).resolves.toEqual({
      ok: false,
      error: 'Failed to load image',
    });
  });
});

const grayscale: ImageOperation = { kind: 'grayscale' };
const png = (name: string) => new File([new Uint8Array(4)], name, { type: 'image/png' });

describe('createBatchProcessor', () => {
  it('runs files through a pool of at most `size` workers with the same request as a single image', async () => {
    const created: FakeWorker[] = [];
    const processor = createBatchProcessor({
      size: 2,
      canDraw: true,
      createWorker: () => {
        const worker = new FakeWorker();
        created.push(worker);
        return worker;
      },
    });
    expect(processor.concurrency).toBe(2);
    const files = [png('a.png'), png('b.png'), png('c.png')];
    const runs = files.map((file) => processor.run(file, grayscale, {}));
    expect(created).toHaveLength(2);
    expect(created[0]!.sent).toEqual([{ file: files[0], operation: grayscale }]);
    const output = { blob: new Blob(['x']), width: 1, height: 1, sourceWidth: 1, sourceHeight: 1 };
    created[0]!.reply({ type: 'result', result: { ok: true, value: output } });
    await expect(runs[0]).resolves.toEqual({ ok: true, value: output });
    expect(created[0]!.sent[1]).toEqual({ file: files[2], operation: grayscale });
    processor.close();
    await expect(runs[1]).rejects.toMatchObject({ name: 'AbortError' });
    await expect(runs[2]).rejects.toMatchObject({ name: 'AbortError' });
    expect(created.every((worker) => worker.terminate.mock.calls.length === 1)).toBe(true);
  });

  it('runs one file at a time where workers cannot draw', () => {
    expect(createBatchProcessor({ size: 4, canDraw: false }).concurrency).toBe(1);
  });
});

describe('processImage with a worker started when the file is chosen', () => {
  /** A browser whose workers can draw; every Worker it makes is a FakeWorker, in `started`. */
  function drawingBrowser() {
    const started: FakeWorker[] = [];
    vi.stubGlobal(
      'Worker',
      class extends FakeWorker {
        constructor() {
          super();
          started.push(this);
        }
      },
    );
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        convertToBlob() {}
      },
    );
    return started;
  }
  const answer = (worker: FakeWorker) => worker.reply({ type: 'result', result: { ok: true, value: output } });

  afterEach(() => {
    processImage.release?.();
  });

  it('starts the worker on the file at once, and the run on that file takes it, told the file is decoding', async () => {
    const started = drawingBrowser();
    const file = png('a.png');
    processImage.prepare?.(file);
    processImage.prepare?.(file);
    expect(started).toHaveLength(1);
    expect(started[0]!.sent).toEqual([{ preload: file }]);

    const run = processImage(file, grayscale);
    expect(started).toHaveLength(1);
    expect(started[0]!.sent[1]).toEqual({ file, operation: grayscale, preloaded: true });
    answer(started[0]!);
    await expect(run).resolves.toEqual({ ok: true, value: output });
    expect(started[0]!.terminate).toHaveBeenCalledTimes(1);
  });

  it('lets the waiting worker go when another file is chosen or the screen goes, and runs another file in a new one', async () => {
    const started = drawingBrowser();
    const [first, second] = [png('a.png'), png('b.png')];
    processImage.prepare?.(first);
    processImage.prepare?.(second);
    expect(started[0]!.terminate).toHaveBeenCalledTimes(1);
    expect(started[1]!.sent).toEqual([{ preload: second }]);

    const run = processImage(first, grayscale);
    expect(started).toHaveLength(3);
    expect(started[2]!.sent).toEqual([{ file: first, operation: grayscale }]);
    answer(started[2]!);
    await run;

    processImage.release?.();
    expect(started[1]!.terminate).toHaveBeenCalledTimes(1);
  });

  it('starts nothing ahead for SVG, which is drawn on the main thread', () => {
    const started = drawingBrowser();
    processImage.prepare?.(new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' }));
    expect(started).toHaveLength(0);
  });
});
