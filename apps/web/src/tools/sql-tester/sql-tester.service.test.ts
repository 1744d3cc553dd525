import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAbortError, seededRandom, type Random } from '../../lib/simulation';
import {
  HIGH_PROBABILITY,
  HTTP_METHODS,
  METHOD_INVALID,
  PARAMETER_REQUIRED,
  RESULT_INTERVAL_MS,
  SAFE_RESPONSE,
  SQL_PAYLOADS,
  URL_REQUIRED,
  VULNERABLE_PROBABILITY,
  judgePayload,
  runSqlTest,
  validateSqlTest,
  type SqlTestResult,
} from './sql-tester.service';

function scripted(values: readonly number[]): Random {
  let index = 0;
  return () => {
    const value = values[index++];
    if (value === undefined) throw new Error('scripted random exhausted');
    return value;
  };
}

const request = { url: 'https://shop.example/item.php', parameter: 'id', method: 'GET' };

describe('constants', () => {
  it('follows the designed method list, timing and rates', () => {
    expect(HTTP_METHODS).toEqual(['GET', 'POST', 'PUT']);
    expect(RESULT_INTERVAL_MS).toBe(500);
    expect(VULNERABLE_PROBABILITY).toBe(0.3);
    expect(HIGH_PROBABILITY).toBe(0.5);
    expect(SQL_PAYLOADS.map((p) => p.payload)).toEqual([
      "' OR '1'='1",
      "' OR 1=1--",
      '" OR ""="',
      '1; DROP TABLE users--',
      "' UNION SELECT NULL--",
      "admin'--",
      "1' AND SLEEP(5)--",
      "' OR 'x'='x",
    ]);
  });
});

describe('validateSqlTest', () => {
  it.each([
    [
      { url: '', parameter: '', method: 'GET' },
      { ok: false, error: URL_REQUIRED },
    ],
    [
      { url: '  ', parameter: 'id', method: 'GET' },
      { ok: false, error: URL_REQUIRED },
    ],
    [
      { url: 'https://a.example', parameter: ' ', method: 'GET' },
      { ok: false, error: PARAMETER_REQUIRED },
    ],
    [
      { url: 'https://a.example', parameter: 'id', method: 'DELETE' },
      { ok: false, error: METHOD_INVALID },
    ],
    [
      { url: 'https://a.example', parameter: 'id', method: 'get' },
      { ok: false, error: METHOD_INVALID },
    ],
    [
      { url: ' https://a.example/x ', parameter: ' q ', method: 'PUT' },
      { ok: true, value: { url: 'https://a.example/x', parameter: 'q', method: 'PUT' } },
    ],
    [
      { url: 'https://a.example', parameter: 'id', method: 'POST' },
      { ok: true, value: { url: 'https://a.example', parameter: 'id', method: 'POST' } },
    ],
  ])('%j → %j', (input, expected) => {
    expect(validateSqlTest(input)).toEqual(expected);
  });
});

describe('judgePayload', () => {
  it.each([
    // [draws, vulnerable, severity, draws consumed]
    [[0.3], false, 'Safe', 1],
    [[0.99], false, 'Safe', 1],
    [[0.29999, 0.49999], true, 'High', 2],
    [[0, 0], true, 'High', 2],
    [[0.1, 0.5], true, 'Critical', 2],
    [[0.2, 0.99], true, 'Critical', 2],
  ])('draws %j → vulnerable %s, %s', (draws, vulnerable, severity, consumed) => {
    const random = vi.fn(scripted(draws));
    const result = judgePayload(6, random);
    expect(result).toMatchObject({ payload: "1' AND SLEEP(5)--", vulnerable, severity });
    expect(result.response).toBe(vulnerable ? SQL_PAYLOADS[6]?.vulnerableResponse : SAFE_RESPONSE);
    expect(random).toHaveBeenCalledTimes(consumed);
  });

  it('splits vulnerable results evenly between High and Critical with a seeded source', () => {
    const random = seededRandom(77);
    const counts = { Safe: 0, High: 0, Critical: 0 };
    for (let i = 0; i < 10_000; i++) counts[judgePayload(i % 8, random).severity]++;
    expect(counts.Safe / 10_000).toBeCloseTo(0.7, 1);
    expect(counts.High / (counts.High + counts.Critical)).toBeCloseTo(0.5, 1);
  });
});

describe('runSqlTest', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('adds one result every 500 ms: none before 500 ms, eight at 4000 ms', async () => {
    const seen: SqlTestResult[] = [];
    const done = vi.fn();
    void runSqlTest({ ...request, random: seededRandom(9), onResult: (r) => seen.push(r) }).then(done);
    await vi.advanceTimersByTimeAsync(RESULT_INTERVAL_MS - 1);
    expect(seen).toHaveLength(0);
    for (let n = 1; n <= 8; n++) {
      await vi.advanceTimersByTimeAsync(1);
      expect(seen).toHaveLength(n);
      expect(seen[n - 1]?.payload).toBe(SQL_PAYLOADS[n - 1]?.payload);
      if (n < 8) {
        await vi.advanceTimersByTimeAsync(RESULT_INTERVAL_MS - 1);
        expect(seen).toHaveLength(n);
      }
    }
    expect(done).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives the exact verdicts for a scripted source', async () => {
    // Payload 2 High, payload 5 Critical, payload 8 High; the rest safe (one draw each).
    const draws = [0.5, 0.1, 0.4, 0.3, 0.9, 0.29, 0.5, 0.8, 0.6, 0.0, 0.2];
    const pending = runSqlTest({ ...request, method: 'POST', random: scripted(draws) });
    await vi.advanceTimersByTimeAsync(4000);
    const result = await pending;
    expect(result.ok && result.value.map((r) => r.severity)).toEqual([
      'Safe',
      'High',
      'Safe',
      'Safe',
      'Critical',
      'Safe',
      'Safe',
      'High',
    ]);
    expect(result.ok && result.value.filter((r) => r.vulnerable)).toHaveLength(3);
  });

  it.each([
    [{ ...request, url: '' }, URL_REQUIRED],
    [{ ...request, parameter: '' }, PARAMETER_REQUIRED],
    [{ ...request, method: 'PATCH' }, METHOD_INVALID],
  ])('refuses %j without scheduling anything', async (input, error) => {
    const onResult = vi.fn();
    expect(await runSqlTest({ ...input, onResult })).toEqual({ ok: false, error });
    expect(vi.getTimerCount()).toBe(0);
    expect(onResult).not.toHaveBeenCalled();
  });

  it('stops on abort and schedules nothing further', async () => {
    const controller = new AbortController();
    const onResult = vi.fn();
    const outcome = runSqlTest({ ...request, random: () => 0.9, signal: controller.signal, onResult }).catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(1700);
    controller.abort();
    expect(isAbortError(await outcome)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onResult).toHaveBeenCalledTimes(3);
  });
});
