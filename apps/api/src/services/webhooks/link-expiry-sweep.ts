import type { ShortlinksRepo } from '../../db/shortlinks.repo';
import type { SweepMarksRepo } from '../../db/sweep-marks.repo';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../logger';
import type { WebhookEvents } from './webhook-events';

/** How often a replica looks for links whose end has passed: an event comes at most this late. */
export const EXPIRY_SWEEP_MS = 60_000;
/** Links read per query while sweeping. */
export const EXPIRY_SWEEP_BATCH = 200;

export interface LinkExpirySweep {
  /** One sweep: the number of links found ended since the last one (each told of once at most). */
  runOnce(): Promise<number>;
  /** Sweeps every EXPIRY_SWEEP_MS until stopped. */
  start(): void;
  stop(): Promise<void>;
}

/**
 * The `link.expired` event of a link whose end (validUntil) passes: nothing happens at that instant
 * (a visit limit is reached by a click, an end by the clock alone), so each replica sweeps once a
 * minute for the links that ended between the shared mark of the last sweep and now, and moves the
 * mark on. Each link's event is claimed by its key (link, reason and end: webhookEvents.linkExpired),
 * so two replicas sweeping at once, or a sweep that stopped before it moved the mark, tell a link's
 * end once. A link whose end is moved later and passes again is told of again.
 *
 * The first sweep of a database only sets the mark: links that ended before then (before this
 * sweep existed) are not announced late. A span the replicas were all down for is swept at the next
 * start. An end set in the past by an edit lies behind the mark and gets no event: that edit's own
 * `link.updated` says it.
 */
export function createLinkExpirySweep({
  shortlinks,
  marks,
  events,
  clock,
  logger,
  batchSize = EXPIRY_SWEEP_BATCH,
}: {
  shortlinks: Pick<ShortlinksRepo, 'endedBetween'>;
  marks: SweepMarksRepo;
  events: Pick<WebhookEvents, 'linkExpired'>;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
  batchSize?: number;
}): LinkExpirySweep {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  const runOnce = async () => {
    const now = clock().toISOString();
    const since = await marks.get('link.expired');
    let found = 0;
    if (since !== undefined) {
      for await (const links of shortlinks.endedBetween(since, now, batchSize)) {
        for (const link of links) {
          // endedBetween reads only links with an end.
          await events.linkExpired(link, 'validUntil', link.validUntil!);
          found += 1;
        }
      }
    }
    await marks.advance('link.expired', now);
    return found;
  };

  return {
    runOnce,
    start() {
      if (timer) return;
      const run = () => {
        // A sweep still reading (a long catch-up) is left to finish rather than joined by another.
        if (running) return;
        running = runOnce()
          .catch((error: unknown) => {
            logger.warn(`link.expired sweep: ${error instanceof Error ? error.message : String(error)}`);
          })
          .finally(() => {
            running = undefined;
          });
      };
      run();
      timer = setInterval(run, EXPIRY_SWEEP_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
