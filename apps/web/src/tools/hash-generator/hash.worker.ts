/**
 * The hash worker: one request per worker, answered with progress messages (throttled:
 * PROGRESS_INTERVAL_MS) and one result. Cancelling terminates the worker, so nothing here polls for it.
 */
import { serveRequests } from '../../lib/worker';
import { runHashRequest } from './hash-generator.service';
import { throttleProgress, type Digests, type HashWorkerRequest, type HashWorkerResponse } from './hash.protocol';

serveRequests<HashWorkerRequest, Digests, Extract<HashWorkerResponse, { type: 'progress' }>>((request, update) =>
  runHashRequest(
    request,
    throttleProgress((bytesDone, totalBytes) => update({ type: 'progress', bytesDone, totalBytes })),
  ),
);
