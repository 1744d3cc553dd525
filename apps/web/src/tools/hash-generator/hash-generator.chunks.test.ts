// How a file is read in chunks: slices of a blob, fixed buffers from a byte stream, the fallback
// between them, and the task break that lets a worker be stopped between chunks.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  blobChunks,
  byteStreamChunks,
  fileChunks,
  hashChunks,
  nextTask,
  type ReadableBlob,
} from './hash-generator.service';
import { NODE_ALGORITHMS, nodeHash, sliceable } from './hash-testing';

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
        return { arrayBuffer: async () => Uint8Array.from(bytes.subarray(start, end)).buffer };
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
      algorithms: NODE_ALGORITHMS,
    });
    expect(digests).toEqual(Object.fromEntries(NODE_ALGORITHMS.map((a) => [a, nodeHash(a, data)])));
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

  it('reads a byte stream when the file offers one', async () => {
    const { blob, slices } = sliceable(bytes, () => byteStream([bytes]).stream);
    expect((await collect(fileChunks(blob, 4))).flat()).toEqual(bytes);
    expect(slices).toEqual([]);
  });

  it.each([
    ['has no stream()', undefined],
    ['streams without byte-stream support', () => new ReadableStream({ pull: (controller) => controller.close() })],
  ])('falls back to slices when the file %s', async (_name, stream) => {
    const { blob, slices } = sliceable(bytes, stream);
    expect(await collect(fileChunks(blob, 4))).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9],
    ]);
    expect(slices).toEqual([0, 4, 8]);
  });
});
