/**
 * The image worker: decodes, draws on an OffscreenCanvas and encodes off the
 * main thread. One-shot or pooled (lib/worker); cancelling terminates the
 * worker, so nothing here polls for it. A one-shot worker started when the
 * file is chosen is sent the file first (a preload) and decodes it while the
 * user picks options; its run then starts from the decoded image.
 */
import { serveRequests } from '../worker';
import type { ImageOutput, ImageWorkerPreload, ImageWorkerRequest } from './operations';
import { offscreenSurface, runImageOperation, type DecodedImage } from './pipeline';

type Message = ImageWorkerRequest | ImageWorkerPreload;
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Message>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

let preloaded: Promise<DecodedImage> | null = null;

const requests = {
  onmessage: null as ((event: MessageEvent<ImageWorkerRequest>) => void) | null,
  postMessage: (message: unknown, transfer: Transferable[] = []) => scope.postMessage(message, transfer),
};

serveRequests<ImageWorkerRequest, ImageOutput>(
  ({ file, operation, preloaded: decodedAlready }) => {
    const decoded = decodedAlready ? (preloaded ?? undefined) : undefined;
    preloaded = null;
    return runImageOperation(file, operation, offscreenSurface, undefined, decoded);
  },
  { scope: requests },
);

scope.onmessage = (event) => {
  if ('preload' in event.data) {
    preloaded = offscreenSurface.decode(event.data.preload);
    // A file that cannot be decoded is reported by its run ("Failed to load image"), if one comes.
    preloaded.catch(() => {});
    return;
  }
  requests.onmessage?.(event as MessageEvent<ImageWorkerRequest>);
};
