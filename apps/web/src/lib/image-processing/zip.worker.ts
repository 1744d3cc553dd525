/**
 * Packs a batch's results into one ZIP off the main thread: reading a
 * hundred blobs and writing a file of hundreds of megabytes would otherwise
 * freeze the page. One request per worker (lib/worker).
 */
import { ok } from '../result';
import { serveRequests } from '../worker';
import { buildZip } from './zip';

export interface ZipWorkerRequest {
  entries: { name: string; blob: Blob }[];
}

serveRequests<ZipWorkerRequest, Blob>(async ({ entries }) => {
  const files = await Promise.all(
    entries.map(async ({ name, blob }) => ({ name, bytes: new Uint8Array(await blob.arrayBuffer()) })),
  );
  const zip = buildZip(files);
  return ok(new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }));
});
