/**
 * What the screen and the hash worker share: the algorithms, the typed
 * message protocol, and small pure helpers. No hashing library here, so the
 * screen's chunk never carries hash-wasm (STYLE habit 6).
 */
import type { Result } from '../../lib/result';

/** Spec 000 "Hash Generator": the algorithm select offers exactly these. */
export const HASH_ALGORITHMS = ['md5', 'sha1', 'sha256', 'sha512'] as const;
export type HashAlgorithm = (typeof HASH_ALGORITHMS)[number];

export const ALGORITHM_LABELS: Record<HashAlgorithm, string> = {
  md5: 'MD5',
  sha1: 'SHA-1',
  sha256: 'SHA-256',
  sha512: 'SHA-512',
};

export function isHashAlgorithm(value: unknown): value is HashAlgorithm {
  return typeof value === 'string' && (HASH_ALGORITHMS as readonly string[]).includes(value);
}

/** Lowercase hex digests by algorithm; holds exactly the algorithms that were asked for. */
export type Digests = Partial<Record<HashAlgorithm, string>>;

/** Files are read this many bytes at a time, so memory does not grow with the file (DECISIONS P1). */
export const FILE_CHUNK_BYTES = 4 * 1024 * 1024;

/** Sizes are shown in binary megabytes, as file managers do. */
export const BYTES_PER_MB = 1024 * 1024;

export type HashWorkerRequest =
  | { type: 'text'; text: string; algorithm: HashAlgorithm }
  | { type: 'file'; file: Blob; algorithms: readonly HashAlgorithm[]; chunkBytes?: number };

export type HashWorkerResponse =
  | { type: 'progress'; bytesDone: number; totalBytes: number }
  | { type: 'result'; result: Result<Digests> }
  /** A bug inside the worker (not something the user got wrong). */
  | { type: 'crash'; message: string };

export interface HashProgress {
  bytesDone: number;
  totalBytes: number;
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
