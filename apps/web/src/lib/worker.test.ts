import { describe, expect, it, vi } from 'vitest';
import { FakeWorker as SharedFakeWorker } from './fake-worker';
import type { Result } from './result';
import {
  abortError,
  createWorkerPool,
  poolSize,
  runInWorker,
  serveRequests,
  workerCall,
  type WorkerAnswer,
} from './worker';

type Progress = { type: 'progress'; done: number };
type Response = WorkerAnswer<string> | Progress;

class FakeWorker extends SharedFakeWorker<string, Response> {}

const messages = { abortMessage: 'Work was cancelled', startErrorMessage: 'The test worker failed to start' };

function start(options: { signal?: AbortSignal; onUpdate?: (update: Progress) => void } = {}) {
  const worker = new FakeWorker();
  const run = runInWorker<string, string, Progress>('job', { createWorker: () => worker, ...messages, ...options });
  return { worker, run };
}

describe('abortError', () => {
  it('is a DOMException named AbortError with the message', () => {
    expect(abortError('Stopped')).toMatchObject({ name: 'AbortError', message: 'Stopped' });
  });
});

describe('runInWorker', () => {
  it.each<[string, WorkerAnswer<string>]>([
    ['a value', { type: 'result', result: { ok: true, value: 'done' } }],
    ['a user error, as a value', { type: 'result', result: { ok: false, error: 'Enter some text' } }],
    ['an empty value', { type: 'result', result: { ok: true, value: '' } }],
  ])('posts the request, resolves with %s and terminates the worker', async (_label, answer) => {
    const { worker, run } = start();
    expect(worker.sent).toEqual(['job']);
    expect(worker.terminate).not.toHaveBeenCalled();
    worker.reply(answer);
    await expect(run).resolves.toEqual(answer.type === 'result' ? answer.result : undefined);
    expect(worker.terminate).toHaveBeenCalledTimes(1);
    expect(worker.onmessage).toBeNull();
    expect(worker.onerror).toBeNull();
  });

  it('passes the messages before the answer to onUpdate, and none after it', async () => {
    const onUpdate = vi.fn();
    const { worker, run } = start({ onUpdate });
    worker.reply({ type: 'progress', done: 1 });
    worker.reply({ type: 'progress', done: 2 });
    expect(onUpdate.mock.calls).toEqual([[{ type: 'progress', done: 1 }], [{ type: 'progress', done: 2 }]]);
    expect(worker.terminate).not.toHaveBeenCalled();
    worker.reply({ type: 'result', result: { ok: true, value: 'done' } });
    await expect(run).resolves.toEqual({ ok: true, value: 'done' });
    worker.reply({ type: 'progress', done: 3 });
    expect(onUpdate).toHaveBeenCalledTimes(2);
  });

  it('ignores updates when no onUpdate is given', async () => {
    const { worker, run } = start();
    worker.reply({ type: 'progress', done: 1 });
    expect(worker.terminate).not.toHaveBeenCalled();
    worker.reply({ type: 'result', result: { ok: true, value: 'done' } });
    await expect(run).resolves.toEqual({ ok: true, value: 'done' });
  });

  it.each([
    ['a crash message', (w: FakeWorker) => w.reply({ type: 'crash', message: 'boom' }), 'boom'],
    ['an error event', (w: FakeWorker) => w.onerror?.({ message: 'failed to load' } as ErrorEvent), 'failed to load'],
    [
      'an error event without a message',
      (w: FakeWorker) => w.onerror?.({ message: '' } as ErrorEvent),
      'The test worker failed to start',
    ],
  ])('rejects on %s and terminates the worker', async (_label, fail, message) => {
    const { worker, run } = start();
    fail(worker);
    await expect(run).rejects.toThrow(message);
    expect(worker.terminate).toHaveBeenCalledTimes(1);
    expect(worker.onmessage).toBeNull();
  });

  it('terminates at once and rejects with an AbortError on cancel; a late message changes nothing', async () => {
    const controller = new AbortController();
    const onUpdate = vi.fn();
    const { worker, run } = start({ signal: controller.signal, onUpdate });
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError', message: 'Work was cancelled' });
    expect(worker.terminate).toHaveBeenCalledTimes(1);
    worker.reply({ type: 'progress', done: 1 });
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('stops listening to the signal once the request ends', async () => {
    const controller = new AbortController();
    const { worker, run } = start({ signal: controller.signal });
    worker.reply({ type: 'result', result: { ok: true, value: 'done' } });
    await expect(run).resolves.toEqual({ ok: true, value: 'done' });
    controller.abort();
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });

  it('does not start a worker when already cancelled', async () => {
    const createWorker = vi.fn(() => new FakeWorker());
    const controller = new AbortController();
    controller.abort();
    await expect(runInWorker('job', { createWorker, signal: controller.signal, ...messages })).rejects.toMatchObject({
      name: 'AbortError',
      message: 'Work was cancelled',
    });
    expect(createWorker).not.toHaveBeenCalled();
  });
});

describe('workerCall', () => {
  it('binds a worker and its wording; a test may pass its own worker', async () => {
    const bound = new FakeWorker();
    const call = workerCall<string, string, Progress>({ createWorker: () => bound, ...messages });
    const run = call('job');
    expect(bound.sent).toEqual(['job']);
    bound.reply({ type: 'result', result: { ok: true, value: 'done' } });
    await expect(run).resolves.toEqual({ ok: true, value: 'done' });

    const fake = new FakeWorker();
    const controller = new AbortController();
    const cancelled = call('other', { createWorker: () => fake, signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError', message: 'Work was cancelled' });
    expect(fake.terminate).toHaveBeenCalledTimes(1);
    expect(bound.sent).toEqual(['job']);
  });

  it('hands over the transfer list with the request, and posts without one otherwise', () => {
    const worker = new FakeWorker();
    const call = workerCall<string, string, Progress>({ createWorker: () => worker, ...messages });
    const buffer = new ArrayBuffer(8);
    void call('with', { transfer: [buffer] });
    void call('without');
    expect(worker.transferred).toEqual([[buffer], undefined]);
  });
});

describe('serveRequests (the worker side)', () => {
  function serve(
    handle: (request: string, update: (message: Progress) => void) => Promise<Result<ArrayBuffer | string>>,
    transfer?: (value: ArrayBuffer | string) => Transferable[],
  ) {
    const posted: [unknown, Transferable[] | undefined][] = [];
    const scope = {
      onmessage: null as ((event: MessageEvent<string>) => void) | null,
      postMessage: (message: unknown, buffers?: Transferable[]) => void posted.push([message, buffers]),
    };
    serveRequests(handle, { scope, transfer });
    const ask = async (request: string) => {
      scope.onmessage?.({ data: request } as MessageEvent<string>);
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    return { posted, ask };
  }

  it('posts the updates, then the Result, handing over what `transfer` names', async () => {
    const buffer = new ArrayBuffer(4);
    const { posted, ask } = serve(
      async (request, update) => {
        update({ type: 'progress', done: request.length });
        return { ok: true, value: buffer };
      },
      (value) => (value instanceof ArrayBuffer ? [value] : []),
    );
    await ask('job');
    expect(posted).toEqual([
      [{ type: 'progress', done: 3 }, undefined],
      [{ type: 'result', result: { ok: true, value: buffer } }, [buffer]],
    ]);
  });

  it('answers a user error as a value, and a throw as a crash', async () => {
    const { posted, ask } = serve(async (request) => {
      if (request === 'bad') return { ok: false, error: 'Enter some text' };
      throw new Error('boom');
    });
    await ask('bad');
    await ask('bug');
    expect(posted.map(([message]) => message)).toEqual([
      { type: 'result', result: { ok: false, error: 'Enter some text' } },
      { type: 'crash', message: 'boom' },
    ]);
  });
});

type PoolWorker = SharedFakeWorker<string, WorkerAnswer<string>>;

function setup(size: number) {
  const created: PoolWorker[] = [];
  const pool = createWorkerPool<string, string>({
    createWorker: () => {
      const worker: PoolWorker = new SharedFakeWorker();
      created.push(worker);
      return worker;
    },
    size,
    abortMessage: 'Cancelled',
    startErrorMessage: 'No worker',
  });
  return { pool, created };
}

const answer = (worker: PoolWorker, value: string) => worker.reply({ type: 'result', result: { ok: true, value } });
/** Settles a promise into a plain record, so a test can look without awaiting it. */
function track(promise: Promise<Result<string>>) {
  const state: { result?: Result<string>; error?: unknown } = {};
  promise.then(
    (result) => (state.result = result),
    (error: unknown) => (state.error = error),
  );
  return state;
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('poolSize (one worker per reported core, 1 to 4)', () => {
  it.each([
    [undefined, 1],
    [0, 1],
    [-2, 1],
    [1.5, 1],
    [1, 1],
    [2, 2],
    [4, 4],
    [16, 4],
  ])('%s cores → %i', (cores, expected) => {
    expect(poolSize(cores)).toBe(expected);
  });
});

describe('createWorkerPool', () => {
  it('starts at most `size` workers and hands each the next request when it answers', async () => {
    const { pool, created } = setup(2);
    const runs = ['a', 'b', 'c', 'd', 'e'].map((request) => track(pool.run(request)));
    expect(created).toHaveLength(2);
    expect(created.map((worker) => worker.sent)).toEqual([['a'], ['b']]);

    answer(created[1]!, 'B');
    await tick();
    expect(runs[1]!.result).toEqual({ ok: true, value: 'B' });
    expect(created[1]!.sent).toEqual(['b', 'c']);
    answer(created[0]!, 'A');
    answer(created[1]!, 'C');
    expect(created[0]!.sent).toEqual(['a', 'd']);
    expect(created[1]!.sent).toEqual(['b', 'c', 'e']);
    answer(created[0]!, 'D');
    answer(created[1]!, 'E');
    await tick();
    expect(runs.map((run) => run.result)).toEqual(['A', 'B', 'C', 'D', 'E'].map((value) => ({ ok: true, value })));
    // The same two workers did everything, and stay for the next batch until closed.
    expect(created).toHaveLength(2);
    expect(created.every((worker) => worker.terminate.mock.calls.length === 0)).toBe(true);
    pool.close();
    expect(created.every((worker) => worker.terminate.mock.calls.length === 1)).toBe(true);
  });

  it('calls onStart when a worker takes the request, not while it waits', () => {
    const { pool, created } = setup(1);
    const started: string[] = [];
    void pool.run('a', { onStart: () => started.push('a') });
    void pool.run('b', { onStart: () => started.push('b') });
    expect(started).toEqual(['a']);
    answer(created[0]!, 'A');
    expect(started).toEqual(['a', 'b']);
  });

  it('passes a user error through as a value, and keeps the worker', async () => {
    const { pool, created } = setup(1);
    const run = pool.run('bad');
    created[0]!.reply({ type: 'result', result: { ok: false, error: 'Failed to load image' } });
    await expect(run).resolves.toEqual({ ok: false, error: 'Failed to load image' });
    expect(created[0]!.terminate).not.toHaveBeenCalled();
  });

  it('cancels a queued request without touching any worker', async () => {
    const { pool, created } = setup(1);
    const first = track(pool.run('a'));
    const controller = new AbortController();
    const second = pool.run('b', { signal: controller.signal });
    controller.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError', message: 'Cancelled' });
    answer(created[0]!, 'A');
    await tick();
    expect(first.result).toEqual({ ok: true, value: 'A' });
    expect(created[0]!.sent).toEqual(['a']);
    expect(created[0]!.terminate).not.toHaveBeenCalled();
  });

  it('cancels a running request by terminating its worker; the next request gets a fresh one', async () => {
    const { pool, created } = setup(1);
    const controller = new AbortController();
    const first = pool.run('a', { signal: controller.signal });
    const second = track(pool.run('b'));
    controller.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(created[0]!.terminate).toHaveBeenCalledTimes(1);
    expect(created[0]!.onmessage).toBeNull();
    expect(created).toHaveLength(2);
    expect(created[1]!.sent).toEqual(['b']);
    answer(created[1]!, 'B');
    await tick();
    expect(second.result).toEqual({ ok: true, value: 'B' });
  });

  it('rejects at once for a signal that already fired, starting no worker', async () => {
    const { pool, created } = setup(2);
    await expect(pool.run('a', { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(created).toHaveLength(0);
  });

  it.each([
    ['a crash message', (worker: PoolWorker) => worker.reply({ type: 'crash', message: 'boom' }), 'boom'],
    ['an error event', (worker: PoolWorker) => worker.onerror?.({ message: '' } as ErrorEvent), 'No worker'],
  ])('a worker that fails with %s rejects its request only, and is replaced', async (_name, fail, message) => {
    const { pool, created } = setup(1);
    const first = pool.run('a');
    const second = track(pool.run('b'));
    fail(created[0]!);
    await expect(first).rejects.toThrow(message);
    expect(created[0]!.terminate).toHaveBeenCalledTimes(1);
    expect(created[1]!.sent).toEqual(['b']);
    answer(created[1]!, 'B');
    await tick();
    expect(second.result).toEqual({ ok: true, value: 'B' });
  });

  it('close rejects queued and running requests, terminates every worker and refuses new ones', async () => {
    const { pool, created } = setup(2);
    const runs = ['a', 'b', 'c'].map((request) => pool.run(request));
    pool.close();
    for (const run of runs) await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(created.map((worker) => worker.terminate.mock.calls.length)).toEqual([1, 1]);
    expect(pool.workers).toBe(0);
    await expect(pool.run('d')).rejects.toMatchObject({ name: 'AbortError' });
    // A late answer from a terminated worker changes nothing.
    expect(created[0]!.onmessage).toBeNull();
  });

  it('ignores messages that are not an answer', async () => {
    const { pool, created } = setup(1);
    const run = track(pool.run('a'));
    created[0]!.reply({ type: 'progress' } as unknown as WorkerAnswer<string>);
    await tick();
    expect(run).toEqual({});
    answer(created[0]!, 'A');
    await tick();
    expect(run.result).toEqual({ ok: true, value: 'A' });
  });
});
