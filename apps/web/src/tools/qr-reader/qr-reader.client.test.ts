import { describe, expect, it, vi } from 'vitest';
import { FakeWorker as SharedFakeWorker } from '../../lib/fake-worker';
import type { QrScanRequest, QrScanResponse } from './qr-reader.protocol';
import { scanQrImage } from './qr-reader.client';

class FakeWorker extends SharedFakeWorker<QrScanRequest, QrScanResponse> {}

const file = new Blob(['x'], { type: 'image/png' });

describe('scanQrImage', () => {
  it.each<[string, QrScanResponse]>([
    [
      'a decoded code',
      { type: 'result', result: { ok: true, value: { found: true, text: 'hi', decoder: 'zxing-wasm' } } },
    ],
    ['no code', { type: 'result', result: { ok: true, value: { found: false, decoder: 'BarcodeDetector' } } }],
    ['an image that does not load', { type: 'result', result: { ok: false, error: 'Failed to load image' } }],
  ])('resolves with %s and terminates the worker', async (_label, response) => {
    const worker = new FakeWorker();
    const run = scanQrImage(file, { createWorker: () => worker });
    expect(worker.sent).toEqual([{ file }]);
    worker.reply(response);
    await expect(run).resolves.toEqual(response.type === 'result' ? response.result : undefined);
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });

  it('rejects on a crash and on a worker that fails to start', async () => {
    const crashed = new FakeWorker();
    const run = scanQrImage(file, { createWorker: () => crashed });
    crashed.reply({ type: 'crash', message: 'boom' });
    await expect(run).rejects.toThrow('boom');

    const broken = new FakeWorker();
    const start = scanQrImage(file, { createWorker: () => broken });
    broken.onerror?.({ message: '' } as ErrorEvent);
    await expect(start).rejects.toThrow('The QR worker failed to start');
    expect(broken.terminate).toHaveBeenCalledTimes(1);
  });

  it('terminates at once and rejects with an AbortError on cancel', async () => {
    const worker = new FakeWorker();
    const controller = new AbortController();
    const run = scanQrImage(file, { createWorker: () => worker, signal: controller.signal });
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(worker.terminate).toHaveBeenCalledTimes(1);

    const createWorker = vi.fn(() => new FakeWorker());
    await expect(scanQrImage(file, { createWorker, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(createWorker).not.toHaveBeenCalled();
  });
});
