/** The screen's side of steganography.worker.ts (lib/worker: one worker per request, terminated when it ends or is cancelled). */
import type { Result } from '../../lib/result';
import { workerCall } from '../../lib/worker';
import type { StegoRequest, StegoResultOf, StegoValue } from './steganography.protocol';

const stego = workerCall<StegoRequest, StegoValue>({
  createWorker: () =>
    new Worker(new URL('./steganography.worker.ts', import.meta.url), { type: 'module', name: 'steganography' }),
  abortMessage: 'Cancelled',
  startErrorMessage: 'The steganography worker failed to start',
});

/**
 * Resolves with the worker's Result; rejects with an AbortError when `signal`
 * fires and with an Error when the worker crashes or cannot start.
 */
export function runStegoWorker<R extends StegoRequest>(
  request: R,
  options?: Parameters<typeof stego>[1],
): Promise<Result<StegoResultOf<R>>> {
  // The worker answers a request of type R with that type's value.
  return stego(request, options) as Promise<Result<StegoResultOf<R>>>;
}
