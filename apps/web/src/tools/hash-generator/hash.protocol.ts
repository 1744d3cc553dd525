/**
 * What the screen and the hash worker share: the algorithms, the typed
 * message protocol, and small pure helpers. No hashing library here, so the
 * screen's chunk never carries hash-wasm (heavy work stays off the screen chunk: docs/decisions/0012-code-habits.md).
 */
import type { WorkerAnswer } from '../../lib/worker';
import { throttleCalls } from '../../lib/throttle';

/**
 * The algorithm select offers these: the original design's four first, in its
 * order, then the modern ones people verify downloads with.
 */
export const HASH_ALGORITHMS = [
  'md5',
  'sha1',
  'sha256',
  'sha512',
  'sha384',
  'sha3-256',
  'sha3-512',
  'blake2b-256',
  'blake3',
] as const;
export type HashAlgorithm = (typeof HASH_ALGORITHMS)[number];

/** The original design's four, which "Compute all four hashes" runs together. */
export const CLASSIC_ALGORITHMS = ['md5', 'sha1', 'sha256', 'sha512'] as const satisfies readonly HashAlgorithm[];

export const ALGORITHM_LABELS: Record<HashAlgorithm, string> = {
  md5: 'MD5',
  sha1: 'SHA-1',
  sha256: 'SHA-256',
  sha512: 'SHA-512',
  sha384: 'SHA-384',
  'sha3-256': 'SHA3-256',
  'sha3-512': 'SHA3-512',
  'blake2b-256': 'BLAKE2b-256',
  blake3: 'BLAKE3',
};

/** Digest length in hex characters. */
export const HEX_LENGTH: Record<HashAlgorithm, number> = {
  md5: 32,
  sha1: 40,
  sha256: 64,
  sha512: 128,
  sha384: 96,
  'sha3-256': 64,
  'sha3-512': 128,
  'blake2b-256': 64,
  blake3: 64,
};

/**
 * HMAC (RFC 2104) is defined over a block hash; BLAKE3 has its own keyed mode
 * instead, so it is left out rather than giving a digest no other tool makes.
 */
export const isHmacAlgorithm = (algorithm: HashAlgorithm) => algorithm !== 'blake3';

export type KeyFormat = 'text' | 'hex';

/** An HMAC key as typed: UTF-8 text, or hex bytes (spaces allowed). */
export interface HmacKey {
  format: KeyFormat;
  value: string;
}

export function isHashAlgorithm(value: unknown): value is HashAlgorithm {
  return typeof value === 'string' && (HASH_ALGORITHMS as readonly string[]).includes(value);
}

/** Lowercase hex digests by algorithm; holds exactly the algorithms that were asked for. */
export type Digests = Partial<Record<HashAlgorithm, string>>;

/** Files are read this many bytes at a time, so memory does not grow with the file (docs/decisions/0001-real-tools.md). */
export const FILE_CHUNK_BYTES = 4 * 1024 * 1024;

/** Sizes are shown in binary megabytes, as file managers do. */
export const BYTES_PER_MB = 1024 * 1024;

/**
 * The SHA family as the browser's WebCrypto names it. WebCrypto runs in the browser's native code, which
 * uses the CPU's SHA instructions where it has them (hash-wasm's WebAssembly cannot): about four times
 * hash-wasm's SHA-256 on this machine. It takes the whole input at once, though, and has no streaming.
 */
export const WEBCRYPTO_NAMES: Partial<Record<HashAlgorithm, 'SHA-1' | 'SHA-256' | 'SHA-384' | 'SHA-512'>> = {
  sha1: 'SHA-1',
  sha256: 'SHA-256',
  sha384: 'SHA-384',
  sha512: 'SHA-512',
};

const MIB = 1024 * 1024;

/**
 * The memory budget for reading a file whole, so that WebCrypto can digest it: 1 GiB on a device that
 * reports 4 GB of memory or more (Chromium's navigator.deviceMemory, which stops at 8), 256 MiB where it
 * reports less or nothing (other browsers, low-end phones). Above it, files stream through hash-wasm in
 * FILE_CHUNK_BYTES pieces and memory stays flat whatever their size.
 */
