import { describe, expect, it } from 'vitest';
import { FakeWorker } from './fake-worker';
import type { Result } from './result';
import type { WorkerAnswer } from './worker-client';
import { createWorkerPool, poolSize } from './worker-pool';

type Worker = FakeWorker<string, WorkerAnswer<string>>;

function setup(size: number) {
  const created: Worker[] = [];
  const pool = createWorkerPool<string, string>({
    createWorker: () => {
      const worker: Worker = new FakeWorker();
      created.push(worker);
      return worker;
    },
    size,
    abortMessage: 'Cancelled',
    startErrorMessage: 'No worker',
  });
  return { pool, created };
}

const answer = (worker: Worker, value: string) => worker.reply({ type: 'result', result: { ok: true, value } });
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
    ['a crash message', (worker: Worker) => worker.reply({ type: 'crash', message: 'boom' }), 'boom'],
    ['an error event', (worker: Worker) => worker.onerror?.({ message: '' } as ErrorEvent), 'No worker'],
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
