import { useEffect, useRef, useState } from 'react';
import { holdQuiet } from './quiet-time';
import { isAbortError } from './simulation';

/**
 * One cancellable task at a time — the start / cancel / ignore-stale-result
 * lifecycle every long-running screen needs (workers, OCR, the speed test,
 * image batches, the simulations):
 *
 * - `run(task)` aborts any task still running and hands the new one a fresh
 *   AbortSignal. It resolves with the task's value — or with undefined when
 *   the task ends in an abort (an abort is not an error), or when its value
 *   is stale: a newer run started, or the screen is gone. Other errors reach
 *   the caller.
 * - `cancel()` aborts the task (leaving the page does too). The task sees the
 *   abort and may still report what it finished: its value is not stale.
 * - A task's signal aborts as soon as its result would be unwanted, so a task
 *   sets state only while its signal is live; operations that take the
 *   signal (lib/worker) reject instead of answering late.
 * - `running` is true from `run` until the latest task ends or is cancelled.
 * - Each task holds the page (lib/quiet-time) until it settles, so background downloads such as
 *   the service worker's first install wait for it.
 */
export function useCancellableRun() {
  const [running, setRunning] = useState(false);
  // The task that may still be stopped; null once it ended or was cancelled.
  const controller = useRef<AbortController | null>(null);
  // The newest task, cancelled or not: only its value is handed back.
  const latest = useRef<AbortController | null>(null);
  const mounted = useRef(false);

  // Leaving the page cancels the task.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      controller.current?.abort();
    };
  }, []);

  const run = async <T>(task: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    latest.current = current;
    setRunning(true);
    const release = holdQuiet();
    try {
      const value = await task(current.signal);
      return latest.current === current && mounted.current ? value : undefined;
    } catch (error) {
      if (!isAbortError(error)) throw error;
      return undefined;
    } finally {
      release();
      if (controller.current === current) {
        controller.current = null;
        setRunning(false);
      }
    }
  };

  const cancel = () => {
    controller.current?.abort();
    controller.current = null;
    setRunning(false);
  };

  return { running, run, cancel };
}
