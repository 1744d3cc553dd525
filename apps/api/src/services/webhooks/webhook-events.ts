import type { DeviceClass, WebhookEvent } from '@toolvault/shared';
import type { WebhookDeliveriesRepo } from '../../db/webhook-deliveries.repo';
import type { WebhooksRepo } from '../../db/webhooks.repo';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../logger';
import { RETRY_WINDOW_MS } from './backoff';
import { DroppingBuffer } from './click-buffer';

/** A link as the API answers it: what link events carry. */
export type LinkRecord = { id: number } & object;

/** One counted click, as a `click` delivery lists it (never the visitor's address). */
export interface ClickNotice {
  shortCode: string;
  clickedAt: string;
  referrerHost: string | null;
  country: string | null;
  device: DeviceClass;
}

/** Why a link stopped redirecting to its target. */
export type ExpiryReason = 'validUntil' | 'maxVisits';

/** Clicks per `click` delivery at most, and one such delivery per webhook per flush (each second). */
export const CLICK_BATCH_MAX = 100;
export const CLICK_FLUSH_MS = 1000;
/**
 * Clicks waiting at most (100 seconds at the full rate): beyond it the oldest are dropped, and the
 * next batch says how many, so a flood of visits cannot fill this process's memory.
 */
export const CLICK_BUFFER_MAX = 10_000;

/** Deliveries written per statement (each binds a few values; both engines cap a statement's). */
const ENQUEUE_SLICE = 500;

export interface WebhookEvents {
  linkCreated(link: LinkRecord): Promise<void>;
  linkUpdated(link: LinkRecord, fields: readonly string[]): Promise<void>;
  linkDeleted(id: number): Promise<void>;
  /** `link.updated` for each link of a bulk change, every one with the same fields. */
  linksUpdated(links: readonly LinkRecord[], fields: readonly string[]): Promise<void>;
  /** `link.deleted` for each link a bulk delete removed. */
  linksDeleted(ids: readonly number[]): Promise<void>;
  /**
   * For the place that finds a link expired (its validUntil passed, or its visit limit was
   * reached): queues `link.expired` once per link and reason, however many replicas and visits
   * notice it. `since` names the rule's value (the validUntil time, the limit), so a link whose
   * rule is changed and that expires again is told of again.
   */
  linkExpired(link: LinkRecord, reason: ExpiryReason, since: string | number): Promise<void>;
  /** Takes a counted click for the next batch; never waits for the database (the redirect path). */
  clicked(click: ClickNotice): void;
  /** Queues the waiting clicks: at most CLICK_BATCH_MAX for each webhook that takes `click`. */
  flushClicks(): Promise<void>;
  /** Flushes clicks every CLICK_FLUSH_MS until stopped. */
  start(): void;
  stop(): Promise<void>;
}

/**
 * Turns the site's events into queued deliveries, one per active webhook that takes the event.
 *
 * Link events are queued right after the change commits, from the route, like the audit log, and
 * not in the change's own transaction (an outbox): the link's writes live in repositories that
 * several features share, and a crash in the instant between the commit and this one insert loses
 * the event, the same window the audit log accepts. Clicks are batched in memory for up to a
 * second (a redirect never waits for a webhook's insert); a replica that stops loses at most that
 * second's clicks for webhooks, never the counted clicks themselves.
 */
export function createWebhookEvents({
  webhooks,
  deliveries,
  clock,
  logger,
}: {
  webhooks: WebhooksRepo;
  deliveries: WebhookDeliveriesRepo;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
}): WebhookEvents {
  /** One delivery of each event's data to every webhook that takes `event`. */
  const queueAll = async (event: WebhookEvent, data: readonly object[]) => {
    if (data.length === 0) return;
    const targets = await webhooks.subscribedTo(event);
    if (targets.length === 0) return;
    const at = clock();
    const giveUpAt = new Date(at.getTime() + RETRY_WINDOW_MS);
    const rows = data.flatMap((one) => {
      const payload = JSON.stringify({ type: event, createdAt: at.toISOString(), data: one });
      return targets.map((webhook) => ({ webhookId: webhook.id, event, payload, at, giveUpAt }));
    });
    // In slices: a bulk change of a thousand links to several webhooks would pass the number of
    // values one statement may bind.
    for (let start = 0; start < rows.length; start += ENQUEUE_SLICE) {
      await deliveries.enqueue(rows.slice(start, start + ENQUEUE_SLICE));
    }
  };
  const queue = (event: WebhookEvent, data: object) => queueAll(event, [data]);

  const waiting = new DroppingBuffer<ClickNotice>(CLICK_BUFFER_MAX);
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  const flushClicks = async () => {
    if (waiting.size === 0) return;
    const { items: clicks, dropped } = waiting.take(CLICK_BATCH_MAX);
    await queue('click', dropped > 0 ? { clicks, dropped } : { clicks });
  };

  return {
    linkCreated: (link) => queue('link.created', { link }),
    linkUpdated: (link, fields) => queue('link.updated', { link, fields }),
    linkDeleted: (id) => queue('link.deleted', { link: { id } }),
    linksUpdated: (links, fields) =>
      queueAll(
        'link.updated',
        links.map((link) => ({ link, fields })),
      ),
    linksDeleted: (ids) =>
      queueAll(
        'link.deleted',
        ids.map((id) => ({ link: { id } })),
      ),
    async linkExpired(link, reason, since) {
      if (!(await webhooks.claimEventKey(`link.expired:${link.id}:${reason}:${since}`, clock()))) return;
      await queue('link.expired', { link, reason });
    },
    clicked(click) {
      waiting.push(click);
    },
    flushClicks,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        flushing = flushClicks().catch((error: unknown) => {
          logger.warn(`Webhook clicks: ${error instanceof Error ? error.message : String(error)}`);
        });
      }, CLICK_FLUSH_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await flushing;
    },
  };
}
