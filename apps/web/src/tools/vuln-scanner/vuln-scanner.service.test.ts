import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAbortError, seededRandom, type Random } from '../../lib/simulation';
import {
  FINDINGS,
  FINDING_PROBABILITY,
  PROGRESS_INTERVAL_MS,
  PROGRESS_STEP,
  TARGET_REQUIRED,
  drawFindings,
  runVulnScan,
  validateTarget,
} from './vuln-scanner.service';

function scripted(values: readonly number[]): Random {
  let index = 0;
  return () => {
    const value = values[index++];
    if (value === undefined) throw new Error('scripted random exhausted');
    return value;
  };
}

describe('constants and findings', () => {
  it('follows the designed timing and rates', () => {
    expect(PROGRESS_STEP).toBe(10);
    expect(PROGRESS_INTERVAL_MS).toBe(200);
    expect(FINDING_PROBABILITY).toBe(0.7);
    expect(FINDINGS).toHaveLength(3);
    expect(new Set(FINDINGS.map((f) => f.id)).size).toBe(3);
    for (const finding of FINDINGS) {
      expect(['Critical', 'High', 'Medium', 'Low']).toContain(finding.severity);
      expect(finding.title).not.toBe('');
      expect(finding.description).not.toBe('');
      expect(finding.recommendation).not.toBe('');
    }
  });
});

describe('validateTarget', () => {
  it.each([
    ['', { ok: false, error: TARGET_REQUIRED }],
    ['  ', { ok: false, error: TARGET_REQUIRED }],
    [' https://example.com ', { ok: true, value: 'https://example.com' }],
    ['10.0.0.5', { ok: true, value: '10.0.0.5' }],
  ])('%j → %j', (input, expected) => {
    expect(validateTarget(input)).toEqual(expected);
  });
});

describe('drawFindings', () => {
  it.each([
    [
      [0, 0, 0],
      ['VULN-001', 'VULN-002', 'VULN-003'],
    ],
    [
      [0.69999, 0.7, 0.69999],
      ['VULN-001', 'VULN-003'],
    ],
    [[0.7, 0.7, 0.7], []],
    [[0.99, 0.5, 0.71], ['VULN-002']],
  ])('draws %j → %j', (draws, ids) => {
    expect(drawFindings(scripted(draws)).map((f) => f.id)).toEqual(ids);
  });
  it('includes each finding about 70% of the time with a seeded source', () => {
    const random = seededRandom(31);
    let included = 0;
    for (let i = 0; i < 1000; i++) included += drawFindings(random).length;
    expect(included / 3000).toBeGreaterThan(0.67);
    expect(included / 3000).toBeLessThan(0.73);
  });
});

describe('runVulnScan', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('reports 0, 10, …, 100 every 200 ms, then the findings', async () => {
    const progress: number[] = [];
    const random = vi.fn(scripted([0.1, 0.8, 0.3]));
    const pending = runVulnScan({ target: 'example.com', random, onProgress: (p) => progress.push(p) });
    expect(progress).toEqual([0]);
    await vi.advanceTimersByTimeAsync(199);
    expect(progress).toEqual([0]);
    for (let step = 1; step <= 10; step++) {
      await vi.advanceTimersByTimeAsync(1);
      expect(progress.at(-1)).toBe(step * 10);
      expect(progress).toHaveLength(step + 1);
      // Findings are drawn only once the bar is full.
      expect(random).toHaveBeenCalledTimes(step === 10 ? 3 : 0);
      if (step < 10) await vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS - 1);
    }
    expect(progress).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    const result = await pending;
    expect(result.ok && result.value.map((f) => f.id)).toEqual(['VULN-001', 'VULN-003']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('can find nothing', async () => {
    const pending = runVulnScan({ target: 'example.com', random: () => 0.9 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(await pending).toEqual({ ok: true, value: [] });
  });

  it.each([[''], ['   ']])('refuses the blank target %j without progress or timers', async (target) => {
    const onProgress = vi.fn();
    expect(await runVulnScan({ target, onProgress })).toEqual({ ok: false, error: TARGET_REQUIRED });
    expect(onProgress).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops on abort and schedules nothing further', async () => {
    const controller = new AbortController();
    const progress: number[] = [];
    const random = vi.fn(() => 0);
    const outcome = runVulnScan({
      target: 'x',
      random,
      signal: controller.signal,
      onProgress: (p) => progress.push(p),
    }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(650);
    controller.abort();
    expect(isAbortError(await outcome)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(progress).toEqual([0, 10, 20, 30]);
    expect(random).not.toHaveBeenCalled();
  });
});
