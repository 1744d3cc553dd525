import { err, ok, type Result } from '../../lib/result';
import { delay, realScheduler, type Random, type Scheduler } from '../../lib/simulation';

/**
 * A simulated vulnerability scan (docs/decisions/0001-real-tools.md): nothing is probed. Progress
 * advances on the injected clock and findings are drawn from the random source.
 */

export type Severity = 'Critical' | 'High' | 'Medium' | 'Low';

export interface Finding {
  id: string;
  title: string;
  severity: Severity;
  description: string;
  recommendation: string;
}

/** Progress goes from 0 to 100 in steps of 10 … */
export const PROGRESS_STEP = 10;

/** … every 200 ms. */
export const PROGRESS_INTERVAL_MS = 200;

/** Each of the three findings is included with about 70% chance (random() < 0.7). */
export const FINDING_PROBABILITY = 0.7;

/** The warning beside the target. */
export const PERMISSION_WARNING = 'Only scan systems you own or have explicit permission to test';

/** The state shown when no finding was drawn. */
export const NO_FINDINGS = 'No Vulnerabilities Found';

export const TARGET_REQUIRED = 'Enter a target URL or IP address';

/** The three possible findings, in the order they are drawn. */
export const FINDINGS: readonly Finding[] = [
  {
    id: 'VULN-001',
    title: 'SQL injection in login form',
    severity: 'Critical',
    description:
      'The "username" parameter of the login form is concatenated into a SQL query. An attacker can bypass authentication or read the whole database.',
    recommendation:
      'Use parameterised queries (prepared statements) for every database call and run the application with a least-privilege database account.',
  },
  {
    id: 'VULN-002',
    title: 'Outdated TLS protocol versions enabled',
    severity: 'Medium',
    description:
      'The server still accepts TLS 1.0 and TLS 1.1, which allow downgrade attacks and use weak cipher suites.',
    recommendation:
      'Disable TLS 1.0 and 1.1, allow only TLS 1.2 and 1.3 with modern AEAD cipher suites, and enable HSTS.',
  },
  {
    id: 'VULN-003',
    title: 'Missing HTTP security headers',
    severity: 'Low',
    description:
      'Responses carry no Content-Security-Policy, X-Content-Type-Options or X-Frame-Options header, which makes cross-site scripting and clickjacking easier to exploit.',
    recommendation:
      'Send a strict Content-Security-Policy, "X-Content-Type-Options: nosniff" and "frame-ancestors \'none\'" (or X-Frame-Options: DENY) on every response.',
  },
];

/** The vulnerability scanner needs non-empty input. */
export function validateTarget(target: string): Result<string> {
  const trimmed = target.trim();
  return trimmed === '' ? err(TARGET_REQUIRED) : ok(trimmed);
}

/** One draw per finding, in FINDINGS order; a finding is kept when its draw is below 0.7. */
export function drawFindings(random: Random): Finding[] {
  return FINDINGS.filter(() => random() < FINDING_PROBABILITY);
}

export interface VulnScanOptions {
  target: string;
  random?: Random;
  scheduler?: Scheduler;
  signal?: AbortSignal;
  /** Called with 0 at once, then 10, 20, … 100 every 200 ms. */
  onProgress?: (percent: number) => void;
}

/**
 * Reports progress 0 immediately and +10 every 200 ms until 100 (at 2000 ms),
 * then draws the findings. A blank target is refused without waiting; abort
 * rejects with an AbortError.
 */
export async function runVulnScan({
  target,
  random = Math.random,
  scheduler = realScheduler,
  signal,
  onProgress,
}: VulnScanOptions): Promise<Result<Finding[]>> {
  const valid = validateTarget(target);
  if (!valid.ok) return valid;
  onProgress?.(0);
  for (let percent = PROGRESS_STEP; percent <= 100; percent += PROGRESS_STEP) {
    await delay(PROGRESS_INTERVAL_MS, { scheduler, signal });
    onProgress?.(percent);
  }
  return ok(drawFindings(random));
}
