import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { quietHeld } from './quiet-time';
import { useCancellableRun } from './use-cancellable-run';

/** A task that waits until it is released or its signal aborts. */
function pending() {
  let release = () => {};
  let seen: AbortSignal | null = null;
  const task = (signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      seen = signal;
      release = resolve;
      signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    });
  return { task, release: () => release(), signal: () => seen };
}

type Hook = { current: ReturnType<typeof useCancellableRun> };

/** Starts `task` inside act and returns the run's promise. */
function start(hook: Hook, task: (signal: AbortSignal) => Promise<void>): Promise<void> {
  let done!: Promise<void>;
  act(() => void (done = hook.current.run(task)));
  return done;
}

/** Lets `work` resolve and waits for its run to end. */
const finish = (work: ReturnType<typeof pending>, done: Promise<void>) =>
  act(async () => {
    work.release();
    await done;
  });

describe('useCancellableRun', () => {
  it('is running from run until the task resolves', async () => {
    const { result } = renderHook(() => useCancellableRun());
    const work = pending();
    const done = start(result, work.task);
    expect(result.current.running).toBe(true);
    await finish(work, done);
    expect(result.current.running).toBe(false);
  });

  it('cancel aborts the signal, stops running, and the run ends without an error', async () => {
    const { result } = renderHook(() => useCancellableRun());
    const work = pending();
    const done = start(result, work.task);
    act(() => result.current.cancel());
    expect(work.signal()?.aborted).toBe(true);
    expect(result.current.running).toBe(false);
    await act(() => expect(done).resolves.toBeUndefined());
  });

  it('aborts the task when unmounted', () => {
    const { result, unmount } = renderHook(() => useCancellableRun());
    const work = pending();
    void start(result, work.task);
    unmount();
    expect(work.signal()?.aborted).toBe(true);
  });

  it('a new run aborts the previous task and stays running until the new one ends', async () => {
    const { result } = renderHook(() => useCancellableRun());
    const first = pending();
    const second = pending();
    const firstDone = start(result, first.task);
    const secondDone = start(result, second.task);
    expect(first.signal()?.aborted).toBe(true);
    await act(() => firstDone);
    expect(result.current.running).toBe(true);
    await finish(second, secondDone);
    expect(result.current.running).toBe(false);
  });

  it('holds the page for background work until every task has settled, cancelled or not', async () => {
    const { result } = renderHook(() => useCancellableRun());
    expect(quietHeld()).toBe(false);
    const first = pending();
    const second = pending();
    const firstDone = start(result, first.task);
    expect(quietHeld()).toBe(true);
    const secondDone = start(result, second.task);
    await act(() => firstDone);
    expect(quietHeld()).toBe(true);
    act(() => result.current.cancel());
    await act(() => secondDone);
    expect(quietHeld()).toBe(false);
  });

  it('passes on an error that is not an abort', async () => {
    const { result } = renderHook(() => useCancellableRun());
    await act(() => expect(result.current.run(() => Promise.reject(new Error('bug')))).rejects.toThrow('bug'));
    expect(result.current.running).toBe(false);
  });

  it("resolves with the task's value, and with undefined when the task is aborted", async () => {
    const { result } = renderHook(() => useCancellableRun());
    await act(() => expect(result.current.run(() => Promise.resolve(42))).resolves.toBe(42));
    const work = pending();
    let done!: Promise<unknown>;
    act(() => void (done = result.current.run(work.task)));
    act(() => result.current.cancel());
    await act(() => expect(done).resolves.toBeUndefined());
  });

  it('aborts the signal of a superseded task and drops its value', async () => {
    const { result } = renderHook(() => useCancellableRun());
    const seen: AbortSignal[] = [];
    let releaseFirst!: () => void;
    let first!: Promise<unknown>;
    act(
      () =>
        void (first = result.current.run(async (signal) => {
          seen.push(signal);
          await new Promise<void>((resolve) => (releaseFirst = resolve));
          return 'late';
        })),
    );
    act(() => void result.current.run(async (signal) => void seen.push(signal)));
    releaseFirst();
    await act(() => expect(first).resolves.toBeUndefined());
    expect(seen.map((signal) => signal.aborted)).toEqual([true, false]);
  });

  it('hands back what a cancelled task still reports, but nothing once the screen is gone', async () => {
    const { result, unmount } = renderHook(() => useCancellableRun());
    const report = (signal: AbortSignal) =>
      new Promise<string>((resolve) => signal.addEventListener('abort', () => resolve('2 of 3 done')));
    let cancelled!: Promise<unknown>;
    act(() => void (cancelled = result.current.run(report)));
    act(() => result.current.cancel());
    await act(() => expect(cancelled).resolves.toBe('2 of 3 done'));

    let left!: Promise<unknown>;
    act(() => void (left = result.current.run(report)));
    unmount();
    await expect(left).resolves.toBeUndefined();
  });
});
