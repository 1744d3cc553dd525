import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadBlob } from '../../lib/download';
import { INVALID_IMAGE_MESSAGE } from '../../lib/image-file';
import type { Result } from '../../lib/result';
import type { BatchProcessor } from '../../lib/image-processing/image.client';
import { ImageBatchCard } from './ImageBatchCard';
import type { ImageOperation, ImageOutput } from '../../lib/image-processing/operations';
import { imageFile, output, stubObjectUrls } from '../../lib/image-processing/testing';
import type { ImageRequest } from '../../lib/image-processing/use-image-tool';

vi.mock('../../lib/download', () => ({ downloadBlob: vi.fn() }));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/** A processor the test answers by hand, one call per file, in order of submission. */
function fakeProcessor() {
  const calls: {
    file: Blob;
    operation: ImageOperation;
    start: () => void;
    resolve: (result: Result<ImageOutput>) => void;
    reject: (error: unknown) => void;
  }[] = [];
  const close = vi.fn();
  const processor: BatchProcessor = {
    run: (file, operation, { signal, onStart }) =>
      new Promise((resolve, reject) => {
        calls.push({ file, operation, start: () => onStart?.(), resolve, reject });
        signal?.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
      }),
    close,
    concurrency: 2,
  };
  return { processor, calls, close };
}

const request: ImageRequest = { operation: { kind: 'compress', quality: 80, maxWidth: 1920, maxHeight: 1080 } };
const naming = (file: File) => ({ fileName: `compressed_${file.name}`, resultLabel: 'Compressed' });

function setup(zip = vi.fn(async () => ({ ok: true, value: new Blob(['zip']) }) as Result<Blob>)) {
  const fake = fakeProcessor();
  render(<ImageBatchCard request={request} naming={naming} createProcessor={() => fake.processor} zip={zip} />);
  return { ...fake, zip };
}

const choose = (files: File[]) =>
  fireEvent.change(screen.getByLabelText('Choose or drop images for the batch'), { target: { files } });
const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;
const cells = (name: string) => [...row(name).querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent);

beforeEach(() => {
  stubObjectUrls();
});

describe('ImageBatchCard', () => {
  it('lists the chosen files; a file that is not an image fails on its own row', () => {
    setup();
    expect(screen.queryByRole('table')).toBeNull();
    choose([imageFile('a.png', 2048), new File(['x'], 'notes.txt', { type: 'text/plain' }), imageFile('b.png', 100)]);
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(cells('a.png')).toEqual(['2.0 KB', '—', '—', 'Waiting']);
    expect(cells('notes.txt')).toEqual(['1 B', '—', '—', INVALID_IMAGE_MESSAGE]);
    expect(screen.getByRole('button', { name: 'Process 2 images' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download all (ZIP)' })).toBeDisabled();
  });

  it('runs every image, shows each outcome, the totals, and zips the finished ones', async () => {
    const { calls, close, zip } = setup();
    choose([imageFile('a.png', 10000), imageFile('broken.png', 500), imageFile('c.png', 4000)]);
    fireEvent.click(screen.getByRole('button', { name: 'Process 3 images' }));
    expect(calls.map((call) => call.operation)).toEqual([request.operation, request.operation, request.operation]);
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByLabelText('Choose or drop images for the batch')).toBeDisabled();
    act(() => calls[0]!.start());
    expect(cells('a.png')[3]).toBe('Processing…');
    expect(cells('c.png')[3]).toBe('Waiting');

    await act(async () => calls[1]!.resolve({ ok: false, error: 'Failed to load image' }));
    await act(async () => calls[0]!.resolve({ ok: true, value: output(100, 100, 2500, 'image/jpeg') }));
    expect(screen.getByRole('status')).toHaveTextContent('Processing… 2 of 3 finished');
    await act(async () => calls[2]!.reject(new Error('worker crashed')));

    expect(cells('a.png')).toEqual(['9.8 KB', '2.4 KB', '75.0% smaller', 'Done']);
    expect(cells('broken.png')).toEqual(['500 B', '—', '—', 'Failed to load image']);
    expect(cells('c.png')[3]).toBe('Error processing image: worker crashed');
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3 done, 2 failed.');
    expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: 9.8 KB → 2.4 KB (75.0% smaller)');
    expect(close).toHaveBeenCalledTimes(1);

    fireEvent.click(within(row('a.png')).getByRole('button', { name: 'Download compressed_a.png' }));
    expect(downloadBlob).toHaveBeenCalledWith(expect.any(Blob), 'compressed_a.png');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Download all (ZIP)' })));
    expect(zip).toHaveBeenCalledWith([{ name: 'compressed_a.png', blob: expect.any(Blob) }]);
    expect(downloadBlob).toHaveBeenLastCalledWith(expect.any(Blob), 'compressed_images.zip');
  });

  it('Cancel batch stops what is left; finished rows keep their results', async () => {
    const { calls } = setup();
    choose([imageFile('a.png'), imageFile('b.png'), imageFile('c.png')]);
    fireEvent.click(screen.getByRole('button', { name: 'Process 3 images' }));
    await act(async () => calls[0]!.resolve({ ok: true, value: output(1, 1, 10) }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel batch' })));
    expect(cells('a.png')[3]).toBe('Done');
    expect(cells('b.png')[3]).toBe('Cancelled');
    expect(cells('c.png')[3]).toBe('Cancelled');
    expect(screen.getByRole('status')).toHaveTextContent('Batch cancelled: 1 of 3 images were processed.');
    expect(screen.getByRole('button', { name: 'Download all (ZIP)' })).toBeEnabled();
  });

  it('takes the first 100 files and says how many were left out', () => {
    setup();
    choose(Array.from({ length: 103 }, (_, index) => imageFile(`${index}.png`, 1)));
    expect(screen.getAllByRole('row')).toHaveLength(101);
    expect(screen.getByRole('status')).toHaveTextContent('Only the first 100 images are taken; 3 more were left out.');
  });

  it('says so when the ZIP cannot be made', async () => {
    const { toast } = await import('sonner');
    const { calls } = setup(vi.fn(async () => ({ ok: false, error: 'Out of memory' }) as Result<Blob>));
    choose([imageFile('a.png')]);
    fireEvent.click(screen.getByRole('button', { name: 'Process 1 image' }));
    await act(async () => calls[0]!.resolve({ ok: true, value: output(1, 1, 10) }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Download all (ZIP)' })));
    expect(toast.error).toHaveBeenCalledWith('Could not make the ZIP file', { description: 'Out of memory' });
    expect(downloadBlob).not.toHaveBeenCalled();
  });
});
