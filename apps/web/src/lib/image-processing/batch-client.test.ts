import { describe, expect, it } from 'vitest';
import { FakeWorker } from '../fake-worker';
import { createBatchProcessor } from './batch-client';
import type { ImageOperation, ImageWorkerRequest, ImageWorkerResponse } from './operations';

const operation: ImageOperation = { kind: 'grayscale' };
const png = (name: string) => new File([new Uint8Array(4)], name, { type: 'image/png' });

describe('createBatchProcessor', () => {
  it('runs files through a pool of at most `size` workers with the same request as a single image', async () => {
    const created: FakeWorker<ImageWorkerRequest, ImageWorkerResponse>[] = [];
    const processor = createBatchProcessor({
      size: 2,
      canDraw: true,
      createWorker: () => {
        const worker = new FakeWorker<ImageWorkerRequest, ImageWorkerResponse>();
        created.push(worker);
        return worker;
      },
    });
    expect(processor.concurrency).toBe(2);
    const files = [png('a.png'), png('b.png'), png('c.png')];
    const runs = files.map((file) => processor.run(file, operation, {}));
    expect(created).toHaveLength(2);
    expect(created[0]!.sent).toEqual([{ file: files[0], operation }]);
    const output = { blob: new Blob(['x']), width: 1, height: 1, sourceWidth: 1, sourceHeight: 1 };
    created[0]!.reply({ type: 'result', result: { ok: true, value: output } });
    await expect(runs[0]).resolves.toEqual({ ok: true, value: output });
    expect(created[0]!.sent[1]).toEqual({ file: files[2], operation });
    processor.close();
    await expect(runs[1]).rejects.toMatchObject({ name: 'AbortError' });
    await expect(runs[2]).rejects.toMatchObject({ name: 'AbortError' });
    expect(created.every((worker) => worker.terminate.mock.calls.length === 1)).toBe(true);
  });

  it('runs one file at a time where workers cannot draw', () => {
    expect(createBatchProcessor({ size: 4, canDraw: false }).concurrency).toBe(1);
  });
});
