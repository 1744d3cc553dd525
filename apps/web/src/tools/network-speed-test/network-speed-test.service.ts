/**
 * The speed test's arithmetic: ratings, ping and jitter from samples, Mbps
 * from transfers with the warm-up trimmed off, request sizing, formatting and
 * the stored history. No React, no DOM, no clock of its own (so every rule is a table test: docs/decisions/0012-code-habits.md).
 */
import {
  MEBIBYTE,
  SPEEDTEST_DOWNLOAD_SIZES_MB,
  SPEEDTEST_HISTORY_LIMIT,
  SPEEDTEST_UPLOAD_SIZES_MB,
  type SpeedTestResult,
} from '@toolvault/shared';
import { ZSpeedTestResult } from '@toolvault/shared/schemas';

export type { SpeedTestResult };

/** The four numbers of one finished test: Mbps for the speeds, milliseconds for ping and jitter. */
export type SpeedTestMeasurement = Omit<SpeedTestResult, 'timestamp'>;

// ---------------------------------------------------------------------------
// Phases

/** Ping → download → upload → finished; idle before and after a stop. */
export type SpeedTestPhase = 'idle' | 'ping' | 'download' | 'upload' | 'finished';

/** The progress each phase starts at. */
export const PHASE_PROGRESS: Record<SpeedTestPhase, number> = {
  idle: 0,
  ping: 10,
  download: 30,
  upload: 70,
  finished: 100,
};

/** The current phase in words, shown beside the progress bar. */
export const PHASE_LABELS: Record<SpeedTestPhase, string> = {
  idle: 'Ready',
  ping: 'Measuring ping',
  download: 'Measuring download speed',
  upload: 'Measuring upload speed',
  finished: 'Finished',
};

// ---------------------------------------------------------------------------
// Ratings

export type Rating = 'Excellent' | 'Good' | 'Fair' | 'Poor' | 'Very Poor';

/** Download rating: 100+ Excellent, 50–100 Good, 25–50 Fair, 10–25 Poor, under 10 Very Poor. */
export const SPEED_RATINGS: readonly { atLeast: number; rating: Rating }[] = [
  { atLeast: 100, rating: 'Excellent' },
  { atLeast: 50, rating: 'Good' },
  { atLeast: 25, rating: 'Fair' },
  { atLeast: 10, rating: 'Poor' },
  { atLeast: 0, rating: 'Very Poor' },
];

/** Ping rating: under 20 Excellent, under 50 Good, under 100 Fair, under 200 Poor, else Very Poor. */
export const PING_RATINGS: readonly { under: number; rating: Rating }[] = [
  { under: 20, rating: 'Excellent' },
  { under: 50, rating: 'Good' },
  { under: 100, rating: 'Fair' },
  { under: 200, rating: 'Poor' },
  { under: Infinity, rating: 'Very Poor' },
];

/** The jitter card's badge never changes. */
export const JITTER_BADGE = 'Network Stability';

/**
 * Download (and, by the same table, upload) speed in Mbps. A boundary belongs
 * to the better band: exactly 100 is Excellent, exactly 10 is Poor.
 */
export function rateSpeed(mbps: number): Rating {
  return SPEED_RATINGS.find((band) => mbps >= band.atLeast)?.rating ?? 'Very Poor';
}

/** Ping in ms. "Under 20" is strict: exactly 20 ms is Good. */
export function ratePing(ms: number): Rating {
  return PING_RATINGS.find((band) => ms < band.under)?.rating ?? 'Very Poor';
}

// ---------------------------------------------------------------------------
// Ping and jitter

/**
 * The reported ping is the median of the samples: one slow sample (a
 * retransmission, a busy tab) does not move it, unlike the mean, and it
 * describes a typical round trip, unlike the minimum. 0 with no samples.
 */
export function pingOf(samples: readonly number[]): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Jitter: the mean absolute difference between consecutive samples; 0 with fewer than two. */
export function jitterOf(samples: readonly number[]): number {
  if (samples.length < 2) return 0;
  let total = 0;
  for (let i = 1; i < samples.length; i++) total += Math.abs(samples[i]! - samples[i - 1]!);
  return total / (samples.length - 1);
}

