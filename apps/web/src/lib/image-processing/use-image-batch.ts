import { useRef, useState } from 'react';
import { toast } from '../toast';
import { downloadBlob } from '../download';
import { isImageFile } from '../image-file';
import { isAbortError } from '../simulation';
import { useCancellableRun } from '../use-cancellable-run';
import { batchRows, batchTotals, MAX_BATCH_FILES, type BatchRow } from './batch';
import { createBatchProcessor, type BatchProcessor } from './image.client';
import { zipFiles, type ZipFiles } from './zip.client';
import { PROCESS_FAILED_MESSAGE } from './operations';
import type { ImageRequest } from './use-image-tool';

export const BATCH_CANCELLED_MESSAGE = 'Batch cancelled';
export const ZIP_FAILED_MESSAGE = 'Could not make the ZIP file';

export interface ImageBatchOptions {
  createProcessor?: () => BatchProcessor;
  zip?: ZipFiles;
}

/**
 * A batch of up to 100 images: the rows and their statuses, one run at a time
 * through a pool of workers (a failing file fails its own row only), Cancel,
 * and Download all as one ZIP. The request that ran is kept, so results are
 * named by what ran, not by options changed since.
 */
export function useImageBatch<R extends ImageRequest>({
  createProcessor = createBatchProcessor,
  zip = zipFiles,
}: ImageBatchOptions = {}) {
  const [rows, setRows] = useState<BatchRow[]>([]);
  const [ran, setRan] = useState<R | null>(null);
  // Its own flag, not the run's: after Cancel the batch is still settling (a main-thread file cannot be
  // interrupted mid-draw), and a new batch must wait for it.
  const [running, setRunning] = useState(false);
  const [zipping, setZipping] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // Leaving the page aborts the batch; its processor closes when the aborted files settle.
  const { run, cancel: abort } = useCancellableRun();
  const nextId = useRef(1);

  const patch = (id: number, change: Partial<BatchRow>) =>
    setRows((previous) => previous.map((row) => (row.id === id ? { ...row, ...change } : row)));

  /** A new choice of files replaces the list (ignored while a batch runs). */
  const choose = (files: readonly File[]) => {
    if (running || files.length === 0) return;
    const chosen = batchRows(files, nextId.current);
    nextId.current += chosen.rows.length;
    setRows(chosen.rows);
    setRan(null);
    const message =
      chosen.left > 0
        ? `Only the first ${MAX_BATCH_FILES} images are taken; ${chosen.left} more ${chosen.left === 1 ? 'was' : 'were'} left out.`
        : null;
    setNotice(message);
    if (message) toast.info(message);
  };

  const clear = () => {
    if (running) return;
    setRows([]);
    setRan(null);
    setNotice(null);
  };

  const start = async (request: R | null) => {
    if (!request || running) return;
    const targets = rows.filter((row) => isImageFile(row.file));
    if (targets.length === 0) return;
    setRan(request);
    setRunning(true);
    setNotice(null);
    setRows((previous) =>
      previous.map((row) => (isImageFile(row.file) ? { id: row.id, file: row.file, status: 'queued' } : row)),
    );
    const outcomes = await run(async (signal) => {
      const processor = createProcessor();
      try {
        return await Promise.all(
          targets.map((row) =>
            processor
              .run(row.file, request.operation, { signal, onStart: () => patch(row.id, { status: 'running' }) })
              .then(
                (result): BatchRow['status'] => {
                  patch(
                    row.id,
                    result.ok ? { status: 'done', output: result.value } : { status: 'failed', error: result.error },
                  );
                  return result.ok ? 'done' : 'failed';
                },
                (error: unknown): BatchRow['status'] => {
                  if (isAbortError(error)) {
                    patch(row.id, { status: 'cancelled' });
                    return 'cancelled';
                  }
                  const reason = error instanceof Error && error.message ? `: ${error.message}` : '';
                  patch(row.id, { status: 'failed', error: `${PROCESS_FAILED_MESSAGE}${reason}` });
                  return 'failed';
                },
              ),
          ),
        );
      } finally {
        processor.close();
      }
    });
    setRunning(false);
    if (!outcomes) return;
    const done = outcomes.filter((status) => status === 'done').length;
    if (outcomes.includes('cancelled')) {
      setNotice(`${BATCH_CANCELLED_MESSAGE}: ${done} of ${targets.length} images were processed.`);
      toast.info(BATCH_CANCELLED_MESSAGE);
    } else if (done === targets.length) {
      toast.success(`${done} ${done === 1 ? 'image' : 'images'} processed`);
    } else {
      toast.error(`${targets.length - done} of ${targets.length} images failed`);
    }
  };

  const cancel = abort;

  /** Packs the finished results into one ZIP, named per file by `fileName`, and downloads it. */
  const downloadAll = async (fileName: (file: File, request: R) => string, zipName: string) => {
    if (!ran || zipping) return;
    const entries = rows
      .filter((row) => row.status === 'done' && row.output)
      .map((row) => ({ name: fileName(row.file, ran), blob: row.output!.blob }));
    if (entries.length === 0) return;
    setZipping(true);
    try {
      const result = await zip(entries);
      if (result.ok) {
        downloadBlob(result.value, zipName);
        toast.success(`${zipName} downloaded`);
      } else {
        toast.error(ZIP_FAILED_MESSAGE, { description: result.error });
      }
    } catch (error) {
      toast.error(ZIP_FAILED_MESSAGE, { description: error instanceof Error ? error.message : String(error) });
    } finally {
      setZipping(false);
    }
  };

  return { rows, ran, running, zipping, notice, totals: batchTotals(rows), choose, clear, start, cancel, downloadAll };
}
