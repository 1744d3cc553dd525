import { err, ok, type Result } from '../../lib/result';
import { delay, realScheduler, type Random, type Scheduler } from '../../lib/simulation';

/**
 * A simulated port scan (docs/decisions/0001-real-tools.md): no packet is sent. Each port's status is
 * drawn from the random source after a wait on the injected clock.
 */

export type PortStatus = 'Open' | 'Closed';

export interface PortResult {
  port: number;
  service: string;
  status: PortStatus;
}

/** The eleven ports scanned, in this order. */
export const PORTS: readonly { port: number; service: string }[] = [
  { port: 21, service: 'FTP' },
  { port: 22, service: 'SSH' },
  { port: 23, service: 'Telnet' },
  { port: 25, service: 'SMTP' },
  { port: 53, service: 'DNS' },
  { port: 80, service: 'HTTP' },
  { port: 110, service: 'POP3' },
  { port: 143, service: 'IMAP' },
  { port: 443, service: 'HTTPS' },
  { port: 993, service: 'IMAPS' },
  { port: 995, service: 'POP3S' },
];

/** Ports are processed one at a time, 200 ms apart. */
export const PORT_INTERVAL_MS = 200;

/** Each port is reported Open with 30% probability (random() < 0.3). */
export const OPEN_PROBABILITY = 0.3;

/** The warning shown beside the target. */
export const PERMISSION_WARNING = 'Only scan systems you own or have permission to test';

/** The results card before any scan. */
export const EMPTY_RESULTS = 'No results yet. Configure and start a scan.';

export const TARGET_REQUIRED = 'Enter a target IP address or domain';

/** The target must be non-empty; its format is not checked. */
export function validateTarget(target: string): Result<string> {
  const trimmed = target.trim();
  return trimmed === '' ? err(TARGET_REQUIRED) : ok(trimmed);
}

/** Open when the draw is strictly below the probability, so exactly 0.3 is Closed. */
export function portStatus(draw: number): PortStatus {
  return draw < OPEN_PROBABILITY ? 'Open' : 'Closed';
}

export interface PortScanOptions {
  target: string;
  random?: Random;
  scheduler?: Scheduler;
  signal?: AbortSignal;
  /** Called once per port as soon as it completes, in port order. */
  onResult?: (result: PortResult) => void;
}

/**
 * Scans PORTS one after another: wait PORT_INTERVAL_MS, draw one number, report.
 * The first result arrives at 200 ms and the eleventh at 2200 ms.
 * A blank target is refused without waiting; aborting rejects with an AbortError
 * and schedules nothing further.
 */
export async function runPortScan({
  target,
  random = Math.random,
  scheduler = realScheduler,
  signal,
  onResult,
}: PortScanOptions): Promise<Result<PortResult[]>> {
  const valid = validateTarget(target);
  if (!valid.ok) return valid;
  const results: PortResult[] = [];
  for (const { port, service } of PORTS) {
    await delay(PORT_INTERVAL_MS, { scheduler, signal });
    const result: PortResult = { port, service, status: portStatus(random()) };
    results.push(result);
    onResult?.(result);
  }
  return ok(results);
}
