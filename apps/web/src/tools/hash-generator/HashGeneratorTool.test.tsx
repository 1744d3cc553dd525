import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import HashGeneratorTool from './HashGeneratorTool';
import type { Digests, HashProgress, HashWorkerRequest } from './hash.protocol';
import type { RunHashWorkerOptions } from './hash-worker-client';
import type { Result } from '../../lib/result';

/** A runWorker stand-in that the test answers by hand. */
function fakeWorker() {
  const calls: {
    request: HashWorkerRequest;
    options: RunHashWorkerOptions;
    resolve: (result: Result<Digests>) => void;
    reject: (error: unknown) => void;
  }[] = [];
  const run = vi.fn(
    (request: HashWorkerRequest, options: RunHashWorkerOptions = {}) =>
      new Promise<Result<Digests>>((resolve, reject) => {
        calls.push({ request, options, resolve, reject });
        options.signal?.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
      }),
  );
  return { run, calls };
}

const textCard = () => screen.getByRole('heading', { name: 'Text' }).closest('section')!;
const fileCard = () => screen.getByRole('heading', { name: 'File' }).closest('section')!;
const generate = () => screen.getByRole('button', { name: 'Generate Hash' });

describe('HashGeneratorTool — text', () => {
  it('disables Generate Hash on empty input and shows no output area', () => {
    render(<HashGeneratorTool runWorker={fakeWorker().run} />);
    expect(generate()).toBeDisabled();
    expect(within(textCard()).queryByRole('textbox', { name: /hash$/ })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Algorithm' })).toHaveValue('md5');
    expect(
      within(screen.getByRole('combobox', { name: 'Algorithm' }))
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual(['md5', 'sha1', 'sha256', 'sha512']);
  });

  it('hashes the text with the chosen algorithm in the worker and shows a read-only result', async () => {
    const worker = fakeWorker();
    render(<HashGeneratorTool runWorker={worker.run} />);
    fireEvent.change(screen.getByLabelText('Input Text'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Algorithm' }), { target: { value: 'sha256' } });
    fireEvent.click(generate());
    expect(worker.calls.map((call) => call.request)).toEqual([{ type: 'text', text: 'abc', algorithm: 'sha256' }]);
    expect(generate()).toBeDisabled();
    const hex = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    await act(async () => worker.calls[0]!.resolve({ ok: true, value: { sha256: hex } }));
    const output = within(textCard()).getByRole('textbox', { name: 'SHA-256 hash' });
    expect(output).toHaveValue(hex);
    expect(output).toHaveAttribute('readonly');
    expect(within(textCard()).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(textCard()).getByRole('status')).toHaveTextContent('SHA-256 hash generated');
  });

  it('drops a result that no longer matches the input', async () => {
    const worker = fakeWorker();
    render(<HashGeneratorTool runWorker={worker.run} />);
    fireEvent.change(screen.getByLabelText('Input Text'), { target: { value: 'abc' } });
    fireEvent.click(generate());
    fireEvent.change(screen.getByLabelText('Input Text'), { target: { value: 'abcd' } });
    await act(async () => worker.calls[0]!.resolve({ ok: true, value: { md5: '900150983cd24fb0d6963f7d28e17f72' } }));
    expect(within(textCard()).queryByRole('textbox', { name: 'MD5 hash' })).not.toBeInTheDocument();
    expect(generate()).toBeEnabled();
  });
});

describe('HashGeneratorTool — file', () => {
  const chooseFile = (file: File) =>
    fireEvent.change(screen.getByLabelText('Drop a file here or click to choose one'), { target: { files: [file] } });

  it('hashes a chosen file in the worker with progress, then shows the digest', async () => {
    const worker = fakeWorker();
    render(<HashGeneratorTool runWorker={worker.run} />);
    const file = new File(['abc'], 'abc.txt');
    chooseFile(file);
    expect(worker.calls[0]!.request).toEqual({ type: 'file', file, algorithms: ['md5'] });
    const bar = within(fileCard()).getByRole('progressbar', { name: 'Hashing progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    const progress: HashProgress = { bytesDone: 3 * 1024 * 1024, totalBytes: 4 * 1024 * 1024 };
    act(() => worker.calls[0]!.options.onProgress?.(progress));
    expect(bar).toHaveAttribute('aria-valuenow', '75');
    expect(within(fileCard()).getByText('75% — 3.0 MB of 4.0 MB')).toBeInTheDocument();
    expect(screen.getByLabelText('Drop a file here or click to choose one')).toBeDisabled();
    await act(async () => worker.calls[0]!.resolve({ ok: true, value: { md5: '900150983cd24fb0d6963f7d28e17f72' } }));
    expect(within(fileCard()).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(fileCard()).getByRole('textbox', { name: 'MD5 hash' })).toHaveValue(
      '900150983cd24fb0d6963f7d28e17f72',
    );
    expect(within(fileCard()).getByRole('status')).toHaveTextContent('Hashed abc.txt.');
  });

  it('asks for all four algorithms in one pass when ticked', () => {
    const worker = fakeWorker();
    render(<HashGeneratorTool runWorker={worker.run} />);
    fireEvent.click(screen.getByRole('checkbox', { name: /Compute all four hashes/ }));
    chooseFile(new File(['x'], 'x.bin'));
    expect(worker.calls[0]!.request).toMatchObject({ algorithms: ['md5', 'sha1', 'sha256', 'sha512'] });
  });

  it('takes a dropped file', () => {
    const worker = fakeWorker();
    render(<HashGeneratorTool runWorker={worker.run} />);
    const file = new File(['dropped'], 'dropped.bin');
    const zone = screen.getByText('Drop a file here or click to choose one').closest('label')!.parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(worker.calls[0]!.request).toMatchObject({ type: 'file', file });
  });

  it('Cancel aborts the run and returns to idle', async () => {
    const worker = fakeWorker();
    render(<HashGeneratorTool runWorker={worker.run} />);
    chooseFile(new File(['big'], 'big.iso'));
    await act(async () => fireEvent.click(within(fileCard()).getByRole('button', { name: 'Cancel' })));
    expect(worker.calls[0]!.options.signal?.aborted).toBe(true);
    expect(within(fileCard()).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(fileCard()).getByRole('status')).toHaveTextContent(
      'Hashing cancelled. No hash was computed for big.iso.',
    );
    expect(screen.getByLabelText('Drop a file here or click to choose one')).toBeEnabled();
  });

  it('shows a worker failure as an alert', async () => {
    const worker = fakeWorker();
    render(<HashGeneratorTool runWorker={worker.run} />);
    chooseFile(new File(['x'], 'x.bin'));
    await act(async () => worker.calls[0]!.reject(new Error('worker died')));
    expect(within(fileCard()).getByRole('alert')).toHaveTextContent('Could not hash x.bin: worker died');
  });

  it('stops a running hash when the page is left', () => {
    const worker = fakeWorker();
    const { unmount } = render(<HashGeneratorTool runWorker={worker.run} />);
    chooseFile(new File(['x'], 'x.bin'));
    unmount();
    expect(worker.calls[0]!.options.signal?.aborted).toBe(true);
  });
});
