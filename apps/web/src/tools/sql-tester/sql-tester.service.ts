import { err, ok, type Result } from '../../lib/result';
import { delay, realScheduler, type Random, type Scheduler } from '../../lib/simulation';

/**
 * A simulated SQL injection test (docs/decisions/0001-real-tools.md): no request is sent. Each payload's
 * verdict is drawn from the injected random source after a wait on the injected clock.
 */

export type SqlSeverity = 'Safe' | 'High' | 'Critical';

export interface SqlTestResult {
  payload: string;
  /** A simulated response line describing what the server "did". */
  response: string;
  vulnerable: boolean;
  severity: SqlSeverity;
}

/** The HTTP method select. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One result per payload is added every 500 ms. */
export const RESULT_INTERVAL_MS = 500;

/** About 30% of payloads are flagged vulnerable (random() < 0.3). */
export const VULNERABLE_PROBABILITY = 0.3;

/** Vulnerable ones are High or Critical with equal odds (random() < 0.5 → High). */
export const HIGH_PROBABILITY = 0.5;

/** The warning shown above the Start Test button. */
export const PERMISSION_WARNING = 'Only test applications you own or have explicit permission to test';

export const EMPTY_RESULTS = 'No results yet. Configure and start a test.';

export const URL_REQUIRED = 'Enter a target URL';
export const PARAMETER_REQUIRED = 'Enter the parameter to test';
export const METHOD_INVALID = 'Choose GET, POST or PUT';

/** What the server "answers" when the simulation flags the payload as not injectable. */
export const SAFE_RESPONSE = '200 OK — input handled as data; response identical to the baseline request';

/** The eight payloads, each with the response a vulnerable server would give. */
export const SQL_PAYLOADS: readonly { payload: string; technique: string; vulnerableResponse: string }[] = [
  {
    payload: "' OR '1'='1",
    technique: 'Boolean-based (tautology)',
    vulnerableResponse: '200 OK — every record was listed: the injected condition was evaluated as always true',
  },
  {
    payload: "' OR 1=1--",
    technique: 'Boolean-based with comment',
    vulnerableResponse: '200 OK — all rows returned; the rest of the query was commented out',
  },
  {
    payload: '" OR ""="',
    technique: 'Boolean-based (double-quoted string)',
    vulnerableResponse: '200 OK — all rows returned: the double-quoted string context is injectable',
  },
  {
    payload: '1; DROP TABLE users--',
    technique: 'Stacked queries',
    vulnerableResponse:
      '500 Internal Server Error — a second statement reached the database (table "users" referenced)',
  },
  {
    payload: "' UNION SELECT NULL--",
    technique: 'UNION-based',
    vulnerableResponse:
      '500 Internal Server Error — "The used SELECT statements have a different number of columns": UNION injection possible',
  },
  {
    payload: "admin'--",
    technique: 'Comment truncation (login bypass)',
    vulnerableResponse: '302 Found — redirected to /dashboard: signed in as admin without a password',
  },
  {
    payload: "1' AND SLEEP(5)--",
    technique: 'Time-based blind',
    vulnerableResponse: '200 OK after 5.01 s — the response was delayed by the injected SLEEP(5)',
  },
  {
    payload: "' OR 'x'='x",
    technique: 'Boolean-based (string tautology)',
    vulnerableResponse: "200 OK — all rows returned: the tautology 'x'='x' was evaluated by the database",
  },
];

export interface SqlTestRequest {
  url: string;
  parameter: string;
  method: string;
}

export interface ValidSqlTestRequest {
  url: string;
  parameter: string;
  method: HttpMethod;
}

/** The SQL tester needs both the target URL and the parameter. */
export function validateSqlTest({ url, parameter, method }: SqlTestRequest): Result<ValidSqlTestRequest> {
  if (url.trim() === '') return err(URL_REQUIRED);
  if (parameter.trim() === '') return err(PARAMETER_REQUIRED);
  const known = HTTP_METHODS.find((m) => m === method);
  if (!known) return err(METHOD_INVALID);
  return ok({ url: url.trim(), parameter: parameter.trim(), method: known });
}

/**
 * The verdict for one payload: one draw decides vulnerable (< 0.3); only a vulnerable
 * payload takes a second draw for its severity (< 0.5 High, otherwise Critical).
 */
export function judgePayload(index: number, random: Random): SqlTestResult {
  const entry = SQL_PAYLOADS[index];
  if (!entry) throw new RangeError(`no payload at index ${index}`);
  const vulnerable = random() < VULNERABLE_PROBABILITY;
  if (!vulnerable) return { payload: entry.payload, response: SAFE_RESPONSE, vulnerable, severity: 'Safe' };
  const severity: SqlSeverity = random() < HIGH_PROBABILITY ? 'High' : 'Critical';
  return { payload: entry.payload, response: entry.vulnerableResponse, vulnerable, severity };
}

export interface SqlTestOptions extends SqlTestRequest {
  random?: Random;
  scheduler?: Scheduler;
  signal?: AbortSignal;
  /** Called once per payload, every RESULT_INTERVAL_MS, in SQL_PAYLOADS order. */
  onResult?: (result: SqlTestResult) => void;
}

/**
 * Tries the eight payloads one after another: wait 500 ms, judge, report — the last at 4000 ms.
 * Missing URL or parameter is refused without waiting; abort rejects with an AbortError.
 */
export async function runSqlTest({
  random = Math.random,
  scheduler = realScheduler,
  signal,
  onResult,
  ...request
}: SqlTestOptions): Promise<Result<SqlTestResult[]>> {
  const valid = validateSqlTest(request);
  if (!valid.ok) return valid;
  const results: SqlTestResult[] = [];
  for (let index = 0; index < SQL_PAYLOADS.length; index++) {
    await delay(RESULT_INTERVAL_MS, { scheduler, signal });
    const result = judgePayload(index, random);
    results.push(result);
    onResult?.(result);
  }
  return ok(results);
}
