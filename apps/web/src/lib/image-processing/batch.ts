/** The rules of a batch of images: what is taken, and how its figures add up. No React, no DOM. */
import { INVALID_IMAGE_MESSAGE, isImageFile } from '../image-file';
import type { ImageOutput } from './operations';
import { describeSizeChange, type SizeChange } from './summary';

/** At most this many images in one batch: enough for a folder of photos, small enough for a tab's memory. */
export const MAX_BATCH_FILES = 100;

export type BatchStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface BatchRow {
  id: number;
  file: File;
  status: BatchStatus;
  output?: ImageOutput;
  /** Why this file failed; the others go on. */
  error?: string;
}

/**
 * The rows for a choice of files: the first 100, each image queued and
 * anything else failed at once with the upload's own message (the batch still
 * runs the rest). `left` counts the files beyond the limit.
 */
export function batchRows(files: readonly File[], firstId = 1): { rows: BatchRow[]; left: number } {
  const taken = files.slice(0, MAX_BATCH_FILES);
  const rows = taken.map((file, index): BatchRow => {
    const id = firstId + index;
    return isImageFile(file)
      ? { id, file, status: 'queued' }
      : { id, file, status: 'failed', error: INVALID_IMAGE_MESSAGE };
  });
  return { rows, left: files.length - taken.length };
}

export interface BatchTotals {
  files: number;
  done: number;
  failed: number;
  cancelled: number;
  /** Finished or not: nothing left to wait for. */
  settled: boolean;
  /** Bytes of the originals that were processed, and of their results. */
  before: number;
  after: number;
  change: SizeChange;
}

export function batchTotals(rows: readonly BatchRow[]): BatchTotals {
  let before = 0;
  let after = 0;
  const count = (status: BatchStatus) => rows.filter((row) => row.status === status).length;
  for (const row of rows) {
    if (row.status !== 'done' || !row.output) continue;
    before += row.file.size;
    after += row.output.blob.size;
  }
  return {
    files: rows.length,
    done: count('done'),
    failed: count('failed'),
    cancelled: count('cancelled'),
    settled: rows.every((row) => row.status !== 'queued' && row.status !== 'running'),
    before,
    after,
    change: describeSizeChange(before, after),
  };
}

/** "compressed_images.zip" for the "Compressed" tool. */
export function batchZipName(resultLabel: string): string {
  return `${resultLabel.toLowerCase().replace(/[^a-z0-9]+/g, '-')}_images.zip`;
}
