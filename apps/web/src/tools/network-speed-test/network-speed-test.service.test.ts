import { MEBIBYTE } from '@toolvault/shared';
import { describe, expect, it } from 'vitest';
import {
  DOWNLOAD_PLAN,
  HISTORY_STORAGE_KEY,
  JITTER_BADGE,
  PHASE_PROGRESS,
  ThroughputMeter,
  UPLOAD_PLAN,
  addToHistory,
  bytesWithin,
  chooseSize,
  formatMeasure,
  jitterOf,
  loadHistory,
  mbps,
  parallelUploads,
  parseHistory,
  pingOf,
  ratePing,
  rateSpeed,
  saveHistory,
  uploadSizing,
  type SpeedTestResult,
} from './network-speed-test.service';

describe('ratings', () => {
  it.each([
    [0, 'Very Poor'],
    [9.99, 'Very Poor'],
    [10, 'Poor'],
    [24.99, 'Poor'],
    [25, 'Fair'],
    [49.99, 'Fair'],
    [50, 'Good'],
    [99.99, 'Good'],
    [100, 'Excellent'],
    [10_000, 'Excellent'],
    [Number.NaN, 'Very Poor'],
  ])('%f Mbps is %s', (value, rating) => {
    expect(rateSpeed(value)).toBe(rating);
  });

  it.each([
    [0, 'Excellent'],
    [19.9, 'Excellent'],
    [20, 'Good'],
    [49.9, 'Good'],
    [50, 'Fair'],
    [99.9, 'Fair'],
    [100, 'Poor'],
    [199.9, 'Poor'],
    [200, 'Very Poor'],
    [5000, 'Very Poor'],
    [Number.NaN, 'Very Poor'],
  ])('a ping of %f ms is %s', (value, rating) => {
    expect(ratePing(value)).toBe(rating);
  });

  it('labels jitter with the one fixed badge', () => {
    expect(JITTER_BADGE).toBe('Network Stability');
  });

  it('gives each phase its designed progress', () => {
    expect(PHASE_PROGRESS).toEqual({ idle: 0, ping: 10, download: 30, upload: 70, finished: 100 });
  });
});

describe('ping and jitter', () => {
  it.each([
    ['no samples', [], 0, 0],
    ['one sample', [12], 12, 0],
    ['two samples', [10, 14], 12, 4],
    ['steady', [20, 20, 20, 20], 20, 0],
    ['ten samples', [10, 12, 11, 15, 10, 30, 12, 11, 13, 12], 12, (2 + 1 + 4 + 5 + 20 + 18 + 1 + 2 + 1) / 9],
    ['a slow first sample', [90, 10, 11, 10, 11], 11, (80 + 1 + 1 + 1) / 4],
    ['unsorted, odd count', [5, 1, 3], 3, (4 + 2) / 2],
  ])('%s: ping (median) and jitter (mean change)', (_label, samples, ping, jitter) => {
    expect(pingOf(samples)).toBe(ping);
    expect(jitterOf(samples)).toBeCloseTo(jitter, 10);
  });

  it('does not reorder the caller’s samples', () => {
    const samples = [3, 1, 2];
    pingOf(samples);
    expect(samples).toEqual([3, 1, 2]);
  });
});

describe('throughput', () => {
  it.each([
    ['1 MiB in 1 s', MEBIBYTE, 1000, 8.388608],
    ['12.5 MB in 1 s is 100 Mbps', 12_500_000, 1000, 100],
    ['nothing', 0, 1000, 0],
    ['no time', 1000, 0, 0],
    ['negative time', 1000, -5, 0],
  ])('mbps: %s', (_label, bytes, ms, expected) => {
    expect(mbps(bytes, ms)).toBeCloseTo(expected, 10);
  });

  it.each([
    ['wholly inside', { start: 10, end: 20, bytes: 100 }, 0, 30, 100],
    ['wholly before', { start: 10, end: 20, bytes: 100 }, 20, 30, 0],
    ['half inside', { start: 10, end: 20, bytes: 100 }, 15, 30, 50],
    ['cut at both ends', { start: 0, end: 100, bytes: 1000 }, 25, 75, 500],
    ['instant, after from', { start: 5, end: 5, bytes: 7 }, 4, 10, 7],
    ['instant, exactly at from', { start: 5, end: 5, bytes: 7 }, 5, 10, 0],
    ['empty', { start: 0, end: 10, bytes: 0 }, 0, 10, 0],
  ])('bytesWithin: %s', (_label, transfer, from, to, expected) => {
    expect(bytesWithin(transfer, from, to)).toBeCloseTo(expected, 10);
  });

  it('discards the warm-up and sums the parallel streams', () => {
    const meter = new ThroughputMeter(1000);
    // Stream 0: 1 MB/s for 3 s in 500 ms chunks; the first two chunks are warm-up.
    for (let t = 0; t < 3000; t += 500) meter.record(0, t, t + 500, 500_000);
    // Stream 1: slower during the warm-up (slow start), then 2 MB/s.
    meter.record(1, 0, 1000, 100_000);
    meter.record(1, 1000, 3000, 4_000_000);
    expect(meter.bytesAfterWarmup).toBe(2_000_000 + 4_000_000);
    // (2 MB / 2 s) + (4 MB / 2 s) = 3 MB/s = 24 Mbps; without the trim it would read 20.4.
    expect(meter.mbps()).toBeCloseTo(24, 10);
  });

  it('splits a chunk that straddles the end of the warm-up', () => {
    const meter = new ThroughputMeter(1000);
    meter.record(0, 500, 1500, 1_000_000);
    expect(meter.bytesAfterWarmup).toBe(500_000);
    expect(meter.mbps()).toBeCloseTo(8, 10);
  });

  it('measures a stream that ended within the warm-up over its whole life', () => {
    const meter = new ThroughputMeter(1000);
    meter.record(0, 0, 400, 1_000_000);
    expect(meter.bytesAfterWarmup).toBe(0);
    expect(meter.mbps()).toBeCloseTo(20, 10);
  });

  it('reads 0 with nothing recorded', () => {
    expect(new ThroughputMeter(1000).mbps()).toBe(0);
  });
});

