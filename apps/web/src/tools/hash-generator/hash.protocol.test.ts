import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_MB,
  describeMethod,
  describeProgress,
  fileMethod,
  formatMegabytes,
  isHashAlgorithm,
  progressPercent,
  throttleProgress,
  throughput,
  wholeFileBudget,
} from './hash.protocol';

const MB = BYTES_PER_MB;

describe('isHashAlgorithm', () => {
  it.each([
    ['md5', true],
    ['sha1', true],
    ['sha256', true],
    ['sha512', true],
    ['', false],
    ['SHA256', false],
    ['sha3', false],
    [undefined, false],
    [256, false],
  ])('%j → %s', (value, expected) => {
    expect(isHashAlgorithm(value)).toBe(expected);
  });
});

describe('progress', () => {
  it.each([
    [0, 0, 100],
    [0, 10 * MB, 0],
    [5 * MB, 10 * MB, 50],
    [10 * MB - 1, 10 * MB, 99],
    [10 * MB, 10 * MB, 100],
    [11 * MB, 10 * MB, 100],
    [-1, 10, 0],
  ])('%i of %i bytes is %i%%', (bytesDone, totalBytes, percent) => {
    expect(progressPercent({ bytesDone, totalBytes })).toBe(percent);
  });

  it.each([
    [0, '0.0 MB'],
    [MB / 2, '0.5 MB'],
    [20 * MB, '20.0 MB'],
    [256 * MB, '256.0 MB'],
  ])('%i bytes read as %s', (bytes, text) => {
    expect(formatMegabytes(bytes)).toBe(text);
  });

  it('describes a run in percent and megabytes', () => {
    expect(describeProgress({ bytesDone: 84 * MB, totalBytes: 200 * MB })).toBe('42% — 84.0 MB of 200.0 MB');
  });

  it.each([
    [100 * MB, 1000, 100],
    [256 * MB, 500, 512],
    [MB, 0, undefined],
    [MB, Number.NaN, undefined],
  ])('%i bytes in %i ms is %s MB/s', (bytes, ms, expected) => {
    expect(throughput(bytes, ms)).toBe(expected);
  });
});

describe('reading a file whole for WebCrypto', () => {
  it.each([
    [undefined, 256 * MB],
    [0.5, 256 * MB],
    [2, 256 * MB],
    [4, 1024 * MB],
    [8, 1024 * MB],
  ])('a device reporting %s GB may read %i bytes whole', (deviceMemory, budget) => {
    expect(wholeFileBudget(deviceMemory)).toBe(budget);
  });

  it.each([
    [100, ['sha256'], 100, 'whole'],
    [101, ['sha256'], 100, 'streamed'],
    [100, ['md5'], 100, 'streamed'],
    [100, ['md5', 'sha1'], 100, 'whole'],
    [0, ['blake3', 'sha3-256'], 100, 'streamed'],
    [0, ['sha512'], 0, 'whole'],
  ] as const)('%i bytes with %j on a budget of %i: %s', (size, algorithms, budget, method) => {
    expect(fileMethod(size, algorithms, budget)).toBe(method);
  });

  it('says which in the page', () => {
    expect(describeMethod('whole', 1024 * MB)).toBe(
      "Read whole (up to 1024 MB) and digested by the browser's WebCrypto where it can",
    );
    expect(describeMethod('streamed', 256 * MB)).toBe('Streamed in 4 MB pieces through WebAssembly (hash-wasm)');
  });
});

describe('throttleProgress', () => {
  // Each row: the calls as [time in ms, bytes done, total bytes], and the bytes done that get through.
  it.each([
    ['no call', [], []],
    ['the first call at once', [[0, 10, 100]], [10]],
    [
      'then one per interval',
      [
        [0, 10, 100],
        [40, 20, 100],
        [99, 30, 100],
        [100, 40, 100],
        [150, 50, 100],
        [230, 60, 100],
      ],
      [10, 40, 60],
    ],
    [
      'and always the last, however soon',
      [
        [0, 10, 100],
        [5, 100, 100],
      ],
      [10, 100],
    ],
    ['an empty file, done at once', [[0, 0, 0]], [0]],
  ] as [string, [number, number, number][], number[]][])('%s', (_name, calls, expected) => {
    let time = 0;
    const seen: number[] = [];
    const report = throttleProgress((bytesDone) => seen.push(bytesDone), { intervalMs: 100, now: () => time });
    for (const [at, bytesDone, totalBytes] of calls) {
      time = at;
      report(bytesDone, totalBytes);
    }
    expect(seen).toEqual(expected);
  });
});
