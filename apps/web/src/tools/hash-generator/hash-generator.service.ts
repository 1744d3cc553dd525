/**
 * Real MD5 (RFC 1321), SHA-1/256/384/512 (FIPS 180-4), SHA3-256/512
 * (FIPS 202), BLAKE2b-256 (RFC 7693) and BLAKE3 in lowercase hex, and HMAC
 * (RFC 2104) over all but BLAKE3. The original's Base64-prefix "md5" is a
 * defect and is not reproduced. Hashing is
 * incremental over chunks, so text and files of any size share one core. This
 * module is the one place that touches hash-wasm; it runs in the hash worker
 * and in tests, never on the page's main thread.
 */
import {
  createBLAKE2b,
  createBLAKE3,
  createHMAC,
  createMD5,
  createSHA1,
  createSHA256,
  createSHA3,
  createSHA384,
  createSHA512,
  type IHasher,
} from 'hash-wasm';
import { err, ok, type Result } from '../../lib/result';
import { utf8Bytes } from '../../lib/unicode';
import {
  FILE_CHUNK_BYTES,
  fileMethod,
  isHashAlgorithm,
  isHmacAlgorithm,
  type Digests,
  type HashAlgorithm,
  type HashWorkerRequest,
  type HmacKey,
  WEBCRYPTO_NAMES,
} from './hash.protocol';

export { isHashAlgorithm, type Digests, type HashAlgorithm };

export const EMPTY_TEXT_ERROR = 'Enter some text to hash';
export const NO_ALGORITHM_ERROR = 'Choose at least one algorithm';
export const EMPTY_KEY_ERROR = 'Enter an HMAC key';
export const HEX_KEY_ERROR = 'The key is not hex: use pairs of 0–9 and a–f';
export const NO_HMAC_ERROR = 'HMAC is not defined for BLAKE3 (it has its own keyed mode); choose another algorithm';

const HASHERS: Record<HashAlgorithm, () => Promise<IHasher>> = {
  md5: createMD5,
  sha1: createSHA1,
  sha256: createSHA256,
  sha512: createSHA512,
  sha384: createSHA384,
  'sha3-256': () => createSHA3(256),
  'sha3-512': () => createSHA3(512),
  'blake2b-256': () => createBLAKE2b(256),
  blake3: () => createBLAKE3(),
};

/** An HMAC key's bytes: text as UTF-8, or hex with any spaces, colons or a 0x prefix ignored. */
export function hmacKeyBytes({ format, value }: HmacKey): Result<Uint8Array> {
  if (format === 'text') {
    if (value === '') return err(EMPTY_KEY_ERROR);
    return utf8Bytes(value);
  }
  const hex = value.replace(/^\s*0x/i, '').replace(/[\s:]/g, '');
  if (hex === '') return err(EMPTY_KEY_ERROR);
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return err(HEX_KEY_ERROR);
  return ok(Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16)));
}

export interface HashChunksOptions<A extends HashAlgorithm> {
  algorithms: readonly A[];
  /** Called after each chunk with the bytes hashed so far. */
  onProgress?: (bytesDone: number) => void;
  /** Checked between chunks; an aborted run rejects with an AbortError. */
  signal?: AbortSignal;
  /** Computes HMAC with this key instead of the plain hash. */
  hmacKey?: Uint8Array;
}

function abortError(): DOMException {
  return new DOMException('Hashing was cancelled', 'AbortError');
}

/**
 * Hashes a stream of byte chunks with every requested algorithm in one pass.
 * Memory stays at one chunk plus the hashers' state, whatever the total size.
 */
export async function hashChunks<A extends HashAlgorithm>(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  { algorithms, onProgress, signal, hmacKey }: HashChunksOptions<A>,
): Promise<Record<A, string>> {
  const unique = [...new Set(algorithms)];
  if (unique.length === 0) throw new Error('hashChunks needs at least one algorithm');
  for (const algorithm of unique) {
    if (!isHashAlgorithm(algorithm)) throw new Error(`Unsupported algorithm: ${String(algorithm)}`);
    if (hmacKey && !isHmacAlgorithm(algorithm)) throw new Error(`No HMAC for ${algorithm}`);
  }
  if (signal?.aborted) throw abortError();
  const hashers = await Promise.all(
    unique.map((algorithm) => (hmacKey ? createHMAC(HASHERS[algorithm](), hmacKey) : HASHERS[algorithm]())),
  );
  for (const hasher of hashers) hasher.init();

  let bytesDone = 0;
  for await (const chunk of chunks) {
    if (signal?.aborted) throw abortError();
    for (const hasher of hashers) hasher.update(chunk);
    bytesDone += chunk.byteLength;
    onProgress?.(bytesDone);
  }
  if (signal?.aborted) throw abortError();

  const digests = {} as Record<A, string>;
  unique.forEach((algorithm, index) => {
    digests[algorithm] = hashers[index]!.digest('hex');
  });
  return digests;
}

