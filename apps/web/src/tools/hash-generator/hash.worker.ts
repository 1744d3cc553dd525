/**
 * The hash worker: one request per worker, answered with progress messages and
 * one result. Cancelling terminates the worker, so nothing here polls for it.
 */
import { serveRequests } from '../../lib/worker';
import { runHashRequest } from './hash-generator.service';
import type { Digests, HashWorkerRequest, HashWorkerResponse } from './hash.protocol';

serveRequests<HashWorkerRequest, Digests, Extract<HashWorkerResponse, { type: 'progress' }>>((request, update) =>
  runHashRequest(request, (bytesDone, totalBytes) => update({ type: 'progress', bytesDone, totalBytes })),
);
