/**
 * The screen's side of the QR worker: one worker per scan, terminated when it
 * answers or when the scan is cancelled.
 */
import type { Result } from '../../lib/result';
import type { QrScanRequest, QrScanResponse, ScanOutcome } from './qr-reader.protocol';

/** The parts of Worker used here, so tests can pass a fake. */
export interface QrWorkerLike {
  onmessage: ((event: MessageEvent<QrScanResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: QrScanRequest): void;
  terminate(): void;
}

export function createQrWorker(): QrWorkerLike {
  return new Worker(new URL('./qr-reader.worker.ts', import.meta.url), { type: 'module', name: 'qr-reader' });
}

export interface ScanOptions {
  signal?: AbortSignal;
  createWorker?: () => QrWorkerLike;
}

/**
 * Resolves with the worker's Result; rejects with an AbortError when `signal`
 * fires and with an Error when the worker crashes or cannot start.
 */
export function scanQrImage(
  file: Blob,
  { signal, createWorker = createQrWorker }: ScanOptions = {},
): Promise<Result<ScanOutcome>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Cancelled', 'AbortError'));
      return;
    }
    const worker = createWorker();
    const finish = () => {
      signal?.removeEventListener('abort', onAbort);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
    };
    const onAbort = () => {
      finish();
      reject(new DOMException('Cancelled', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = ({ data }) => {
      finish();
      if (data.type === 'result') resolve(data.result);
      else reject(new Error(data.message));
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'The QR worker failed to start'));
    };
    worker.postMessage({ file });
  });
}
