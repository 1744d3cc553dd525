import type { ShortlinkClicksRepo } from '../db/shortlink-clicks.repo';
import type { Logger } from '../logger';
import type { Clock } from '../lib/clock';

const DAY_MS = 86_400_000;

/**
 * CLICK_RETENTION_DAYS: raw click rows (time, referrer host, country, device of each visit) older
 * than that are deleted, once at start and then once a day. Analytics read the daily aggregates,
 * which are never pruned, so every figure stays the same; only the raw rows are gone.
 * Answers a function that stops the daily timer.
 */
export function startClickRetention({
  clicks,
  days,
  clock,
  logger,
}: {
  clicks: ShortlinkClicksRepo;
  days: number;
  clock: Clock;
  logger: Logger;
}): () => void {
  const prune = async () => {
    try {
      const before = new Date(clock().getTime() - days * DAY_MS).toISOString();
      const deleted = await clicks.pruneBefore(before);
      if (deleted > 0) logger.info(`Deleted ${deleted} raw clicks older than ${days} days (aggregates kept)`);
    } catch (error) {
      logger.error('Pruning old clicks failed', error);
    }
  };
  void prune();
  const timer = setInterval(() => void prune(), DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