// ---------------------------------------------------------------------------
// Throughput

/** Megabits per second (10^6 bit/s, like every speed test) for `bytes` in `ms`; 0 when no time passed. */
export function mbps(bytes: number, ms: number): number {
  return ms > 0 ? (bytes * 8) / (ms * 1000) : 0;
}

/**
 * Bytes of a transfer that fall in [from, to], assuming they moved at an even
 * rate between its start and end. A transfer with no duration counts whole
 * when its moment lies after `from` and not after `to`.
 */
export function bytesWithin(
  transfer: { start: number; end: number; bytes: number },
  from: number,
  to: number = Infinity,
): number {
  const { start, end, bytes } = transfer;
  if (end <= start) return end > from && end <= to ? bytes : 0;
  const overlap = Math.min(end, to) - Math.max(start, from);
  return overlap > 0 ? (bytes * overlap) / (end - start) : 0;
}

interface StreamTally {
  first: number;
  last: number;
  bytes: number;
  bytesAfterWarmup: number;
}

/**
 * Measures several parallel streams the way LibreSpeed does: what moved
 * during the warm-up (connection set-up, TCP slow start) is discarded, and the
 * speed is the sum of each stream's bytes over its own time after the warm-up.
 *
 * A stream is a sequence of back-to-back transfers (chunks of a download as
 * they arrive, or whole uploads), so its time runs from its first start (or
 * the end of the warm-up, if later) to its last end. Keeps four numbers per
 * stream, not a log, however many chunks arrive.
 */
export class ThroughputMeter {
  private readonly streams = new Map<number, StreamTally>();
  private afterWarmup = 0;

  constructor(readonly warmupEnd: number) {}

  /** One transfer of `bytes` on stream `stream` between `start` and `end` (ms). */
  record(stream: number, start: number, end: number, bytes: number): void {
    const within = bytesWithin({ start, end, bytes }, this.warmupEnd);
    this.afterWarmup += within;
    const tally = this.streams.get(stream);
    if (!tally) {
      this.streams.set(stream, { first: start, last: end, bytes, bytesAfterWarmup: within });
      return;
    }
    tally.first = Math.min(tally.first, start);
    tally.last = Math.max(tally.last, end);
    tally.bytes += bytes;
    tally.bytesAfterWarmup += within;
  }

  /** Bytes counted after the warm-up, over all streams (for the data budget). */
  get bytesAfterWarmup(): number {
    return this.afterWarmup;
  }

  /**
   * The measured speed in Mbps. A stream that ended before the warm-up did (a
   * test cut short) is measured over its whole life instead of being dropped.
   */
  mbps(): number {
    let total = 0;
    for (const tally of this.streams.values()) {
      const from = Math.max(this.warmupEnd, tally.first);
      total +=
        tally.last > from
          ? mbps(tally.bytesAfterWarmup, tally.last - from)
          : mbps(tally.bytes, tally.last - tally.first);
    }
    return total;
  }
}

/**
 * The size (MB, from the designed list) for the next request on a stream that
 * moves `bytesPerMs`: the largest one expected to take at most `targetMs`, so
 * a fast link is not slowed by per-request overhead and a slow one is not
 * stuck on a huge request; the smallest when even that is slower.
 */
export function chooseSize(sizesMb: readonly number[], bytesPerMs: number, targetMs: number): number {
  const sorted = [...sizesMb].sort((a, b) => a - b);
  if (!(bytesPerMs > 0)) return sorted[0]!;
  return sorted.filter((size) => (size * MEBIBYTE) / bytesPerMs <= targetMs).pop() ?? sorted[0]!;
}

/**
 * How many parallel upload streams a link of `bytesPerMs` can carry so that
 * each stream still finishes the smallest designed upload within `maxRequestMs`:
 * an upload's bytes only count once it completes, so a slow link gets fewer.
 */
export function parallelUploads(bytesPerMs: number, { max, smallestBytes, maxRequestMs }: UploadSizing): number {
  if (!(bytesPerMs > 0)) return 1;
  const fit = Math.floor((bytesPerMs * maxRequestMs) / smallestBytes);
  return Math.min(max, Math.max(1, fit));
}

interface UploadSizing {
  max: number;
  smallestBytes: number;
  maxRequestMs: number;
}

