/**
 * Packs a batch's results into one ZIP off the main thread: reading a
 * hundred blobs and writing a file of hundreds of megabytes would otherwise
 * freeze the page. One request per worker (lib/worker-client).
 */
import { ok } from '../result';
import type { WorkerAnswer } from '../worker-client';
import { buildZip } from './zip';

export interface ZipWorkerRequest {
  entries: { name: string; blob: Blob }[];
}

interface WorkerScope {
  onmessage: ((event: MessageEvent<ZipWorkerRequest>) => void) | null;
  postMessage(message: WorkerAnswer<Blob>): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data }) => {
  Promise.all(data.entries.map(async ({ name, blob }) => ({ name, bytes: new Uint8Array(await blob.arrayBuffer()) })))
    .then((entries) => {
      const zip = buildZip(entries);
      const blob = new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' });
      scope.postMessage({ type: 'result', result: ok(blob) });
    })
    .catch((error: unknown) =>
      scope.postMessage({ type: 'crash', message: error instanceof Error ? error.message : String(error) }),
    );
};
