import { describe, expect, it } from 'vitest';
import { INVALID_IMAGE_MESSAGE } from '../image-file';
import { MAX_BATCH_FILES, batchRows, batchTotals, batchZipName, type BatchRow } from './batch';

const file = (name: string, bytes: number, type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type });
const out = (bytes: number) => ({
  blob: new Blob([new Uint8Array(bytes)]),
  width: 1,
  height: 1,
  sourceWidth: 1,
  sourceHeight: 1,
});

describe('batchRows', () => {
  it('queues images and fails anything else at once, in order', () => {
    const { rows, left } = batchRows([
      file('a.jpg', 1),
      file('notes.txt', 1, 'text/plain'),
      file('b.png', 1, 'image/png'),
    ]);
    expect(left).toBe(0);
    expect(rows.map(({ id, file: f, status, error }) => [id, f.name, status, error])).toEqual([
      [1, 'a.jpg', 'queued', undefined],
      [2, 'notes.txt', 'failed', INVALID_IMAGE_MESSAGE],
      [3, 'b.png', 'queued', undefined],
    ]);
  });

  it.each([
    [0, 0, 0],
    [1, 1, 0],
    [MAX_BATCH_FILES, 100, 0],
    [MAX_BATCH_FILES + 1, 100, 1],
    [250, 100, 150],
  ])('%i files → %i rows, %i left out', (count, taken, left) => {
    const result = batchRows(
      Array.from({ length: count }, (_, index) => file(`${index}.jpg`, 1)),
      7,
    );
    expect(result.rows).toHaveLength(taken);
    expect(result.left).toBe(left);
    if (taken > 0) expect(result.rows[0]!.id).toBe(7);
  });
});

describe('batchTotals', () => {
  it('adds up the finished files only, and counts each status', () => {
    const rows: BatchRow[] = [
      { id: 1, file: file('a', 1000), status: 'done', output: out(250) },
      { id: 2, file: file('b', 3000), status: 'done', output: out(750) },
      { id: 3, file: file('c', 5000), status: 'failed', error: 'Failed to load image' },
      { id: 4, file: file('d', 5000), status: 'cancelled' },
    ];
    expect(batchTotals(rows)).toEqual({
      files: 4,
      done: 2,
      failed: 1,
      cancelled: 1,
      settled: true,
      before: 4000,
      after: 1000,
      change: { reduction: 75, smaller: true, text: '75.0% smaller' },
    });
  });

  it.each<[string, BatchRow['status'], boolean]>([
    ['queued', 'queued', false],
    ['running', 'running', false],
    ['done', 'done', true],
  ])('a %s file: settled %s', (_name, status, settled) => {
    expect(batchTotals([{ id: 1, file: file('a', 1), status }]).settled).toBe(settled);
  });

  it('is empty and settled for no rows', () => {
    expect(batchTotals([])).toMatchObject({ files: 0, done: 0, settled: true, before: 0, after: 0 });
  });

  it('says when the results grew', () => {
    expect(batchTotals([{ id: 1, file: file('a', 100), status: 'done', output: out(150) }]).change.text).toBe(
      '50.0% larger',
    );
  });
});

describe('batchZipName', () => {
  it.each([
    ['Compressed', 'compressed_images.zip'],
    ['Grayscale', 'grayscale_images.zip'],
    ['Resized', 'resized_images.zip'],
  ])('%s → %s', (label, name) => {
    expect(batchZipName(label)).toBe(name);
  });
});
