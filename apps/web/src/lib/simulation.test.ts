import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { delay, isAbortError, seededRandom } from './simulation';

describe('seededRandom', () => {
  it('repeats the same sequence for the same seed and stays in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(seededRandom(1)()).not.toBe(seededRandom(2)());
  });

  it('is roughly uniform', () => {
    const random = seededRandom(7);
    const below = Array.from({ length: 10_000 }, () => random()).filter((value) => value < 0.3).length;
    expect(below).toBeGreaterThan(2800);
    expect(below).toBeLessThan(3200);
  });
});

describe('delay', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('resolves after the time has passed', async () => {
    const done = vi.fn();
    void delay(200).then(done);
    await vi.advanceTimersByTimeAsync(199);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledOnce();
  });

  it('rejects with an AbortError when aborted, before or during', async () => {
    const controller = new AbortController();
    const pending = delay(200, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toSatisfy(isAbortError);
    await expect(delay(10, { signal: controller.signal })).rejects.toSatisfy(isAbortError);
  });
});
