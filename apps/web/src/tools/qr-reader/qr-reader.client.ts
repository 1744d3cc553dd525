/** The screen's side of qr-reader.worker.ts (lib/worker: one worker per scan, terminated when it ends or is cancelled). */
import { workerCall } from '../../lib/worker';
import type { QrScanRequest, ScanOutcome } from './qr-reader.protocol';

const scan = workerCall<QrScanRequest, ScanOutcome>({
  createWorker: () =>
    new Worker(new URL('./qr-reader.worker.ts', import.meta.url), { type: 'module', name: 'qr-reader' }),
  abortMessage: 'Cancelled',
  startErrorMessage: 'The QR worker failed to start',
});

/**
 * Resolves with the worker's Result; rejects with an AbortError when `signal`
 * fires and with an Error when the worker crashes or cannot start.
 */
export const scanQrImage = (file: Blob, options?: Parameters<typeof scan>[1]) => scan({ file }, options);
