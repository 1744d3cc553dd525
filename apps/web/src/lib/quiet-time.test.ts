import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQuietGate } from './quiet-time';

/** Whether `promise` has settled after the timers advanced by `ms`. */
async function settledAfter(promise: Promise<void>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

describe('createQuietGate', () => {
  let clock = 0;
  const now = () => clock;

  beforeEach(() => {
    vi.useFakeTimers();
    clock = 0;
  });
  afterEach(() => vi.useRealTimers());

  /** Advances the fake timers and the gate's clock together. */
  const advance = async (promise: Promise<void>, ms: number) => {
    const step = 100;
    let settled = false;
    void promise.then(() => (settled = true));
    for (let spent = 0; spent < ms && !settled; spent += step) {
      clock += step;
      await vi.advanceTimersByTimeAsync(step);
    }
    return settled;
  };

  it('opens once the loaded page has gone the quiet time without a task', async () => {
    const gate = createQuietGate(3000, now);
    const quiet = gate.whenQuiet();
    expect(await advance(quiet, 2800)).toBe(false);
    expect(await advance(quiet, 400)).toBe(true);
  });

  it('stays shut while a task holds the page, and counts the quiet time from its end', async () => {
    const gate = createQuietGate(3000, now);
    const release = gate.hold();
    expect(gate.held()).toBe(true);
    const quiet = gate.whenQuiet();
    expect(await advance(quiet, 10_000)).toBe(false);
    release();
    expect(gate.held()).toBe(false);
    expect(await advance(quiet, 2800)).toBe(false);
    expect(await advance(quiet, 400)).toBe(true);
  });

  it('starts the quiet time again when a task begins and ends during it', async () => {
    const gate = createQuietGate(3000, now);
    const quiet = gate.whenQuiet();
    expect(await advance(quiet, 2000)).toBe(false);
    const release = gate.hold();
    expect(await advance(quiet, 1500)).toBe(false);
    release();
    // 3.5 s after the load, but only 0–2.9 s after the task ended.
    expect(await advance(quiet, 2900)).toBe(false);
    expect(await advance(quiet, 300)).toBe(true);
  });

  it('waits for every holder, and a second release changes nothing', async () => {
    const gate = createQuietGate(1000, now);
    const first = gate.hold();
    const second = gate.hold();
    first();
    first();
    expect(gate.held()).toBe(true);
    const quiet = gate.whenQuiet();
    expect(await advance(quiet, 5000)).toBe(false);
    second();
    expect(gate.held()).toBe(false);
    expect(await advance(quiet, 1200)).toBe(true);
  });

  it('does not open while a task started between the quiet time and the idle moment', async () => {
    const gate = createQuietGate(1000, now);
    const idleCallbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
    try {
      const quiet = gate.whenQuiet();
      expect(await advance(quiet, 1200)).toBe(false);
      expect(idleCallbacks).toHaveLength(1);
      const release = gate.hold();
      idleCallbacks.shift()!();
      expect(await settledAfter(quiet, 0)).toBe(false);
      expect(await advance(quiet, 3000)).toBe(false);
      release();
      expect(await advance(quiet, 1200)).toBe(false);
      idleCallbacks.shift()!();
      expect(await settledAfter(quiet, 0)).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
