import { useCallback, useEffect, useState } from 'react';
import { toast } from '../toast';
import type { ProcessImage } from './image.client';
import type { ImageOperation, ImageOutput } from './operations';
import { useImageJob, type ImageJob } from './use-image-job';

/**
 * What one run asks for: the worker's operation, plus whatever the screen
 * says about the run afterwards (the converter's format, the rotator's angle),
 * so the result is described by what ran, not by options changed since.
 */
export interface ImageRequest {
  operation: ImageOperation;
}

/** A finished run: the file it ran on, what it asked for and what came out. */
export interface ImageToolResult<R extends ImageRequest> {
  file: File;
  request: R;
  output: ImageOutput;
}

export interface ImageTool<R extends ImageRequest> {
  file: File | null;
  /** A new file (or none) forgets the result and quietly stops a run. */
  chooseFile: (file: File | null) => void;
  job: ImageJob;
  running: boolean;
  cancel: () => void;
  /**
   * Runs `request` on the chosen file; does nothing without a file, with a
   * null request (invalid options) or while a run is going. Toasts
   * `successMessage`, when given, once the run succeeds.
   */
  start: (request: R | null, successMessage?: string) => Promise<void>;
  /** Set once a run is done, until the next run or file. */
  result: ImageToolResult<R> | null;
}

/**
 * The state of an image tool screen: the chosen file, one run on it at a time
 * (useImageJob) and the request that produced the current result.
 */
export function useImageTool<R extends ImageRequest = ImageRequest>(process: ProcessImage): ImageTool<R> {
  const [file, setFile] = useState<File | null>(null);
  const [ran, setRan] = useState<R | null>(null);
  const { job, run, cancel, reset, running } = useImageJob(process);

  // The run's worker is started, decoding the file, as soon as there is a file, so pressing the
  // button does not wait for either (image.client.ts); it goes with the screen. Not again after a
  // run: decoding the file once more for a run that may never come is not worth its CPU and memory.
  useEffect(() => () => process.release?.(), [process]);

  const chooseFile = useCallback(
    (next: File | null) => {
      reset();
      setFile(next);
      // A removed file's decoded pixels are let go at once.
      if (next) process.prepare?.(next);
      else process.release?.();
    },
    [reset, process],
  );

  const start = async (request: R | null, successMessage?: string) => {
    if (!file || !request || running) return;
    setRan(request);
    const output = await run(file, request.operation);
    if (output && successMessage) toast.success(successMessage);
  };

  const result = job.phase === 'done' && file && ran ? { file, request: ran, output: job.output } : null;
  return { file, chooseFile, job, running, cancel, start, result };
}
