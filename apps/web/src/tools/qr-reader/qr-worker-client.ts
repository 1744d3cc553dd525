/**
 * The screen's side of the QR worker: one worker per scan, terminated when it
 * answers or when the scan is cancelled.
 */
import type { Result } from '../../lib/result';
import { runInWorker, type WorkerLike } from '../../lib/worker-client';
import type { QrScanRequest, QrScanResponse, ScanOutcome } from './qr-reader.protocol';

/** The parts of Worker used here, so tests can pass a fake. */
export type QrWorkerLike = WorkerLike<QrScanRequest, QrScanResponse>;

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
  return runInWorker(
    { file },
    {
      createWorker,
      signal,
      abortMessage: 'Cancelled',
      startErrorMessage: 'The QR worker failed to start',
    },
  );
}