/** The part of a Blob (or File) that chunked reading needs. */
export interface ReadableBlob {
  readonly size: number;
  slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

/**
 * Reads a Blob in slices of `chunkBytes`, one slice ahead, so reading the next
 * slice overlaps hashing the current one; at most two slices are held at once.
 */
export async function* blobChunks(blob: ReadableBlob, chunkBytes = FILE_CHUNK_BYTES): AsyncGenerator<Uint8Array> {
  if (!Number.isInteger(chunkBytes) || chunkBytes <= 0) throw new Error(`Invalid chunk size: ${chunkBytes}`);
  const read = (start: number) => blob.slice(start, Math.min(start + chunkBytes, blob.size)).arrayBuffer();
  let offset = 0;
  let pending = offset < blob.size ? read(offset) : undefined;
  while (pending) {
    const buffer = await pending;
    offset += chunkBytes;
    pending = offset < blob.size ? read(offset) : undefined;
    yield new Uint8Array(buffer);
  }
}

/**
 * Resolves in a new task, not a microtask. Chromium ends a terminated worker
 * only between tasks, and a byte stream's reads can resolve back to back
 * without one, so Cancel would wait for the whole file. MessageChannel avoids
 * setTimeout's 4 ms clamp.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      port2.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

/** The part of a ReadableStream (e.g. Blob.stream()) that zero-copy reading needs. */
export interface ByteStream {
  getReader(options: { mode: 'byob' }): ReadableStreamBYOBReader;
}

/**
 * Reads a byte stream into two buffers of `chunkBytes` that take turns: while
 * the consumer hashes one, the next read fills the other. No buffer is
 * allocated per chunk, so memory stays flat however big the file is. Each
 * yielded view is reused once the consumer asks for the next one, so it must
 * be used at once (hashChunks does). Throws a TypeError when the stream is not
 * a byte stream; fileChunks then falls back to slices.
 */
export async function* byteStreamChunks(stream: ByteStream, chunkBytes = FILE_CHUNK_BYTES): AsyncGenerator<Uint8Array> {
  if (!Number.isInteger(chunkBytes) || chunkBytes <= 0) throw new Error(`Invalid chunk size: ${chunkBytes}`);
  const reader = stream.getReader({ mode: 'byob' });
  let spare: ArrayBuffer = new ArrayBuffer(chunkBytes);
  let pending = reader.read(new Uint8Array(new ArrayBuffer(chunkBytes)));
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await pending;
      if (done || !value) {
        finished = true;
        return;
      }
      pending = reader.read(new Uint8Array(spare));
      await nextTask();
      yield value;
      spare = value.buffer as ArrayBuffer;
    }
  } finally {
    // Stopped early (cancelled, or the consumer threw): release the file.
    if (!finished) await reader.cancel().catch(() => {});
  }
}

/** A File or Blob, read as a byte stream where the platform allows, else in slices. */
export function fileChunks(
  file: ReadableBlob & { stream?: () => unknown },
  chunkBytes = FILE_CHUNK_BYTES,
): AsyncIterable<Uint8Array> {
  if (typeof file.stream === 'function') {
    try {
      const stream = file.stream() as ByteStream;
      const reader = stream.getReader({ mode: 'byob' });
      reader.releaseLock();
      return byteStreamChunks(stream, chunkBytes);
    } catch {
      // Not a byte stream here: slices work everywhere.
    }
  }
  return blobChunks(file, chunkBytes);
}

/**
 * Hashes text as its exact UTF-8 bytes, or its HMAC with `hmacKey`. Empty
 * text is a user error (the button is disabled), and so is text that is not
 * valid Unicode: it is refused, never hashed as U+FFFD.
 */
export async function hashText({
  text,
  algorithm,
  hmacKey,
}: {
  text: string;
  algorithm: HashAlgorithm;
  hmacKey?: HmacKey;
}): Promise<Result<string>> {
  if (text === '') return err(EMPTY_TEXT_ERROR);
  if (!isHashAlgorithm(algorithm)) return err(`Unsupported algorithm: ${String(algorithm)}`);
  const bytes = utf8Bytes(text);
  if (!bytes.ok) return bytes;
  let key: Uint8Array | undefined;
  if (hmacKey) {
    if (!isHmacAlgorithm(algorithm)) return err(NO_HMAC_ERROR);
    const parsed = hmacKeyBytes(hmacKey);
    if (!parsed.ok) return parsed;
    key = parsed.value;
  }
  const digests = await hashChunks([bytes.value], { algorithms: [algorithm], ...(key ? { hmacKey: key } : {}) });
  return ok(digests[algorithm]);
}

