import { describe, expect, it, vi } from 'vitest';
import { FakeWorker as SharedFakeWorker } from '../../lib/fake-worker';
import type { StegoRequest, StegoResponse } from './steganography.protocol';
import { runStegoWorker } from './steganography.client';

class FakeWorker extends SharedFakeWorker<StegoRequest, StegoResponse> {}

const file = new Blob(['x'], { type: 'image/png' });

describe('runStegoWorker', () => {
  it.each<[string, StegoResponse, unknown]>([
    ['a message', { type: 'result', result: { ok: true, value: 'secret' } }, { ok: true, value: 'secret' }],
    [
      'nothing found, as a value',
      { type: 'result', result: { ok: false, error: 'No hidden message found' } },
      { ok: false, error: 'No hidden message found' },
    ],
  ])('resolves with %s and terminates the worker', async (_label, response, expected) => {
    const worker = new FakeWorker();
    const run = runStegoWorker({ type: 'extract', file }, { createWorker: () => worker });
    expect(worker.sent).toEqual([{ type: 'extract', file }]);
    worker.reply(response);
    await expect(run).resolves.toEqual(expected);
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });

  it('rejects with the message of a crash', async () => {
    const worker = new FakeWorker();
    const run = runStegoWorker({ type: 'inspect', file }, { createWorker: () => worker });
    worker.reply({ type: 'crash', message: '2D canvas is not available in this browser' });
    await expect(run).rejects.toThrow('2D canvas is not available in this browser');
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });

  it('rejects when the worker fails to start', async () => {
    const worker = new FakeWorker();
    const run = runStegoWorker({ type: 'inspect', file }, { createWorker: () => worker });
    worker.onerror?.({ message: '' } as ErrorEvent);
    await expect(run).rejects.toThrow('The steganography worker failed to start');
  });

  it('terminates at once and rejects with an AbortError on cancel; a late answer changes nothing', async () => {
    const worker = new FakeWorker();
    const controller = new AbortController();
    const run = runStegoWorker(
      { type: 'hide', file, message: 'm' },
      { createWorker: () => worker, signal: controller.signal },
    );
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(worker.terminate).toHaveBeenCalledTimes(1);
    expect(worker.onmessage).toBeNull();
  });

  it('does not start a worker when already cancelled', async () => {
    const createWorker = vi.fn(() => new FakeWorker());
    const controller = new AbortController();
    controller.abort();
    await expect(
      runStegoWorker({ type: 'extract', file }, { createWorker, signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(createWorker).not.toHaveBeenCalled();
  });
});
