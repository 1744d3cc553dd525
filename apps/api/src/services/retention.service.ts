import type { AuditRepo } from '../db/audit.repo';
import type { ShortlinkClicksRepo } from '../db/shortlink-clicks.repo';
import type { Logger } from '../logger';
import type { Clock } from '../lib/clock';

const DAY_MS = 86_400_000;

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
}: RetentionOptions & {
  /** Deletes rows older than `before` (ISO 8601); the count deleted. */
  prune: (before: string) => Promise<number>;
  /** The log line for `count` rows deleted. */
  deleted: (count: number) => string;
  failed: string;
}): () => void {
  const run = async () => {
    try {
      const count = await prune(new Date(clock().getTime() - days * DAY_MS).toISOString());
      if (count > 0) logger.info(deleted(count));
    } catch (error) {
      logger.error(failed, error);
    }
  };
  void run();
  const timer = setInterval(() => void run(), DAY_MS);
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
