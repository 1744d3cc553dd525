import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAbortError, seededRandom, type Random, type Scheduler } from '../../lib/simulation';
import {
  OPEN_PROBABILITY,
  PORTS,
  PORT_INTERVAL_MS,
  TARGET_REQUIRED,
  portStatus,
  runPortScan,
  validateTarget,
  type PortResult,
} from './port-scanner.service';

/** Returns the given numbers in order and fails loudly if asked for more. */
function scripted(values: readonly number[]): Random {
  let index = 0;
  return () => {
    const value = values[index++];
    if (value === undefined) throw new Error('scripted random exhausted');
    return value;
  };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('constants', () => {
  it('scans the eleven designed ports in order, 200 ms apart, 30% open', () => {
    expect(PORTS.map(({ port, service }) => `${port} ${service}`)).toEqual([
      '21 FTP',
      '22 SSH',
      '23 Telnet',
      '25 SMTP',
      '53 DNS',
      '80 HTTP',
      '110 POP3',
      '143 IMAP',
      '443 HTTPS',
      '993 IMAPS',
      '995 POP3S',
    ]);
    expect(PORT_INTERVAL_MS).toBe(200);
    expect(OPEN_PROBABILITY).toBe(0.3);
  });
});

describe('validateTarget', () => {
  it.each([
    ['', { ok: false, error: TARGET_REQUIRED }],
    ['   \t ', { ok: false, error: TARGET_REQUIRED }],
    [' 192.168.1.1 ', { ok: true, value: '192.168.1.1' }],
    ['example.com', { ok: true, value: 'example.com' }],
    // No format check on the target.
    ['not a host!', { ok: true, value: 'not a host!' }],
  ])('%j → %j', (input, expected) => {
    expect(validateTarget(input)).toEqual(expected);
  });
});

describe('portStatus', () => {
  it.each([
    [0, 'Open'],
    [0.29999, 'Open'],
    [0.3, 'Closed'],
    [0.30001, 'Closed'],
    [0.99999, 'Closed'],
  ])('draw %d → %s', (draw, expected) => {
    expect(portStatus(draw)).toBe(expected);
  });
});

describe('runPortScan', () => {
  it.each([
    ['all closed', Array<number>(11).fill(0.5), []],
    ['all open', Array<number>(11).fill(0), PORTS.map((p) => p.port)],
    ['boundary draws', [0.3, 0.29999, 0.3, 0.9, 0.1, 0.3, 0.7, 0.2999, 0.31, 0.05, 0.3], [22, 53, 143, 993]],
  ])('%s: opens exactly the ports whose draw is below 0.3', async (_name, draws, open) => {
    const pending = runPortScan({ target: 'example.com', random: scripted(draws) });
    await vi.advanceTimersByTimeAsync(11 * PORT_INTERVAL_MS);
    const result = await pending;
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.map((r) => r.port)).toEqual(PORTS.map((p) => p.port));
    expect(result.value.filter((r) => r.status === 'Open').map((r) => r.port)).toEqual(open);
  });

  it('reports one port per 200 ms: nothing before 200 ms, 11 results at 2200 ms', async () => {
    const seen: PortResult[] = [];
    const done = vi.fn();
    void runPortScan({ target: 'host', random: seededRandom(1), onResult: (r) => seen.push(r) }).then(done);
    await vi.advanceTimersByTimeAsync(199);
    expect(seen).toHaveLength(0);
    for (let n = 1; n <= 11; n++) {
      // At n × 200 ms the n-th port completes, and nothing more until the next 200 ms.
      await vi.advanceTimersByTimeAsync(1);
      expect(seen).toHaveLength(n);
      expect(seen[n - 1]?.port).toBe(PORTS[n - 1]?.port);
      if (n < 11) {
        await vi.advanceTimersByTimeAsync(PORT_INTERVAL_MS - 1);
        expect(seen).toHaveLength(n);
        expect(done).not.toHaveBeenCalled();
      }
    }
    expect(done).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is reproducible with a seeded source', async () => {
    const run = async () => {
      const pending = runPortScan({ target: 'host', random: seededRandom(2024) });
      await vi.advanceTimersByTimeAsync(2200);
      return pending;
    };
    expect(await run()).toEqual(await run());
  });

  it.each([[''], ['   ']])('refuses the blank target %j without scheduling anything', async (target) => {
    const random = vi.fn(() => 0);
    const onResult = vi.fn();
    expect(await runPortScan({ target, random, onResult })).toEqual({ ok: false, error: TARGET_REQUIRED });
    expect(vi.getTimerCount()).toBe(0);
    expect(random).not.toHaveBeenCalled();
    expect(onResult).not.toHaveBeenCalled();
  });

  it('stops on abort: rejects with an AbortError and schedules no further port', async () => {
    const controller = new AbortController();
    const onResult = vi.fn();
    const pending = runPortScan({ target: 'host', random: () => 0, signal: controller.signal, onResult });
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(3 * PORT_INTERVAL_MS + 50);
    controller.abort();
    expect(isAbortError(await outcome)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(onResult).toHaveBeenCalledTimes(3);
  });

  it('uses the injected scheduler, not the global timers', async () => {
    const queue: { callback: () => void; ms: number }[] = [];
    const scheduler: Scheduler = {
      setTimeout: (callback, ms) => queue.push({ callback, ms }),
      clearTimeout: () => undefined,
    };
    const pending = runPortScan({ target: 'host', random: () => 0.9, scheduler });
    for (let i = 0; i < PORTS.length; i++) {
      await Promise.resolve();
      const next = queue.shift();
      expect(next?.ms).toBe(PORT_INTERVAL_MS);
      next?.callback();
    }
    const result = await pending;
    expect(result.ok && result.value.every((r) => r.status === 'Closed')).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
