/** Test helper for the worker clients (imported by tests only). */
import { vi } from 'vitest';
import type { WorkerLike } from './worker';

/** A stand-in Worker: records what it was sent (and any transfer list), and lets the test answer. */
export class FakeWorker<Request, Response> implements WorkerLike<Request, Response> {
  onmessage: ((event: MessageEvent<Response>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  sent: Request[] = [];
  transferred: (Transferable[] | undefined)[] = [];
  terminate = vi.fn();
  postMessage(message: Request, transfer?: Transferable[]) {
    this.sent.push(message);
    this.transferred.push(transfer);
  }
  reply(data: Response) {
    this.onmessage?.({ data } as MessageEvent<Response>);
  }
}
