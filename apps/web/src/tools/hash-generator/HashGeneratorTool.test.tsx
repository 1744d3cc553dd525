import { act, fireEvent, screen, within } from '@testing-library/react';
import { render } from '../../lib/testing-router';
import { describe, expect, it, vi } from 'vitest';
import HashGeneratorTool from './HashGeneratorTool';
import type { Digests, HashProgress, HashWorkerRequest } from './hash.protocol';
import type { RunHashWorkerOptions } from './hash.client';
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
    ).toEqual(['md5', 'sha1', 'sha256', 'sha512', 'sha384', 'sha3-256', 'sha3-512', 'blake2b-256', 'blake3']);
  });

  it('sends the HMAC key with the request and labels the result HMAC', async () => {
    const worker = fakeWorker();
    render(<HashGeneratorTool runWorker={worker.run} />);
    fireEvent.change(screen.getByLabelText('Input Text'), { target: { value: 'Hi There' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'HMAC with a secret key' }));
    fireEvent.change(screen.getByLabelText('HMAC key'), { target: { value: '0b'.repeat(20) } });
    fireEvent.change(screen.getByLabelText('Key format'), { target: { value: 'hex' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Algorithm' }), { target: { value: 'sha256' } });
    fireEvent.click(generate());
    expect(worker.calls[0]!.request).toEqual({
      type: 'text',
      text: 'Hi There',
      algorithm: 'sha256',
      hmacKey: { format: 'hex', value: '0b'.repeat(20) },
    });
    const hex = 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7';
    await act(async () => worker.calls[0]!.resolve({ ok: true, value: { sha256: hex } }));
    expect(within(textCard()).getByRole('textbox', { name: 'HMAC-SHA-256' })).toHaveValue(hex);
  });

  it('picks the algorithm from a pasted expected hash and says Match or No match', async () => {
    const worker = fakeWorker();
    render(<HashGeneratorTool runWorker={worker.run} />);
    const hex = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    fireEvent.change(screen.getByLabelText('Input Text'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Expected hash (optional)'), {
      target: { value: `  ${hex.toUpperCase()}  -\n` },
    });
    expect(screen.getByRole('combobox', { name: 'Algorithm' })).toHaveValue('sha256');
    fireEvent.click(generate());
    expect(worker.calls[0]!.request).toMatchObject({ algorithm: 'sha256' });
    await act(async () => worker.calls[0]!.resolve({ ok: true, value: { sha256: hex } }));
    expect(within(textCard()).getByText(/^Match:/)).toHaveTextContent(
      'Match: the SHA-256 of the text is the expected hash.',
    );
    fireEvent.change(screen.getByLabelText('Expected hash (optional)'), { target: { value: '0'.repeat(64) } });
    expect(within(textCard()).getByText(/^No match:/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Expected hash (optional)'), { target: { value: 'xyz' } });
    expect(within(textCard()).getByText(/^Not a hash/)).toBeInTheDocument();
  });

  it('keeps an algorithm the user chose even when the expected hash is another length', () => {
    render(<HashGeneratorTool runWorker={fakeWorker().run} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Algorithm' }), { target: { value: 'sha3-256' } });
    fireEvent.change(screen.getByLabelText('Expected hash (optional)'), { target: { value: 'a'.repeat(32) } });
    expect(screen.getByRole('combobox', { name: 'Algorithm' })).toHaveValue('sha3-256');
  });

  it('opens with the settings of its address (never the text or key), and a named algorithm counts as chosen', () => {
    render(<HashGeneratorTool runWorker={fakeWorker().run} />, {
      url: '/hash-generator?algorithm=sha512&hmac=1&keyFormat=hex',
    });
    expect(screen.getByRole('combobox', { name: 'Algorithm' })).toHaveValue('sha512');
    expect(screen.getByRole('checkbox', { name: 'HMAC with a secret key' })).toBeChecked();
    expect(screen.getByLabelText('Key format')).toHaveValue('hex');
    expect(screen.getByLabelText('HMAC key')).toHaveValue('');
    fireEvent.change(screen.getByLabelText('Expected hash (optional)'), { target: { value: 'a'.repeat(32) } });
    expect(screen.getByRole('combobox', { name: 'Algorithm' })).toHaveValue('sha512');
  });

  it('falls back to MD5 for an unknown algorithm in the address', () => {
    render(<HashGeneratorTool runWorker={fakeWorker().run} />, { url: '/hash-generator?algorithm=sha999' });
    expect(screen.getByRole('combobox', { name: 'Algorithm' })).toHaveValue('md5');
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
    // jsdom reports no device memory: files up to 256 MB may be read whole.
    expect(worker.calls[0]!.request).toEqual({
      type: 'file',
      file,
      algorithms: ['md5'],
      wholeFileBytes: 256 * 1024 * 1024,
    });
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
    // MD5 alone has no WebCrypto digest: the page says the file was streamed.
    expect(within(fileCard()).getByText(/^Streamed in 4 MB pieces through WebAssembly/)).toBeInTheDocument();
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

  it('hashes several files one after another, checks each against a SHA256SUMS list and copies a sha256sum list', async () => {
    const worker = fakeWorker();
    render(<HashGeneratorTool runWorker={worker.run} />);
    const a = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    const b = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    fireEvent.change(screen.getByLabelText('Expected hash or checksum list (optional)'), {
      target: { value: `${a}  dist/a.txt\n${'1'.repeat(64)} *b.txt\n` },
    });
    const files = [new File(['abc'], 'a.txt'), new File([''], 'b.txt'), new File(['?'], 'c.txt')];
    fireEvent.change(screen.getByLabelText('Drop a file here or click to choose one'), { target: { files } });
    expect(worker.calls).toHaveLength(1);
    expect(worker.calls[0]!.request).toEqual({
      type: 'file',
      file: files[0],
      algorithms: ['sha256'],
      wholeFileBytes: 256 * 1024 * 1024,
    });
    expect(within(fileCard()).getByRole('status')).toHaveTextContent('Hashing a.txt (1 of 3)…');
    expect(within(fileCard()).getByText(/b\.txt · 0\.0 MB · waiting/)).toBeInTheDocument();
    await act(async () => worker.calls[0]!.resolve({ ok: true, value: { sha256: a } }));
    await act(async () => worker.calls[1]!.resolve({ ok: true, value: { sha256: b } }));
    await act(async () => worker.calls[2]!.resolve({ ok: false, error: 'unreadable' }));
    expect(within(fileCard()).getByRole('status')).toHaveTextContent('Hashed 2 of 3 files.');
    expect(within(fileCard()).getByRole('textbox', { name: 'SHA-256 hash of b.txt' })).toHaveValue(b);
    expect(within(fileCard()).getByText('Match: the SHA-256 of a.txt is the expected hash.')).toBeInTheDocument();
    expect(within(fileCard()).getByText('No match: b.txt does not have the expected hash.')).toBeInTheDocument();
    expect(within(fileCard()).getByRole('alert')).toHaveTextContent('Could not hash c.txt: unreadable');
    expect(within(fileCard()).getByRole('button', { name: 'Copy SHA-256 list' })).toBeInTheDocument();
  });

  it('Cancel all stops the batch and counts what was hashed', async () => {
    const worker = fakeWorker();
    render(<HashGeneratorTool runWorker={worker.run} />);
    const files = [new File(['1'], 'one.bin'), new File(['2'], 'two.bin'), new File(['3'], 'three.bin')];
    fireEvent.change(screen.getByLabelText('Drop a file here or click to choose one'), { target: { files } });
    await act(async () => worker.calls[0]!.resolve({ ok: true, value: { md5: 'c4ca4238a0b923820dcc509a6f75849b' } }));
    await act(async () => fireEvent.click(within(fileCard()).getByRole('button', { name: 'Cancel all' })));
    expect(worker.calls).toHaveLength(2);
    expect(worker.calls[1]!.options.signal?.aborted).toBe(true);
    expect(within(fileCard()).getByRole('status')).toHaveTextContent('Hashing cancelled. 1 of 3 files were hashed.');
    expect(within(fileCard()).getByText(/three\.bin · 0\.0 MB · cancelled/)).toBeInTheDocument();
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
