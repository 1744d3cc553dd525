import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

  it('passes on an error that is not an abort', async () => {
    const { result } = renderHook(() => useCancellableRun());
    await act(() => expect(result.current.run(() => Promise.reject(new Error('bug')))).rejects.toThrow('bug'));
    expect(result.current.running).toBe(false);
  });
});