/**
 * Hashes a file with one or more algorithms, reporting progress: streamed in chunks, or, when it fits
 * `wholeFileBytes` and an algorithm is WebCrypto's, read whole (fileMethod in hash.protocol.ts).
 */
export async function hashFile({
  file,
  algorithms,
  chunkBytes = FILE_CHUNK_BYTES,
  wholeFileBytes = 0,
  onProgress,
  signal,
}: {
  file: ReadableBlob & { stream?: () => unknown };
  algorithms: readonly HashAlgorithm[];
  chunkBytes?: number;
  wholeFileBytes?: number;
  onProgress?: (bytesDone: number) => void;
  signal?: AbortSignal;
}): Promise<Result<Digests>> {
  if (algorithms.length === 0) return err(NO_ALGORITHM_ERROR);
  const unknown = algorithms.find((algorithm) => !isHashAlgorithm(algorithm));
  if (unknown !== undefined) return err(`Unsupported algorithm: ${String(unknown)}`);
  const options = { algorithms, ...(onProgress ? { onProgress } : {}), ...(signal ? { signal } : {}) };
  if (fileMethod(file.size, algorithms, wholeFileBytes) === 'whole') {
    return ok(await hashWhole(await file.slice(0, file.size).arrayBuffer(), options));
  }
  return ok(await hashChunks(fileChunks(file, chunkBytes), options));
}

/**
 * Hashes bytes held whole: WebCrypto's digests for the SHA family (each runs on the browser's own
 * threads, so they overlap each other and hash-wasm's work on this one), hash-wasm for the rest over
 * the same buffer in chunks. Progress jumps to the end once the bytes are read, since a WebCrypto
 * digest reports nothing until it is done.
 */
async function hashWhole<A extends HashAlgorithm>(
  buffer: ArrayBuffer,
  { algorithms, onProgress, signal }: Omit<HashChunksOptions<A>, 'hmacKey'>,
): Promise<Record<A, string>> {
  const unique = [...new Set(algorithms)];
  const native = unique.filter((algorithm) => WEBCRYPTO_NAMES[algorithm] !== undefined);
  const rest = unique.filter((algorithm) => WEBCRYPTO_NAMES[algorithm] === undefined);
  onProgress?.(buffer.byteLength);
  const bytes = new Uint8Array(buffer);
  const [fromWebCrypto, fromWasm] = await Promise.all([
    Promise.all(native.map((algorithm) => crypto.subtle.digest(WEBCRYPTO_NAMES[algorithm]!, bytes).then(toHex))),
    rest.length > 0 ? hashChunks(memoryChunks(bytes), { algorithms: rest, ...(signal ? { signal } : {}) }) : null,
  ]);
  if (signal?.aborted) throw abortError();
  const digests = { ...fromWasm } as Record<A, string>;
  native.forEach((algorithm, index) => {
    digests[algorithm] = fromWebCrypto[index]!;
  });
  return digests;
}

/** Views of `bytes` FILE_CHUNK_BYTES long: no copy, so hash-wasm reads the one buffer WebCrypto reads. */
function* memoryChunks(bytes: Uint8Array): Generator<Uint8Array> {
  for (let offset = 0; offset < bytes.byteLength; offset += FILE_CHUNK_BYTES) {
    yield bytes.subarray(offset, Math.min(offset + FILE_CHUNK_BYTES, bytes.byteLength));
  }
}

function toHex(digest: ArrayBuffer): string {
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What the worker does with one request; progress goes to `onProgress`. */
export function runHashRequest(
  request: HashWorkerRequest,
  onProgress: (bytesDone: number, totalBytes: number) => void = () => {},
): Promise<Result<Digests>> {
  if (request.type === 'text') {
    return hashText(request).then((result) => (result.ok ? ok({ [request.algorithm]: result.value }) : result));
  }
  const totalBytes = request.file.size;
  return hashFile({
    file: request.file,
    algorithms: request.algorithms,
    ...(request.chunkBytes !== undefined ? { chunkBytes: request.chunkBytes } : {}),
    ...(request.wholeFileBytes !== undefined ? { wholeFileBytes: request.wholeFileBytes } : {}),
    onProgress: (bytesDone) => onProgress(bytesDone, totalBytes),
  });
}
