/**
 * "Several images": the batch beside the single-image screen. The files get
 * the options set above, run through a pool of workers with a row each
 * (size before and after, status or error), the totals, Cancel and
 * Download all as one ZIP.
 */
import { Download, FolderDown, Images, LoaderCircle, X } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { toast } from '../../lib/toast';
import { Card } from '../Page';
import { ui } from '../ui';
import { downloadBlob } from '../../lib/download';
import { formatBytes } from '../../lib/image-file';
import { batchZipName, MAX_BATCH_FILES, type BatchRow } from '../../lib/image-processing/batch';
import { DOWNLOADED_MESSAGE } from './ImageToolParts';
import { describeSizeChange } from '../../lib/image-processing/summary';
import { useImageBatch, type ImageBatchOptions } from '../../lib/image-processing/use-image-batch';
import type { ImageRequest } from '../../lib/image-processing/use-image-tool';

interface ImageBatchCardProps<R extends ImageRequest> extends ImageBatchOptions {
  /** The run the current options ask for; null while they are invalid. */
  request: R | null;
  /** Names a result as the single-image screen does: its download name and label ("Compressed", for the ZIP's name). */
  naming: (file: File, request: R) => { fileName: string; resultLabel: string };
}

const STATUS_TEXT: Record<Exclude<BatchRow['status'], 'failed'>, string> = {
  queued: 'Waiting',
  running: 'Processing…',
  done: 'Done',
  cancelled: 'Cancelled',
};

function Status({ row }: { row: BatchRow }) {
  if (row.status === 'failed') {
    return <span className="font-medium text-red-700 dark:text-red-400">{row.error}</span>;
  }
  if (row.status === 'running') {
    return (
      <span className="inline-flex items-center gap-1">
        <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
        {STATUS_TEXT.running}
      </span>
    );
  }
  return (
    <span className={row.status === 'done' ? 'text-green-700 dark:text-green-400' : undefined}>
      {STATUS_TEXT[row.status]}
    </span>
  );
}

export function ImageBatchCard<R extends ImageRequest>({ request, naming, ...options }: ImageBatchCardProps<R>) {
  const inputId = useId();
  const headingId = useId();
  const [dragging, setDragging] = useState(false);
  const batch = useImageBatch<R>(options);
  const { rows, totals, running, ran } = batch;
  const images = rows.filter((row) => row.file.type.startsWith('image/')).length;
  const fileName = (file: File, ran: R) => naming(file, ran).fileName;

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!running) batch.choose([...event.dataTransfer.files]);
  };

  const finished = totals.done + totals.failed + totals.cancelled;
  const progress = running ? `Processing… ${finished} of ${totals.files} finished` : null;

  return (
    <Card>
      <h2 id={headingId} className={ui.subheading}>
        Several images
      </h2>
      <p className={`mt-1 ${ui.muted}`}>
        Up to {MAX_BATCH_FILES} images at once, each with the options above, processed in the background; a file that
        fails shows why and the rest go on.
      </p>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          if (!running) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`mt-4 flex cursor-pointer items-center justify-center gap-3 rounded-xl border-2 border-dashed px-4 py-5 text-center transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 ${
          dragging
            ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950'
            : 'border-slate-300 hover:border-indigo-400 dark:border-slate-700 dark:hover:border-indigo-500'
        } ${running ? 'cursor-not-allowed opacity-60' : ''}`}
      >
        <Images aria-hidden="true" className="size-6 shrink-0 text-indigo-600 dark:text-indigo-400" />
        <span className="font-medium text-slate-900 dark:text-white">Choose or drop images for the batch</span>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          disabled={running}
          onChange={(event) => {
            batch.choose([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </label>

      {rows.length > 0 ? (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <button
              type="button"
              className={ui.button}
              disabled={running || !request || images === 0}
              onClick={() => void batch.start(request)}
            >
              {running ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
              {running ? 'Processing...' : `Process ${images} ${images === 1 ? 'image' : 'images'}`}
            </button>
            {running ? (
              <button type="button" className={ui.buttonSecondary} onClick={batch.cancel}>
                <X aria-hidden="true" className="size-4" />
                Cancel batch
              </button>
            ) : (
              <>
                <button
                  type="button"
                  className={ui.buttonSecondary}
                  disabled={totals.done === 0 || batch.zipping || !ran}
                  onClick={() =>
                    ran && void batch.downloadAll(fileName, batchZipName(naming(rows[0]!.file, ran).resultLabel))
                  }
                >
                  {batch.zipping ? (
                    <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                  ) : (
                    <FolderDown aria-hidden="true" className="size-4" />
                  )}
                  {batch.zipping ? 'Making the ZIP...' : 'Download all (ZIP)'}
                </button>
                <button type="button" className={ui.buttonSecondary} onClick={batch.clear}>
                  Clear list
                </button>
              </>
            )}
          </div>

          <p role="status" className="mt-3 text-sm text-slate-700 dark:text-slate-300">
            {progress ?? batch.notice ?? ''}
            {!running && totals.done + totals.failed + totals.cancelled > 0 && !batch.notice
              ? `${totals.done} of ${totals.files} done${totals.failed ? `, ${totals.failed} failed` : ''}${
                  totals.cancelled ? `, ${totals.cancelled} cancelled` : ''
                }.`
              : ''}
          </p>
          {totals.done > 0 ? (
            <p className="mt-1 text-sm font-medium text-slate-900 dark:text-white">
              Total: {formatBytes(totals.before)} → {formatBytes(totals.after)}{' '}
              <span className={totals.change.smaller ? 'text-green-700 dark:text-green-400' : undefined}>
                ({totals.change.text})
              </span>
            </p>
          ) : null}

          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm" aria-labelledby={headingId}>
              <thead className="text-slate-600 dark:text-slate-400">
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    File
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Before
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    After
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Change
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Download</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const change = row.output ? describeSizeChange(row.file.size, row.output.blob.size) : null;
                  const name = row.output && ran ? fileName(row.file, ran) : null;
                  return (
                    <tr key={row.id} className="border-b border-slate-100 align-top dark:border-slate-800">
                      <th scope="row" className="max-w-[16rem] py-2 pr-3 font-medium [overflow-wrap:anywhere]">
                        {row.file.name}
                      </th>
                      <td className="py-2 pr-3 text-right tabular-nums">{formatBytes(row.file.size)}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">
                        {row.output ? formatBytes(row.output.blob.size) : '—'}
                      </td>
                      <td
                        className={`py-2 pr-3 text-right tabular-nums ${change?.smaller ? 'text-green-700 dark:text-green-400' : ''}`}
                      >
                        {change ? change.text : '—'}
                      </td>
                      <td className="py-2 pr-3">
                        <Status row={row} />
                      </td>
                      <td className="py-2">
                        {row.output && name ? (
                          <button
                            type="button"
                            className="inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                            aria-label={`Download ${name}`}
                            onClick={() => {
                              downloadBlob(row.output!.blob, name);
                              toast.success(DOWNLOADED_MESSAGE);
                            }}
                          >
                            <Download aria-hidden="true" className="size-4" />
                            Download
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </Card>
  );
}