export interface TransferPlan {
  /** Parallel streams (at most, for uploads). */
  streams: number;
  /** The first part of the phase, discarded from the result. */
  warmupMs: number;
  /** No new request starts after this; downloads are cut here. */
  durationMs: number;
  /** The phase also ends once this many bytes were counted after the warm-up. */
  budgetBytes: number;
  /** Aim for requests of about this long when choosing the next size. */
  targetRequestMs: number;
  /** The request sizes to pick from, in MB. */
  sizesMb: readonly number[];
}

export interface UploadPlan extends TransferPlan {
  /** In-flight uploads may finish for this long after `durationMs`; then they are aborted. */
  graceMs: number;
  /** Each parallel upload should finish the smallest size within this. */
  maxRequestMs: number;
}

/**
 * Four parallel downloads for up to 8 s, the first second discarded, ending
 * early after two of the largest downloads per stream (400 MB) were counted,
 * which a loopback or fibre link reaches in well under a second.
 */
export const DOWNLOAD_PLAN: TransferPlan = {
  streams: 4,
  warmupMs: 1000,
  durationMs: 8000,
  budgetBytes: 2 * 4 * 50 * MEBIBYTE,
  targetRequestMs: 1000,
  sizesMb: SPEEDTEST_DOWNLOAD_SIZES_MB,
};

/** The same for uploads with the designed upload sizes (budget 80 MB), up to 10 s more to let the last uploads land. */
export const UPLOAD_PLAN: UploadPlan = {
  streams: 4,
  warmupMs: 1000,
  durationMs: 8000,
  graceMs: 10_000,
  budgetBytes: 2 * 4 * 10 * MEBIBYTE,
  targetRequestMs: 1000,
  maxRequestMs: 2000,
  sizesMb: SPEEDTEST_UPLOAD_SIZES_MB,
};

export function uploadSizing(plan: UploadPlan): UploadSizing {
  return { max: plan.streams, smallestBytes: Math.min(...plan.sizesMb) * MEBIBYTE, maxRequestMs: plan.maxRequestMs };
}

// ---------------------------------------------------------------------------
// Formatting

const formats = [0, 1, 2].map(
  (digits) => new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }),
);

/** Mbps or ms with sensible precision: 2 decimals under 10, 1 under 100, none above. '—' for no value. */
export function formatMeasure(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return '—';
  const digits = Math.abs(value) < 10 ? 2 : Math.abs(value) < 100 ? 1 : 0;
  return formats[digits]!.format(value);
}

// ---------------------------------------------------------------------------
// History (the last 10 results, in local storage)

/** Our key; the original design keeps the history in local storage without naming it. */
export const HISTORY_STORAGE_KEY = 'speedtest-history';

/** Newest first, at most 10. */
export function addToHistory(history: readonly SpeedTestResult[], entry: SpeedTestResult): SpeedTestResult[] {
  return [entry, ...history].slice(0, SPEEDTEST_HISTORY_LIMIT);
}

/**
 * The stored history, tolerating anything: no value, corrupt JSON, a non-list
 * or malformed entries (dropped one by one) all give what can be kept.
 */
export function parseHistory(raw: string | null | undefined): SpeedTestResult[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .flatMap((item) => {
      const entry = ZSpeedTestResult.safeParse(item);
      return entry.success ? [entry.data] : [];
    })
    .slice(0, SPEEDTEST_HISTORY_LIMIT);
}

type HistoryStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Reads the history; a storage that refuses to be read (privacy modes) reads as empty. */
export function loadHistory(storage: HistoryStorage | null): SpeedTestResult[] {
  try {
    return parseHistory(storage?.getItem(HISTORY_STORAGE_KEY));
  } catch {
    return [];
  }
}

/** Stores the history (an empty one is removed); false when the storage refused (full or blocked). */
export function saveHistory(storage: HistoryStorage | null, history: readonly SpeedTestResult[]): boolean {
  if (!storage) return false;
  try {
    if (history.length === 0) storage.removeItem(HISTORY_STORAGE_KEY);
    else storage.setItem(HISTORY_STORAGE_KEY, JSON.stringify(history));
    return true;
  } catch {
    return false;
  }
}