export function wholeFileBudget(deviceMemoryGb: number | undefined): number {
  return deviceMemoryGb !== undefined && deviceMemoryGb >= 4 ? 1024 * MIB : 256 * MIB;
}

/** How a file is hashed: read whole and digested by WebCrypto (with hash-wasm for the rest), or streamed. */
export type FileMethod = 'whole' | 'streamed';

/** Whole when one of the algorithms is WebCrypto's and the file fits the budget; streamed otherwise. */
export function fileMethod(size: number, algorithms: readonly HashAlgorithm[], budgetBytes: number): FileMethod {
  const native = algorithms.some((algorithm) => WEBCRYPTO_NAMES[algorithm] !== undefined);
  return native && size <= budgetBytes ? 'whole' : 'streamed';
}

/** The line the page shows under a file's result, so the figure beside it can be read for what it is. */
export function describeMethod(method: FileMethod, budgetBytes: number): string {
  return method === 'whole'
    ? `Read whole (up to ${budgetBytes / MIB} MB) and digested by the browser's WebCrypto where it can`
    : `Streamed in ${FILE_CHUNK_BYTES / MIB} MB pieces through WebAssembly (hash-wasm)`;
}

export type HashWorkerRequest =
  | { type: 'text'; text: string; algorithm: HashAlgorithm; hmacKey?: HmacKey }
  | {
      type: 'file';
      file: Blob;
      algorithms: readonly HashAlgorithm[];
      chunkBytes?: number;
      /** Files up to this size are read whole for WebCrypto (fileMethod); absent: always streamed. */
      wholeFileBytes?: number;
    };

/** Progress while a file is read, then the one answer every worker gives (its Result, or a crash). */
export type HashWorkerResponse = { type: 'progress'; bytesDone: number; totalBytes: number } | WorkerAnswer<Digests>;

export interface HashProgress {
  bytesDone: number;
  totalBytes: number;
}

/**
 * The least time between two progress messages from the worker. A file's byte stream arrives in
 * pieces of one or two MB, and one message per piece (150–300 for 256 MB) re-rendered the page as
 * often, on cores the reading and hashing need: MD5 of 256 MB took about a quarter longer. Ten a
 * second still moves the bar smoothly.
 */
export const PROGRESS_INTERVAL_MS = 100;

/**
 * Wraps `report` so that it passes the first call, then at most one per `intervalMs` of `now()`,
 * and always the last (all bytes done), so the bar ends full.
 */
export function throttleProgress(
  report: (bytesDone: number, totalBytes: number) => void,
  {
    intervalMs = PROGRESS_INTERVAL_MS,
    now = () => performance.now(),
  }: { intervalMs?: number; now?: () => number } = {},
): (bytesDone: number, totalBytes: number) => void {
  return throttleCalls(report, { intervalMs, now, always: (bytesDone, totalBytes) => bytesDone >= totalBytes });
}

/** Whole percent for the progress bar; an empty file is complete at once. */
export function progressPercent({ bytesDone, totalBytes }: HashProgress): number {
  if (totalBytes <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor((bytesDone / totalBytes) * 100)));
}

export function formatMegabytes(bytes: number): string {
  return `${(bytes / BYTES_PER_MB).toFixed(1)} MB`;
}

/** "42% — 84.0 MB of 200.0 MB", the progress bar's text and aria-valuetext. */
export function describeProgress(progress: HashProgress): string {
  return `${progressPercent(progress)}% — ${formatMegabytes(progress.bytesDone)} of ${formatMegabytes(progress.totalBytes)}`;
}

/** Throughput in MB/s, or undefined when the run was too short to time. */
export function throughput(bytes: number, milliseconds: number): number | undefined {
  if (!(milliseconds > 0)) return undefined;
  return bytes / BYTES_PER_MB / (milliseconds / 1000);
}
