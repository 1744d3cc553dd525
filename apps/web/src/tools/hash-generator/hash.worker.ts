/**
 * The hash worker: one request per worker, answered with progress messages and
 * one result. Cancelling terminates the worker, so nothing here polls for it.
 */
import { runHashRequest } from './hash-generator.service';
import type { HashWorkerRequest, HashWorkerResponse } from './hash.protocol';

/** The parts of DedicatedWorkerGlobalScope used here (the app's lib is DOM, not WebWorker). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<HashWorkerRequest>) => void) | null;
  postMessage(message: HashWorkerResponse): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  runHashRequest(event.data, (bytesDone, totalBytes) => scope.postMessage({ type: 'progress', bytesDone, totalBytes }))
    .then((result) => scope.postMessage({ type: 'result', result }))
    .catch((error: unknown) =>
      scope.postMessage({ type: 'crash', message: error instanceof Error ? error.message : String(error) }),
    );
};
