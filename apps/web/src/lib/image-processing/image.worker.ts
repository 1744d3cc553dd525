/**
 * The image worker: one request per worker, decoded, drawn on an
 * OffscreenCanvas and encoded off the main thread. Cancelling terminates the
 * worker, so nothing here polls for it.
 */
import type { ImageWorkerRequest, ImageWorkerResponse } from './operations';
import { offscreenSurface, runImageOperation } from './pipeline';

/** The parts of DedicatedWorkerGlobalScope used here (the app's lib is DOM, not WebWorker). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<ImageWorkerRequest>) => void) | null;
  postMessage(message: ImageWorkerResponse): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data }) => {
  runImageOperation(data.file, data.operation, offscreenSurface)
    .then((result) => scope.postMessage({ type: 'result', result }))
    .catch((error: unknown) =>
      scope.postMessage({ type: 'crash', message: error instanceof Error ? error.message : String(error) }),
    );
};