describe('request sizing', () => {
  const MB_PER_S = MEBIBYTE / 1000; // bytes per ms
  it.each([
    ['unknown rate', 0, 1],
    ['not a number', Number.NaN, 1],
    ['a very slow stream', 0.1 * MB_PER_S, 1],
    ['exactly 5 MB in the target second', 5 * MB_PER_S, 5],
    ['just under 10 MB per second', 9.99 * MB_PER_S, 5],
    ['30 MB per second', 30 * MB_PER_S, 25],
    ['loopback', 2000 * MB_PER_S, 50],
    ['an instant request', Infinity, 50],
  ])('download, %s', (_label, rate, size) => {
    expect(chooseSize(DOWNLOAD_PLAN.sizesMb, rate, 1000)).toBe(size);
  });

  it.each([
    ['slow', 0.5 * MB_PER_S, 1],
    ['3 MB per second', 3 * MB_PER_S, 2],
    ['loopback', 2000 * MB_PER_S, 10],
  ])('upload, %s', (_label, rate, size) => {
    expect(chooseSize(UPLOAD_PLAN.sizesMb, rate, 1000)).toBe(size);
  });

  const sizing = uploadSizing(UPLOAD_PLAN);
  it.each([
    ['unknown', 0, 1],
    ['1 Mbps: even one upload is slow', 125, 1],
    ['1 MB per second: two uploads of 1 MB each finish within 2 s', MB_PER_S, 2],
    ['1.5 MB per second', 1.5 * MB_PER_S, 3],
    ['fast', 100 * MB_PER_S, 4],
  ])('parallel uploads, %s', (_label, rate, streams) => {
    expect(sizing).toEqual({ max: 4, smallestBytes: MEBIBYTE, maxRequestMs: 2000 });
    expect(parallelUploads(rate, sizing)).toBe(streams);
  });
});

describe('formatMeasure', () => {
  it.each([
    [null, '—'],
    [undefined, '—'],
    [Number.NaN, '—'],
    [Infinity, '—'],
    [0, '0.00'],
    [0.456, '0.46'],
    [9.994, '9.99'],
    [12.34, '12.3'],
    [99.94, '99.9'],
    [123.4, '123'],
    [12_345.6, '12,346'],
  ])('%s reads %s', (value, text) => {
    expect(formatMeasure(value)).toBe(text);
  });
});

describe('history', () => {
  const entry = (n: number): SpeedTestResult => ({
    timestamp: new Date(Date.UTC(2030, 0, 1, 0, n)).toISOString(),
    download: n,
    upload: n / 2,
    ping: 10 + n,
    jitter: 1,
  });

  it.each([
    [0, 1],
    [5, 6],
    [9, 10],
    [10, 10],
    [12, 10],
  ])('adding to %i entries keeps %i, newest first', (existing, kept) => {
    const history = Array.from({ length: existing }, (_, i) => entry(existing - i));
    const next = addToHistory(history, entry(100));
    expect(next).toHaveLength(kept);
    expect(next[0]).toEqual(entry(100));
    expect(next.slice(1)).toEqual(history.slice(0, kept - 1));
  });

  it.each([
    ['nothing stored', null, []],
    ['an empty string', '', []],
    ['corrupt JSON', '[{"timestamp":', []],
    ['not a list', '{"download":1}', []],
    ['a number', '42', []],
    ['an empty list', '[]', []],
  ])('parses %s as an empty history', (_label, raw, expected) => {
    expect(parseHistory(raw)).toEqual(expected);
  });

  it('keeps the valid entries of a partly broken list, at most 10', () => {
    const broken = [
      entry(1),
      null,
      'text',
      { ...entry(2), download: 'fast' },
      { ...entry(3), timestamp: 'yesterday' },
      { ...entry(4), ping: -1 },
      { download: 1 },
      entry(5),
      ...Array.from({ length: 12 }, (_, i) => entry(10 + i)),
    ];
    const parsed = parseHistory(JSON.stringify(broken));
    expect(parsed).toHaveLength(10);
    expect(parsed.slice(0, 2)).toEqual([entry(1), entry(5)]);
  });

  it('round-trips through storage and removes the key when cleared', () => {
    const storage = new Map<string, string>();
    const fake = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    };
    expect(loadHistory(fake)).toEqual([]);
    expect(saveHistory(fake, [entry(2), entry(1)])).toBe(true);
    expect(storage.get(HISTORY_STORAGE_KEY)).toBe(JSON.stringify([entry(2), entry(1)]));
    expect(loadHistory(fake)).toEqual([entry(2), entry(1)]);
    expect(saveHistory(fake, [])).toBe(true);
    expect(storage.has('speedtest-history')).toBe(false);
  });

  it('survives a storage that throws or is missing', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(loadHistory(refusing)).toEqual([]);
    expect(saveHistory(refusing, [entry(1)])).toBe(false);
    expect(loadHistory(null)).toEqual([]);
    expect(saveHistory(null, [entry(1)])).toBe(false);
  });
});
