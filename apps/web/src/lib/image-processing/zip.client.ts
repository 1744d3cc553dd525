/** The batch's side of zip.worker.ts (lib/worker: one worker per ZIP, so fflate loads there, never in a screen's chunk). */
import { workerCall } from '../worker';
import type { ZipWorkerRequest } from './zip.worker';

const zipCall = workerCall<ZipWorkerRequest, Blob>({
  createWorker: () => new Worker(new URL('./zip.worker.ts', import.meta.url), { type: 'module', name: 'zip' }),
  abortMessage: 'Making the ZIP was cancelled',
  startErrorMessage: 'The ZIP worker failed to start',
});

/** Packs the entries into one ZIP in a worker. */
export const zipFiles = (entries: ZipWorkerRequest['entries'], options?: { signal?: AbortSignal }) =>
  zipCall({ entries }, options);

export type ZipFiles = typeof zipFiles;
