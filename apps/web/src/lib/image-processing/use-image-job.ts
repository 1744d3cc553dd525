import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { isAbortError } from '../simulation';
import { processImage, type ProcessImage } from './image.client';
import { PROCESS_FAILED_MESSAGE, type ImageOperation, type ImageOutput } from './operations';

export const CANCELLED_MESSAGE = 'Image processing cancelled';

export type ImageJob =
  | { phase: 'idle'; notice?: string }
  | { phase: 'running'; fileName: string }
  | { phase: 'done'; output: ImageOutput }
  | { phase: 'failed'; message: string };

/**
 * One image run at a time: idle → running → done or failed (spec 000 §4:
 * results are cleared at the start of every run). Cancel terminates the
 * worker; leaving the page cancels silently. Failures show a toast here, so
 * every tool words them alike.
 */
export function useImageJob(process: ProcessImage = processImage) {
  const [job, setJob] = useState<ImageJob>({ phase: 'idle' });
  const current = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      const controller = current.current;
      current.current = null;
      controller?.abort();
    },
    [],
  );

  const run = useCallback(
    async (file: File, operation: ImageOperation): Promise<ImageOutput | null> => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setJob({ phase: 'running', fileName: file.name });
      try {
        const result = await process(file, operation, { signal: controller.signal });
        if (current.current !== controller) return null;
        if (result.ok) {
          setJob({ phase: 'done', output: result.value });
          return result.value;
        }
        setJob({ phase: 'failed', message: result.error });
        toast.error(result.error);
        return null;
      } catch (error) {
        if (current.current !== controller) return null;
        if (isAbortError(error)) {
          setJob({ phase: 'idle', notice: `${CANCELLED_MESSAGE}.` });
          toast.info(CANCELLED_MESSAGE);
        } else {
          setJob({ phase: 'failed', message: PROCESS_FAILED_MESSAGE });
          toast.error(PROCESS_FAILED_MESSAGE, { description: error instanceof Error ? error.message : String(error) });
        }
        return null;
      } finally {
        if (current.current === controller) current.current = null;
      }
    },
    [process],
  );

  const cancel = useCallback(() => current.current?.abort(), []);

  /** Forget the result (a new file was chosen); a running job is stopped quietly. */
  const reset = useCallback(() => {
    const controller = current.current;
    current.current = null;
    controller?.abort();
    setJob({ phase: 'idle' });
  }, []);

  return { job, run, cancel, reset, running: job.phase === 'running' };
}
