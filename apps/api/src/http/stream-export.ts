import type { Response } from 'express';
import type { ExportFormat } from '@toolvault/shared';
import { csvLine } from '../lib/csv';

/** What one export writes: its file name and CSV columns, and each row's CSV cells. */
export interface ExportShape<Row> {
  name: string;
  columns: readonly string[];
  cells: (row: Row) => (string | number)[];
}

/**
 * Writes the export as it is read, a batch of rows at a time, waiting for the socket to drain
 * whenever its buffer is full: memory stays flat whatever the number of rows. JSON is one array
 * (for links, the import's format); CSV has a header line and formula-safe cells. A client that
 * goes away stops the reading.
 */
export async function streamExport<Row>(
  res: Response,
  format: ExportFormat,
  shape: ExportShape<Row>,
  batches: AsyncIterable<Row[]>,
) {
  const csv = format === 'csv';
  res
    .status(200)
    .set('Cache-Control', 'no-store')
    .type(csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
    .attachment(`${shape.name}.${csv ? 'csv' : 'json'}`);
  // One 'drain' and one 'close' listener for the whole export, each waking the pending write.
  // (A listener per write would pile up: compression hands 'drain' listeners to its zlib stream,
  // where res.off and res.once's own removal never reach them.)
  let closed = false;
  let wake: (() => void) | undefined;
  const resume = () => {
    const pending = wake;
    wake = undefined;
    pending?.();
  };
  res.on('drain', resume);
  res.once('close', () => {
    closed = true;
    resume();
  });
  const write = async (text: string) => {
    if (res.write(text) || closed) return;
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  };
  await write(csv ? csvLine(shape.columns) : '[');
  let first = true;
  for await (const batch of batches) {
    if (closed) return;
    let chunk = '';
    for (const row of batch) {
      if (csv) {
        chunk += csvLine(shape.cells(row));
      } else {
        chunk += `${first ? '\n' : ',\n'}${JSON.stringify(row)}`;
        first = false;
      }
    }
    await write(chunk);
  }
  res.end(csv ? '' : '\n]\n');
}
