import { describe, expect, it, vi } from 'vitest';
import { FakeWorker as SharedFakeWorker } from '../../lib/fake-worker';
import type { HashWorkerRequest, HashWorkerResponse } from './hash.protocol';
import { runHashWorker } from './hash.client';

class FakeWorker extends SharedFakeWorker<HashWorkerRequest, HashWorkerResponse> {}

const request: HashWorkerRequest = { type: 'text', text: 'abc', algorithm: 'md5' };

describe('runHashWorker', () => {
  it('posts the request, forwards progress, resolves with the result and terminates the worker', async () => {
    const worker = new FakeWorker();
    const progress = vi.fn();
    const run = runHashWorker(request, { createWorker: () => worker, onProgress: progress });
    expect(worker.sent).toEqual([request]);
    worker.reply({ type: 'progress', bytesDone: 4, totalBytes: 8 });
    expect(progress).toHaveBeenCalledWith({ bytesDone: 4, totalBytes: 8 });
    expect(worker.terminate).not.toHaveBeenCalled();
    worker.reply({ type: 'result', result: { ok: true, value: { md5: '900150983cd24fb0d6963f7d28e17f72' } } });
    await expect(run).resolves.toEqual({ ok: true, value: { md5: '900150983cd24fb0d6963f7d28e17f72' } });
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });

  it('passes a user error through as a value', async () => {
    const worker = new FakeWorker();
    const run = runHashWorker(request, { createWorker: () => worker });
    worker.reply({ type: 'result', result: { ok: false, error: 'Enter some text to hash' } });
    await expect(run).resolves.toEqual({ ok: false, error: 'Enter some text to hash' });
  });

  it('terminates the worker at once and rejects with an AbortError on cancel', async () => {
    const worker = new FakeWorker();
    const controller = new AbortController();
    const progress = vi.fn();
    const run = runHashWorker(request, { createWorker: () => worker, signal: controller.signal, onProgress: progress });
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(worker.terminate).toHaveBeenCalledTimes(1);
    // A late message from the dead worker changes nothing.
    worker.reply({ type: 'progress', bytesDone: 1, totalBytes: 2 });
    expect(progress).not.toHaveBeenCalled();
  });

  it('does not start a worker when already cancelled', async () => {
    const createWorker = vi.fn(() => new FakeWorker());
    const controller = new AbortController();
    controller.abort();
    await expect(runHashWorker(request, { createWorker, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(createWorker).not.toHaveBeenCalled();
  });

  it.each([
    ['a crash message', (w: FakeWorker) => w.reply({ type: 'crash', message: 'boom' }), 'boom'],
    [
      'a worker error event',
      (w: FakeWorker) => w.onerror?.({ message: 'failed to load' } as ErrorEvent),
      'failed to load',
    ],
  ])('rejects on %s and terminates the worker', async (_name, fail, message) => {
    const worker = new FakeWorker();
    const run = runHashWorker(request, { createWorker: () => worker });
    fail(worker);
    await expect(run).rejects.toThrow(message);
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });
});
