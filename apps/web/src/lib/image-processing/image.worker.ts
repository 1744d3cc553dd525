/**
 * The image worker: decodes, draws on an OffscreenCanvas and encodes off the
 * main thread. One-shot or pooled (lib/worker); cancelling terminates the
 * worker, so nothing here polls for it.
 */
import { serveRequests } from '../worker';
import type { ImageOutput, ImageWorkerRequest } from './operations';
import { offscreenSurface, runImageOperation } from './pipeline';

serveRequests<ImageWorkerRequest, ImageOutput>(({ file, operation }) =>
  runImageOperation(file, operation, offscreenSurface),
);
