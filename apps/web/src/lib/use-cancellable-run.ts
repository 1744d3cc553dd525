import { useEffect, useRef, useState } from 'react';
import { isAbortError } from './simulation';

/**
 * One cancellable task at a time, for the simulations: `run` aborts any task still running and
 * hands the new one a fresh AbortSignal; `cancel` (or leaving the page) aborts it; an abort ends
 * the run quietly instead of throwing. `running` is true from `run` until the latest task ends.
 */
export function useCancellableRun() {
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page cancels the task.
  useEffect(() => () => controller.current?.abort(), []);

  const run = async (task: (signal: AbortSignal) => Promise<unknown>): Promise<void> => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setRunning(true);
    try {
      await task(current.signal);
    } catch (error) {
      if (!isAbortError(error)) throw error;
    } finally {
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
