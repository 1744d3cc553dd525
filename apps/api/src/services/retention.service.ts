import type { AuditRepo } from '../db/audit.repo';
import type { ClickSaltsRepo } from '../db/click-salts.repo';
import type { ShortlinkClicksRepo } from '../db/shortlink-clicks.repo';
import type { Logger } from '../logger';
import type { Clock } from '../lib/clock';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

interface RetentionOptions {
  days: number;
  clock: Clock;
  logger: Logger;
}

/**
 * Deletes what is older than `days` (the cut-off read from `clock` at each run), once at start and
 * then once a day. A failed run is logged and the next day tries again. Answers a function that
 * stops the daily timer.
 */
function startRetention({
  days,
  clock,
  logger,
  prune,
  deleted,
  failed,
  everyMs = DAY_MS,
  cutoff = (now) => new Date(now - days * DAY_MS).toISOString(),
}: RetentionOptions & {
  /** Deletes rows older than `before` (ISO 8601); the count deleted. */
  prune: (before: string) => Promise<number>;
  /** The log line for `count` rows deleted. */
  deleted: (count: number) => string;
  failed: string;
  /** How often it runs (once a day unless given). */
  everyMs?: number;
  /** What `prune` is handed at the time `now` (ms): the ISO time `days` before unless given. */
  cutoff?: (now: number) => string;
}): () => void {
  const run = async () => {
    try {
      const count = await prune(cutoff(clock().getTime()));
      if (count > 0) logger.info(deleted(count));
    } catch (error) {
      logger.error(failed, error);
    }
  };
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * CLICK_RETENTION_DAYS: raw click rows (time, referrer host, country, device of each visit) older
 * than that are deleted. Analytics read the daily aggregates, which are never pruned, so every
 * figure stays the same; only the raw rows are gone.
 */
export function startClickRetention({ clicks, ...options }: RetentionOptions & { clicks: ShortlinkClicksRepo }) {
  return startRetention({
    ...options,
    prune: (before) => clicks.pruneBefore(before),
    deleted: (count) => `Deleted ${count} raw clicks older than ${options.days} days (aggregates kept)`,
    failed: 'Pruning old clicks failed',
  });
}

/** AUDIT_RETENTION_DAYS: audit events older than that are deleted. */
export function startAuditRetention({ audit, ...options }: RetentionOptions & { audit: AuditRepo }) {
  return startRetention({
    ...options,
    prune: (before) => audit.deleteOlderThan(new Date(before)),
    deleted: (count) => `Deleted ${count} audit events older than ${options.days} days`,
    failed: 'Pruning old audit events failed',
  });
}

/**
 * The daily salts of the visitor hashes, and the hashes made with them, once 48 hours old: a salt is
 * created for its UTC day (at the day's start at the earliest), so the day D is deleted from D+2
 * 00:00 on, when its salt can be 48 hours old. Without the salt a stored hash can no longer be
 * tried against addresses. Runs every hour, so nothing outlives 48 hours by more than one.
 */
export function startVisitorHashRetention({
  salts,
  clock,
  logger,
}: Omit<RetentionOptions, 'days'> & { salts: ClickSaltsRepo }) {
  return startRetention({
    days: 2,
    clock,
    logger,
    everyMs: HOUR_MS,
    // Days before the one 24 hours ago: at D+2 00:00 that is D+1, so D and older go.
    cutoff: (now) => visitorHashCutoff(now),
    prune: (before) => salts.pruneBefore(before),
    deleted: (count) => `Deleted ${count} visitor salts and hashes older than 48 hours`,
    failed: 'Pruning old visitor salts failed',
  });
}

/** The first UTC day (YYYY-MM-DD) whose salt and visitor hashes are kept at the time `now` (ms). */
export function visitorHashCutoff(now: number): string {
  return new Date(now - DAY_MS).toISOString().slice(0, 10);
}
