import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_MB,
  describeProgress,
  formatMegabytes,
  isHashAlgorithm,
  progressPercent,
  throughput,
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
