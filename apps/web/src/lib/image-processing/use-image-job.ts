import { useState } from 'react';
import { toast } from '../toast';
import { isAbortError } from '../simulation';
import { useCancellableRun } from '../use-cancellable-run';
import { processImage, type ProcessImage } from './image.client';
import { PROCESS_FAILED_MESSAGE, type ImageOperation, type ImageOutput } from './operations';

export const CANCELLED_MESSAGE = 'Image processing cancelled';

export type ImageJob =
  | { phase: 'idle'; notice?: string }
  | { phase: 'running'; fileName: string }
  | { phase: 'done'; output: ImageOutput }
  | { phase: 'failed'; message: string };

/**
 * One image run at a time: idle → running → done or failed (
 * results are cleared at the start of every run). Cancel terminates the
 * worker; leaving the page cancels silently. Failures show a toast here, so
 * every tool words them alike. The run's lifecycle is lib/use-cancellable-run's.
 */
export function useImageJob(process: ProcessImage = processImage) {
  const [job, setJob] = useState<ImageJob>({ phase: 'idle' });
  const { run: runTask, cancel: abort } = useCancellableRun();

  const run = async (file: File, operation: ImageOperation): Promise<ImageOutput | null> => {
    setJob({ phase: 'running', fileName: file.name });
    const output = await runTask(async (signal) => {
      try {
        const result = await process(file, operation, { signal });
        if (signal.aborted) return null;
        if (result.ok) {
          setJob({ phase: 'done', output: result.value });
          return result.value;
        }
        setJob({ phase: 'failed', message: result.error });
        toast.error(result.error);
        return null;
      } catch (error) {
        // An abort from Cancel is announced by `cancel`; one from a newer run or `reset` is quiet.
        if (isAbortError(error) || signal.aborted) return null;
        setJob({ phase: 'failed', message: PROCESS_FAILED_MESSAGE });
        toast.error(PROCESS_FAILED_MESSAGE, { description: error instanceof Error ? error.message : String(error) });
        return null;
      }
    });
    return output ?? null;
  };

  const cancel = () => {
    if (job.phase !== 'running') return;
    abort();
    setJob({ phase: 'idle', notice: `${CANCELLED_MESSAGE}.` });
    toast.info(CANCELLED_MESSAGE);
  };

  /** Forget the result (a new file was chosen); a running job is stopped quietly. */
  const reset = () => {
    abort();
    setJob({ phase: 'idle' });
  };

  return { job, run, cancel, reset, running: job.phase === 'running' };
}
