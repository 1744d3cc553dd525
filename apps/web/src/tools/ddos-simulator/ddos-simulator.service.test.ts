import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAbortError, seededRandom, type Scheduler } from '../../lib/simulation';
import {
  ATTACK_TYPES,
  ATTACK_TYPE_INVALID,
  BASE_RESPONSE_MS,
  DURATION_DEFAULT_S,
  DURATION_INVALID,
  DURATION_MAX_S,
  DURATION_MIN_S,
  ERROR_PERCENT,
  INTENSITY_INVALID,
  INTENSITY_RATES,
  RESPONSE_PERCENT,
  TARGET_REQUIRED,
  TICK_MS,
  parseDuration,
  runDdosSimulation,
  snapshotAt,
  validateDdosConfig,
  type DdosSnapshot,
  type Intensity,
} from './ddos-simulator.service';

/** A clock the test advances by hand, which also reports what is still scheduled. */
function manualScheduler() {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const scheduler: Scheduler = {
    setTimeout: (callback, ms) => {
      timers.set(++nextId, { at: now + ms, callback });
      return nextId;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  /** Runs every timer due up to now + ms, letting the awaiting code schedule the next one. */
  async function advance(ms: number) {
    const end = now + ms;
    for (;;) {
      await Promise.resolve();
      await Promise.resolve();
      const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].callback();
    }
    now = end;
    await Promise.resolve();
    await Promise.resolve();
  }
  return { scheduler, advance, pending: () => timers.size };
}

const base = { target: 'target.example', attackType: 'http-flood', intensity: 'medium', duration: 30 };

describe('constants', () => {
  it('follows the designed timings, limits and rates', () => {
    expect(ATTACK_TYPES.map((type) => type.value)).toEqual(['http-flood', 'syn-flood', 'udp-flood', 'ping-flood']);
    expect(INTENSITY_RATES).toEqual({ low: 10, medium: 100, high: 1000 });
    expect([DURATION_MIN_S, DURATION_MAX_S, DURATION_DEFAULT_S]).toEqual([1, 300, 30]);
    expect(TICK_MS).toBe(100);
    expect([RESPONSE_PERCENT, ERROR_PERCENT]).toEqual([80, 10]);
  });
});

describe('parseDuration', () => {
  it.each([
    ['', { ok: false, error: DURATION_INVALID }],
    ['abc', { ok: false, error: DURATION_INVALID }],
    ['0', { ok: false, error: DURATION_INVALID }],
    ['-5', { ok: false, error: DURATION_INVALID }],
    ['301', { ok: false, error: DURATION_INVALID }],
    ['2.5', { ok: false, error: DURATION_INVALID }],
    ['1e2', { ok: false, error: DURATION_INVALID }],
    ['1', { ok: true, value: 1 }],
    [' 30 ', { ok: true, value: 30 }],
    ['300', { ok: true, value: 300 }],
    [45, { ok: true, value: 45 }],
    [Number.NaN, { ok: false, error: DURATION_INVALID }],
  ])('%j → %j', (input, expected) => {
    expect(parseDuration(input)).toEqual(expected);
  });
});

describe('validateDdosConfig', () => {
  it.each([
    [
      { ...base, target: '' },
      { ok: false, error: TARGET_REQUIRED },
    ],
    [
      { ...base, target: '   ' },
      { ok: false, error: TARGET_REQUIRED },
    ],
    [
      { ...base, attackType: 'smurf' },
      { ok: false, error: ATTACK_TYPE_INVALID },
    ],
    [
      { ...base, intensity: 'extreme' },
      { ok: false, error: INTENSITY_INVALID },
    ],
    [
      { ...base, duration: 0 },
      { ok: false, error: DURATION_INVALID },
    ],
    [
      { ...base, duration: '301' },
      { ok: false, error: DURATION_INVALID },
    ],
    [
      { ...base, target: ' 10.0.0.1 ', attackType: 'ping-flood', intensity: 'low', duration: '1' },
      { ok: true, value: { target: '10.0.0.1', attackType: 'ping-flood', intensity: 'low', duration: 1 } },
    ],
  ])('%j → %j', (input, expected) => {
    expect(validateDdosConfig(input)).toEqual(expected);
  });
});

describe('snapshotAt', () => {
  it.each([
    // intensity, tick, ticks, draw → sent, received, errors, progress, avg
    ['low', 1, 300, 0, 1, 0, 0, 100 / 300, Math.round(45 * (1 + 1 / 300) * 0.8)],
    ['low', 5, 300, 0.5, 5, 4, 0, 500 / 300, Math.round(45 * (1 + 5 / 300))],
    ['low', 10, 300, 0.5, 10, 8, 1, 1000 / 300, Math.round(45 * (1 + 10 / 300))],
    ['medium', 1, 10, 0.5, 10, 8, 1, 10, 132],
    ['medium', 150, 300, 0, 1500, 1200, 150, 50, 144],
    ['high', 10, 10, 0.99999, 1000, 800, 100, 100, 1152],
  ] as const)('%s tick %d of %d (draw %d)', (intensity, tick, ticks, draw, sent, received, errors, progress, avg) => {
    const snapshot = snapshotAt(intensity, tick, ticks, draw);
    expect(snapshot.stats).toEqual({ requestsSent: sent, responsesReceived: received, errors, avgResponseTime: avg });
    expect(snapshot.progress).toBeCloseTo(progress, 10);
  });

  it('keeps the response time between 0.8× and 2.4× the base latency', () => {
    const random = seededRandom(3);
    for (const intensity of ['low', 'medium', 'high'] as const) {
      for (let tick = 1; tick <= 300; tick++) {
        const { avgResponseTime } = snapshotAt(intensity, tick, 300, random()).stats;
        expect(avgResponseTime).toBeGreaterThanOrEqual(Math.floor(BASE_RESPONSE_MS[intensity] * 0.8));
        expect(avgResponseTime).toBeLessThanOrEqual(Math.ceil(BASE_RESPONSE_MS[intensity] * 2.4));
      }
    }
  });
});

describe('runDdosSimulation', () => {
  it.each([
    // intensity, duration (s) → requestsSent, responsesReceived, errors
    ['low', 1, 10, 8, 1],
    ['medium', 1, 100, 80, 10],
    ['high', 1, 1000, 800, 100],
    ['low', 30, 300, 240, 30],
    ['medium', 30, 3000, 2400, 300],
    ['high', 30, 30_000, 24_000, 3000],
    ['low', 300, 3000, 2400, 300],
    ['medium', 300, 30_000, 24_000, 3000],
    ['high', 300, 300_000, 240_000, 30_000],
  ] as const)(
    '%s for %d s ends with %d sent, %d received, %d errors',
    async (intensity, duration, sent, received, errors) => {
      const clock = manualScheduler();
      const ticks: DdosSnapshot[] = [];
      const done = vi.fn();
      void runDdosSimulation({
        ...base,
        intensity,
        duration,
        random: seededRandom(duration),
        scheduler: clock.scheduler,
        onTick: (snapshot) => ticks.push(snapshot),
      }).then(done);
      await clock.advance(duration * 1000 - 1);
      expect(ticks).toHaveLength(duration * 10 - 1);
      expect(done).not.toHaveBeenCalled();
      await clock.advance(1);
      expect(ticks).toHaveLength(duration * 10);
      const last = ticks.at(-1);
      expect(last?.stats).toMatchObject({ requestsSent: sent, responsesReceived: received, errors });
      expect(last?.progress).toBe(100);
      expect(done).toHaveBeenCalledWith({ ok: true, value: last });
      expect(clock.pending()).toBe(0);
      // Counters only grow.
      for (let i = 1; i < ticks.length; i++) {
        expect(ticks[i]!.stats.requestsSent).toBeGreaterThan(ticks[i - 1]!.stats.requestsSent);
        expect(ticks[i]!.stats.responsesReceived).toBeGreaterThanOrEqual(ticks[i - 1]!.stats.responsesReceived);
        expect(ticks[i]!.progress).toBeGreaterThan(ticks[i - 1]!.progress);
      }
    },
  );

  it.each([
    [{ ...base, target: '' }, TARGET_REQUIRED],
    [{ ...base, duration: 0 }, DURATION_INVALID],
    [{ ...base, duration: 301 }, DURATION_INVALID],
    [{ ...base, intensity: 'max' as Intensity }, INTENSITY_INVALID],
  ])('refuses %j without scheduling a tick', async (input, error) => {
    const clock = manualScheduler();
    const onTick = vi.fn();
    expect(await runDdosSimulation({ ...input, scheduler: clock.scheduler, onTick })).toEqual({ ok: false, error });
    expect(clock.pending()).toBe(0);
    expect(onTick).not.toHaveBeenCalled();
  });

  it('Stop (abort) keeps the counters, resets progress to 0 and schedules no further tick', async () => {
    const clock = manualScheduler();
    const controller = new AbortController();
    const ticks: DdosSnapshot[] = [];
    const outcome = runDdosSimulation({
      ...base,
      random: () => 0.5,
      scheduler: clock.scheduler,
      signal: controller.signal,
      onTick: (snapshot) => ticks.push(snapshot),
    }).catch((error: unknown) => error);
    await clock.advance(550);
    expect(ticks).toHaveLength(5);
    expect(ticks.at(-1)?.progress).toBeCloseTo(500 / 300, 10);
    expect(clock.pending()).toBe(1);

    controller.abort();
    expect(isAbortError(await outcome)).toBe(true);
    expect(ticks).toHaveLength(6);
    expect(ticks.at(-1)).toMatchObject({
      tick: 5,
      progress: 0,
      stats: { requestsSent: 50, responsesReceived: 40, errors: 5 },
    });
    expect(clock.pending()).toBe(0);
    await clock.advance(60_000);
    expect(ticks).toHaveLength(6);
  });

  describe('with vi fake timers and the real scheduler', () => {
    beforeEach(() => void vi.useFakeTimers());
    afterEach(() => void vi.useRealTimers());

    it('ticks every 100 ms and finishes a 1 s high run at 1000 ms', async () => {
      const onTick = vi.fn();
      const pending = runDdosSimulation({ ...base, intensity: 'high', duration: 1, random: () => 0, onTick });
      await vi.advanceTimersByTimeAsync(99);
      expect(onTick).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(onTick).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(900);
      expect(onTick).toHaveBeenCalledTimes(10);
      const result = await pending;
      expect(result.ok && result.value.stats).toEqual({
        requestsSent: 1000,
        responsesReceived: 800,
        errors: 100,
        avgResponseTime: Math.round(480 * 2 * 0.8),
      });
      expect(vi.getTimerCount()).toBe(0);
    });

    it('stops ticking when aborted', async () => {
      const controller = new AbortController();
      const onTick = vi.fn();
      const outcome = runDdosSimulation({ ...base, signal: controller.signal, onTick }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(1000);
      controller.abort();
      expect(isAbortError(await outcome)).toBe(true);
      expect(vi.getTimerCount()).toBe(0);
      const calls = onTick.mock.calls.length;
      await vi.advanceTimersByTimeAsync(5000);
      expect(onTick).toHaveBeenCalledTimes(calls);
    });
  });
});
