import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_TEXT_ERROR,
  NO_ALGORITHM_ERROR,
  blobChunks,
  byteStreamChunks,
  fileChunks,
  hashChunks,
  hashFile,
  hashText,
  nextTask,
  runHashRequest,
  type HashAlgorithm,
  type ReadableBlob,
} from './hash-generator.service';
import { HASH_ALGORITHMS } from './hash.protocol';

const encode = (text: string) => new TextEncoder().encode(text);
const nodeHash = (algorithm: HashAlgorithm, data: string | Uint8Array) =>
  createHash(algorithm).update(data).digest('hex');

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const DIGITS_80 = '1234567890'.repeat(8);
const FIPS_448 = 'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq';

// RFC 1321 §A.5, the MD5 test suite.
const RFC_1321: [string, string][] = [
  ['', 'd41d8cd98f00b204e9800998ecf8427e'],
  ['a', '0cc175b9c0f1b6a831c399e269772661'],
  ['abc', '900150983cd24fb0d6963f7d28e17f72'],
  ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
  ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
  [ALNUM, 'd174ab98d277d9f5a5611c2c9f419d9f'],
  [DIGITS_80, '57edf4a22be3c955ac49da2e2107b67a'],
];

// FIPS 180 example messages ("abc", the 448-bit message) and the empty string.
const FIPS_180: [HashAlgorithm, string, string][] = [
  ['sha1', '', 'da39a3ee5e6b4b0d3255bfef95601890afd80709'],
  ['sha1', 'abc', 'a9993e364706816aba3e25717850c26c9cd0d89d'],
  ['sha1', FIPS_448, '84983e441c3bd26ebaae4aa1f95129e5e54670f1'],
  ['sha256', '', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['sha256', 'abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ['sha256', FIPS_448, '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'],
  [
    'sha512',
    '',
    'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e',
  ],
  [
    'sha512',
    'abc',
    'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
  ],
  [
    'sha512',
    FIPS_448,
    '204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445',
  ],
];

// FIPS 180 one-million-'a' vectors, plus MD5 of the same message.
const MILLION_A: [HashAlgorithm, string][] = [
  ['md5', '7707d6ae4e027c70eea2a935c2296f21'],
  ['sha1', '34aa973cd4c4daa4f61eeb2bdbad27316534016f'],
  ['sha256', 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0'],
  [
    'sha512',
    'e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b',
  ],
];

/** One million 'a' in uneven chunks, so block boundaries fall inside chunks. */
async function* millionA(): AsyncGenerator<Uint8Array> {
  const sizes = [1, 63, 64, 65, 127, 1000, 4096, 9999];
  let left = 1_000_000;
  for (let i = 0; left > 0; i += 1) {
    const size = Math.min(left, sizes[i % sizes.length]!);
    yield new Uint8Array(size).fill(0x61);
    left -= size;
  }
}

describe('hashChunks', () => {
  it.each(RFC_1321)('MD5 of %j is %s (RFC 1321)', async (message, expected) => {
    expect(await hashChunks([encode(message)], { algorithms: ['md5'] })).toEqual({ md5: expected });
    expect(expected).toBe(nodeHash('md5', message));
  });

  it.each(FIPS_180)('%s of %j is %s (FIPS 180)', async (algorithm, message, expected) => {
    expect(await hashChunks([encode(message)], { algorithms: [algorithm] })).toEqual({ [algorithm]: expected });
    expect(expected).toBe(nodeHash(algorithm, message));
  });

  it.each(MILLION_A)('%s of one million "a", streamed in uneven chunks, is %s', async (algorithm, expected) => {
    expect(await hashChunks(millionA(), { algorithms: [algorithm] })).toEqual({ [algorithm]: expected });
  });

  it('computes all four digests in one pass', async () => {
    const data = randomBytes(100_000);
    const chunks = [data.subarray(0, 1), data.subarray(1, 70_001), data.subarray(70_001)];
    const digests = await hashChunks(chunks, { algorithms: HASH_ALGORITHMS });
    expect(digests).toEqual(Object.fromEntries(HASH_ALGORITHMS.map((a) => [a, nodeHash(a, data)])));
  });

  it('hashes no chunks at all as the empty message', async () => {
    expect(await hashChunks([], { algorithms: ['md5', 'sha1'] })).toEqual({
      md5: 'd41d8cd98f00b204e9800998ecf8427e',
      sha1: 'da39a3ee5e6b4b0d3255bfef95601890afd80709',
    });
  });

  it('reports the bytes hashed after every chunk', async () => {
    const seen: number[] = [];
    await hashChunks([encode('ab'), encode(''), encode('cde')], {
      algorithms: ['sha1'],
      onProgress: (n) => seen.push(n),
    });
    expect(seen).toEqual([2, 2, 5]);
  });

  it('stops with an AbortError when the signal fires between chunks', async () => {
    const controller = new AbortController();
    const run = hashChunks([encode('a'), encode('b'), encode('c')], {
      algorithms: ['sha256'],
      signal: controller.signal,
      onProgress: (n) => n === 1 && controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });

  it.each([
    ['no algorithm', []],
    ['an unknown algorithm', ['sha3']],
  ])('treats %s as a bug and throws', async (_name, algorithms) => {
    await expect(hashChunks([], { algorithms: algorithms as HashAlgorithm[] })).rejects.toThrow();
  });
});

describe('hashText', () => {
  it.each([
    ['md5', 'abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['sha1', 'abc', 'a9993e364706816aba3e25717850c26c9cd0d89d'],
    ['sha256', 'abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['md5', ' ', '7215ee9c7d9dc229d2921a40e899ec5f'],
    ['md5', 'message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
  ] as const)('%s of %j is %s', async (algorithm, text, expected) => {
    expect(await hashText({ text, algorithm })).toEqual({ ok: true, value: expected });
  });

  const UTF8_TEXTS = ['héllo wörld', 'naïve café — crème brûlée', '😀🔐🚀', 'Ünïcödé 日本語 ✓', 'e\u0301 vs \u00e9'];
  it.each(HASH_ALGORITHMS.flatMap((algorithm) => UTF8_TEXTS.map((text) => [algorithm, text] as const)))(
    '%s of %j equals Node crypto on its UTF-8 bytes',
    async (algorithm, text) => {
      expect(await hashText({ text, algorithm })).toEqual({
        ok: true,
        value: nodeHash(algorithm, Buffer.from(text, 'utf8')),
      });
    },
  );

  it.each(HASH_ALGORITHMS)('refuses empty input for %s as a user error', async (algorithm) => {
    expect(await hashText({ text: '', algorithm })).toEqual({ ok: false, error: EMPTY_TEXT_ERROR });
  });

  it('refuses an unknown algorithm as a user error', async () => {
    expect(await hashText({ text: 'abc', algorithm: 'crc32' as HashAlgorithm })).toEqual({
      ok: false,
      error: 'Unsupported algorithm: crc32',
    });
  });

  it('gives lowercase hex of the right length', async () => {
    const lengths = { md5: 32, sha1: 40, sha256: 64, sha512: 128 };
    for (const algorithm of HASH_ALGORITHMS) {
      const result = await hashText({ text: 'Toolvault', algorithm });
      expect(result.ok && result.value).toMatch(new RegExp(`^[0-9a-f]{${lengths[algorithm]}}$`));
    }
  });
});

describe('blobChunks', () => {
  const bytes = Uint8Array.from({ length: 10 }, (_, i) => i);

  it.each([
    [
      4,
      [
        [0, 1, 2, 3],
        [4, 5, 6, 7],
        [8, 9],
      ],
    ],
    [
      5,
      [
        [0, 1, 2, 3, 4],
        [5, 6, 7, 8, 9],
      ],
    ],
    [10, [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]],
    [64, [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]],
  ])('slices 10 bytes into chunks of %i', async (size, expected) => {
    const chunks: number[][] = [];
    for await (const chunk of blobChunks(new Blob([bytes]), size)) chunks.push([...chunk]);
    expect(chunks).toEqual(expected);
  });

  it('yields nothing for an empty blob', async () => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of blobChunks(new Blob([]), 4)) chunks.push(chunk);
    expect(chunks).toEqual([]);
  });

  it.each([0, -1, 1.5, Number.NaN])('throws on chunk size %s (a bug, not user input)', async (size) => {
    await expect(blobChunks(new Blob([bytes]), size).next()).rejects.toThrow('Invalid chunk size');
  });

  it('reads exactly one slice ahead of the consumer', async () => {
    const slices: [number, number][] = [];
    const blob: ReadableBlob = {
      size: 10,
      slice: (start, end) => {
        slices.push([start, end]);
        return { arrayBuffer: async () => bytes.slice(start, end).buffer };
      },
    };
    const chunks = blobChunks(blob, 3);
    await chunks.next();
    expect(slices).toEqual([
      [0, 3],
      [3, 6],
    ]);
    await chunks.next();
    expect(slices).toHaveLength(3);
    const rest: number[][] = [];
    for await (const chunk of chunks) rest.push([...chunk]);
    expect(rest).toEqual([[6, 7, 8], [9]]);
    expect(slices).toEqual([
      [0, 3],
      [3, 6],
      [6, 9],
      [9, 10],
    ]);
  });
});

/** A byte stream that hands out `pieces` one per pull, and notes whether it was cancelled. */
function byteStream(pieces: number[][]) {
  const queue = pieces.map((piece) => Uint8Array.from(piece));
  const state = { cancelled: false };
  const stream = new ReadableStream({
    type: 'bytes',
    pull(controller) {
      const next = queue.shift();
      if (next) {
        controller.enqueue(next);
      } else {
        controller.close();
        // A pending BYOB read is answered only once the request is responded to.
        controller.byobRequest?.respond(0);
      }
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

/** Copies every chunk at once (views are reused after the next read), as hashChunks uses them. */
async function collect(chunks: AsyncIterable<Uint8Array>): Promise<number[][]> {
  const out: number[][] = [];
  for await (const chunk of chunks) out.push([...chunk]);
  return out;
}

describe('byteStreamChunks', () => {
  it.each([
    [
      [
        [0, 1, 2],
        [3, 4, 5, 6, 7],
        [8, 9],
      ],
      4,
    ],
    [[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]], 3],
    [[[0], [1], [2], [3], [4], [5], [6], [7], [8], [9]], 64],
  ])('reads pieces %j with %i-byte buffers, in order, none longer than a buffer', async (pieces, size) => {
    const chunks = await collect(byteStreamChunks(byteStream(pieces).stream, size));
    expect(chunks.flat()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(size);
  });

  it('yields views into fixed buffers of the chunk size, not a new buffer per piece', async () => {
    const lengths: number[] = [];
    for await (const chunk of byteStreamChunks(byteStream([[1, 2], [3], [4, 5, 6]]).stream, 8)) {
      lengths.push(chunk.buffer.byteLength);
    }
    expect(lengths).toEqual([8, 8, 8]);
  });

  it('yields nothing for an empty stream', async () => {
    expect(await collect(byteStreamChunks(byteStream([]).stream, 4))).toEqual([]);
  });

  it('cancels the stream when hashing stops early', async () => {
    const { stream, state } = byteStream([[1], [2], [3], [4]]);
    const controller = new AbortController();
    const run = hashChunks(byteStreamChunks(stream, 4), {
      algorithms: ['md5'],
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(state.cancelled).toBe(true);
  });

  it('hashes a streamed megabyte like Node crypto', async () => {
    const data = randomBytes(1 << 20);
    const pieces = Array.from({ length: 16 }, (_, i) => [...data.subarray(i << 16, (i + 1) << 16)]);
    const digests = await hashChunks(byteStreamChunks(byteStream(pieces).stream, 100_000), {
      algorithms: HASH_ALGORITHMS,
    });
    expect(digests).toEqual(Object.fromEntries(HASH_ALGORITHMS.map((a) => [a, nodeHash(a, data)])));
  });

  it('throws a TypeError on a stream that is not a byte stream', async () => {
    const stream = new ReadableStream<Uint8Array>({ pull: (controller) => controller.close() });
    await expect(byteStreamChunks(stream, 4).next()).rejects.toThrow(TypeError);
  });
});

describe('nextTask', () => {
  it('resolves in a later task, after every queued microtask (so a worker can be terminated between chunks)', async () => {
    const order: string[] = [];
    const task = nextTask().then(() => order.push('task'));
    let chain: Promise<unknown> = Promise.resolve();
    for (let i = 0; i < 100; i += 1) chain = chain.then(() => order.push(`micro ${i}`));
    await Promise.all([task, chain]);
    expect(order.at(-1)).toBe('task');
    expect(order).toHaveLength(101);
  });
});

describe('fileChunks', () => {
  const bytes = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  const sliceable = (stream?: () => unknown) => {
    const slices: number[] = [];
    const blob = {
      size: bytes.length,
      slice: (start: number, end: number) => {
        slices.push(start);
        return { arrayBuffer: async () => Uint8Array.from(bytes.slice(start, end)).buffer };
      },
      ...(stream ? { stream } : {}),
    };
    return { blob, slices };
  };

  it('reads a byte stream when the file offers one', async () => {
    const { blob, slices } = sliceable(() => byteStream([bytes]).stream);
    expect((await collect(fileChunks(blob, 4))).flat()).toEqual(bytes);
    expect(slices).toEqual([]);
  });

  it.each([
    ['has no stream()', undefined],
    ['streams without byte-stream support', () => new ReadableStream({ pull: (controller) => controller.close() })],
  ])('falls back to slices when the file %s', async (_name, stream) => {
    const { blob, slices } = sliceable(stream);
    expect(await collect(fileChunks(blob, 4))).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9],
    ]);
    expect(slices).toEqual([0, 4, 8]);
  });
});

describe('hashFile', () => {
  const data = randomBytes(1000);

  it.each(HASH_ALGORITHMS)('hashes a file with %s in chunks like Node crypto', async (algorithm) => {
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
