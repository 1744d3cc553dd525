import { act, renderHook } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { fakeProcess, imageFile, output } from './testing';
import { useImageTool, type ImageRequest } from './use-image-tool';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

type Request = ImageRequest & { degrees: number };
const rotate = (degrees: number): Request => ({ operation: { kind: 'rotate', degrees }, degrees });

function setup() {
  const fake = fakeProcess();
  const hook = renderHook(() => useImageTool<Request>(fake.process));
  return { fake, hook };
}

describe('useImageTool', () => {
  it.each([
    ['no file', null, rotate(90)],
    ['an invalid request', imageFile(), null],
  ])('does not run with %s', async (_case, file, request) => {
    const { fake, hook } = setup();
    act(() => hook.result.current.chooseFile(file));
    await act(() => hook.result.current.start(request));
    expect(fake.calls).toHaveLength(0);
    expect(hook.result.current.job.phase).toBe('idle');
  });

  it('runs the request on the chosen file and keeps the request that ran beside the output', async () => {
    const { fake, hook } = setup();
    const file = imageFile('a.png');
    act(() => hook.result.current.chooseFile(file));
    let started!: Promise<void>;
    act(() => {
      started = hook.result.current.start(rotate(45), 'Done!');
    });
    expect(hook.result.current.running).toBe(true);
    expect(hook.result.current.result).toBeNull();
    expect(fake.calls.map(({ file: sent, operation }) => [sent, operation])).toEqual([
      [file, { kind: 'rotate', degrees: 45 }],
    ]);

    // A second start while running is ignored.
    await act(() => hook.result.current.start(rotate(10)));
    expect(fake.calls).toHaveLength(1);

    const value = output(10, 20, 30);
    await act(async () => {
      fake.calls[0]!.resolve({ ok: true, value });
      await started;
    });
    expect(hook.result.current.result).toEqual({ file, request: rotate(45), output: value });
    expect(toast.success).toHaveBeenCalledWith('Done!');
  });

  it('toasts no success without a message, nor when the run fails', async () => {
    const { fake, hook } = setup();
    act(() => hook.result.current.chooseFile(imageFile()));
    for (const [index, result] of [
      { ok: true as const, value: output(1, 1, 1) },
      { ok: false as const, error: 'Failed to load image' },
    ].entries()) {
      let started!: Promise<void>;
      act(() => {
        started = hook.result.current.start(rotate(90), index === 0 ? undefined : 'Done!');
      });
      await act(async () => {
        fake.calls[index]!.resolve(result);
        await started;
      });
    }
    expect(hook.result.current.job).toEqual({ phase: 'failed', message: 'Failed to load image' });
    expect(hook.result.current.result).toBeNull();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('forgets the result and stops a run when another file is chosen', async () => {
    const { fake, hook } = setup();
    act(() => hook.result.current.chooseFile(imageFile('a.png')));
    let started!: Promise<void>;
    act(() => {
      started = hook.result.current.start(rotate(90));
    });
    await act(async () => {
      fake.calls[0]!.resolve({ ok: true, value: output(1, 1, 1) });
      await started;
    });
    expect(hook.result.current.result).not.toBeNull();

    const next = imageFile('b.png');
    act(() => hook.result.current.chooseFile(next));
    expect(hook.result.current.result).toBeNull();
    expect(hook.result.current.file).toBe(next);

    act(() => {
      void hook.result.current.start(rotate(90));
    });
    act(() => hook.result.current.chooseFile(null));
    expect(fake.calls[1]!.signal?.aborted).toBe(true);
    expect(hook.result.current.job).toEqual({ phase: 'idle' });
    expect(hook.result.current.file).toBeNull();
  });

  it("gets the run's worker ready when a file is chosen (not again after a run), and lets it go with the file or the screen", async () => {
    const fake = fakeProcess();
    const process = Object.assign(fake.process, { prepare: vi.fn(), release: vi.fn() });
    const hook = renderHook(() => useImageTool<Request>(process));
    const file = imageFile('a.png');
    act(() => hook.result.current.chooseFile(file));
    expect(process.prepare).toHaveBeenCalledWith(file);
    act(() => hook.result.current.chooseFile(null));
    expect(process.prepare).toHaveBeenCalledTimes(1);
    expect(process.release).toHaveBeenCalledTimes(1);

    act(() => hook.result.current.chooseFile(file));
    let started!: Promise<void>;
    act(() => {
      started = hook.result.current.start(rotate(90));
    });
    expect(process.prepare).toHaveBeenCalledTimes(2);
    await act(async () => {
      fake.calls[0]!.resolve({ ok: true, value: output(1, 1, 1) });
      await started;
    });
    expect(process.prepare).toHaveBeenCalledTimes(2);
    expect(process.release).toHaveBeenCalledTimes(1);
    hook.unmount();
    expect(process.release).toHaveBeenCalledTimes(2);
  });
});
