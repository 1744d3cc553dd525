// hashFile, streamed in chunks or read whole for WebCrypto within its budget, and runHashRequest, the
// worker's body.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_TEXT_ERROR,
  NO_ALGORITHM_ERROR,
  hashFile,
  runHashRequest,
  type HashAlgorithm,
} from './hash-generator.service';
import { BLAKE3_VECTORS, blake3Input, MODERN, NODE_ALGORITHMS, nodeHash, sliceable } from './hash-testing';

describe('hashFile', () => {
  const data = randomBytes(1000);

  it.each(NODE_ALGORITHMS)('hashes a file with %s in chunks like Node crypto', async (algorithm) => {
    const progress: number[] = [];
    const result = await hashFile({
      file: new Blob([data]),
      algorithms: [algorithm],
      chunkBytes: 300,
      onProgress: (n) => progress.push(n),
    });
    expect(result).toEqual({ ok: true, value: { [algorithm]: nodeHash(algorithm, data) } });
    expect(progress).toEqual([300, 600, 900, 1000]);
  });

  it.each(BLAKE3_VECTORS)('streams the official %i-byte BLAKE3 input from a file', async (length, expected) => {
    const result = await hashFile({ file: new Blob([blake3Input(length)]), algorithms: ['blake3'], chunkBytes: 1000 });
    expect(result).toEqual({ ok: true, value: { blake3: expected } });
  });

  it.each(MODERN.filter(([, message]) => message === 'abc'))(
    'streams %s of a file holding %j',
    async (algorithm, message, expected) => {
      const result = await hashFile({ file: new Blob([message]), algorithms: [algorithm], chunkBytes: 1 });
      expect(result).toEqual({ ok: true, value: { [algorithm]: expected } });
    },
  );

  it('hashes an empty file', async () => {
    expect(await hashFile({ file: new Blob([]), algorithms: ['sha256'] })).toEqual({
      ok: true,
      value: { sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' },
    });
  });

  it.each([
    ['no algorithm', [], NO_ALGORITHM_ERROR],
    ['an unknown algorithm', ['md5', 'whirlpool'], 'Unsupported algorithm: whirlpool'],
  ])('refuses %s as a user error', async (_name, algorithms, error) => {
    expect(await hashFile({ file: new Blob([data]), algorithms: algorithms as HashAlgorithm[] })).toEqual({
      ok: false,
      error,
    });
  });

  it('can be aborted', async () => {
    const controller = new AbortController();
    const run = hashFile({
      file: new Blob([data]),
      algorithms: ['md5'],
      chunkBytes: 100,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('hashFile, read whole for WebCrypto', () => {
  const data = randomBytes(10_000);
  const all = ['md5', 'sha1', 'sha256', 'sha384', 'sha512', 'sha3-256'] as const;

  it('gives every digest Node crypto gives, WebCrypto and hash-wasm together, reading the file once', async () => {
    const { blob, slices } = sliceable(data);
    const progress: number[] = [];
    const result = await hashFile({
      file: blob,
      algorithms: all,
      chunkBytes: 300,
      wholeFileBytes: data.length,
      onProgress: (n) => progress.push(n),
    });
    expect(result).toEqual({ ok: true, value: Object.fromEntries(all.map((a) => [a, nodeHash(a, data)])) });
    // One read of the whole file, then the progress is complete: no 300-byte chunks.
    expect(slices).toEqual([0]);
    expect(progress).toEqual([data.length]);
  });

  it('streams a file one byte over the budget', async () => {
    const { blob, slices } = sliceable(data);
    const result = await hashFile({
      file: blob,
      algorithms: ['sha256'],
      chunkBytes: 4000,
      wholeFileBytes: data.length - 1,
    });
    expect(result).toEqual({ ok: true, value: { sha256: nodeHash('sha256', data) } });
    expect(slices).toEqual([0, 4000, 8000]);
  });

  it('streams when no algorithm is WebCrypto’s, whatever the budget', async () => {
    const { blob, slices } = sliceable(data);
    const result = await hashFile({ file: blob, algorithms: ['md5'], chunkBytes: 4000, wholeFileBytes: data.length });
    expect(result).toEqual({ ok: true, value: { md5: nodeHash('md5', data) } });
    expect(slices).toEqual([0, 4000, 8000]);
  });

  it('digests an empty file whole', async () => {
    expect(await hashFile({ file: new Blob([]), algorithms: ['sha256', 'md5'], wholeFileBytes: 1 })).toEqual({
      ok: true,
      value: { sha256: nodeHash('sha256', Buffer.alloc(0)), md5: nodeHash('md5', Buffer.alloc(0)) },
    });
  });
});

describe('runHashRequest (the worker body)', () => {
  it.each([
    [
      'text "abc" with MD5',
      { type: 'text', text: 'abc', algorithm: 'md5' },
      { ok: true, value: { md5: '900150983cd24fb0d6963f7d28e17f72' } },
    ],
    ['empty text', { type: 'text', text: '', algorithm: 'sha1' }, { ok: false, error: EMPTY_TEXT_ERROR }],
    [
      'a file with MD5 and SHA-1',
      { type: 'file', file: new Blob(['abc']), algorithms: ['md5', 'sha1'] },
      {
        ok: true,
        value: { md5: '900150983cd24fb0d6963f7d28e17f72', sha1: 'a9993e364706816aba3e25717850c26c9cd0d89d' },
      },
    ],
    [
      'a file with no algorithm',
      { type: 'file', file: new Blob(['abc']), algorithms: [] },
      { ok: false, error: NO_ALGORITHM_ERROR },
    ],
  ] as const)('answers %s', async (_name, request, expected) => {
    expect(await runHashRequest(request)).toEqual(expected);
  });

  it('reports file progress with the total size', async () => {
    const progress: [number, number][] = [];
    await runHashRequest(
      { type: 'file', file: new Blob(['abcdefg']), algorithms: ['sha256'], chunkBytes: 3 },
      (done, total) => progress.push([done, total]),
    );
    expect(progress).toEqual([
      [3, 7],
      [6, 7],
      [7, 7],
    ]);
  });
});
