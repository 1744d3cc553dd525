import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type Webhook,
} from '@toolvault/shared';
import type { AttemptOutcome, ClaimedDelivery, WebhookDeliveriesRepo } from '../../db/webhook-deliveries.repo';
import type { WebhooksRepo } from '../../db/webhooks.repo';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../logger';
import { nextAttemptAt } from './backoff';
import { webhookSignature } from './signing';
import { checkTarget, type Resolve, type TargetPolicy } from './target-guard';
import { DELIVERY_TIMEOUT_MS, type Transport } from './transport';

export interface DeliveryWorkerDeps {
  webhooks: WebhooksRepo;
  deliveries: WebhookDeliveriesRepo;
  clock: Clock;
  transport: Transport;
  resolve: Resolve;
  policy: TargetPolicy;
  logger: Pick<Logger, 'warn'>;
  /** The jitter of retries, in [0, 1). */
  random?: () => number;
  /** Deliveries one pass claims at most. */
  batch?: number;
  /**
   * How long a claim holds: longer than one pass can take (each delivery at most the transport's
   * time limit), so a live worker never loses its lease; a dead one's runs out and another takes over.
   */
  leaseMs?: number;
  /** This worker's name in its claims: every replica's differs. */
  token?: () => string;
}

export interface DeliveryWorker {
  /** Claims what is due and sends it; the number of deliveries attempted. */
  runOnce(): Promise<number>;
  /** Runs a pass every `intervalMs` until stopped (a pass that finds work runs the next at once). */
  start(intervalMs?: number): void;
  /** Stops after the pass in progress; resolves when it has ended. */
  stop(): Promise<void>;
}

const BATCH = 10;
/** Ten deliveries one after another, each up to 10 s, plus room. */
const LEASE_MS = BATCH * DELIVERY_TIMEOUT_MS + 60_000;

function successful(status: number): boolean {
  return status >= 200 && status < 300;
}

/**
 * The worker each replica runs: it claims due deliveries from the queue in the database (one
 * statement, so two replicas never take the same one), sends each signed at the moment it is sent,
 * and records the answer. A delivery whose lease ran out (its replica was killed mid-send) is taken
 * again and sent again with the same Toolvault-Delivery id, so a receiver can drop the repeat.
 */
export function createDeliveryWorker(deps: DeliveryWorkerDeps): DeliveryWorker {
  const { webhooks, deliveries, clock, transport, resolve, policy, logger } = deps;
  const random = deps.random ?? Math.random;
  const batch = deps.batch ?? BATCH;
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const token = deps.token ?? randomUUID;

  const failure = (delivery: ClaimedDelivery, responseStatus: number | null, error: string): AttemptOutcome => ({
    delivered: false,
    responseStatus,
    error,
    retryAt: nextAttemptAt(delivery.attempts, clock(), new Date(delivery.giveUpAt), random),
  });

  const attempt = async (delivery: ClaimedDelivery, webhook: Webhook | null): Promise<AttemptOutcome> => {
    if (!webhook) return { delivered: false, responseStatus: null, error: 'webhook deleted', retryAt: null };
    if (!webhook.active) return { delivered: false, responseStatus: null, error: 'webhook inactive', retryAt: null };
    const target = await checkTarget(webhook.url, policy, resolve);
    if (!target.ok) return failure(delivery, null, target.error);
    try {
      const { status } = await transport({
        url: webhook.url,
        address: target.value,
        body: delivery.payload,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Toolvault-Webhooks/1',
          [WEBHOOK_EVENT_HEADER]: delivery.event,
          [WEBHOOK_DELIVERY_HEADER]: String(delivery.id),
          [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(webhook.secret, delivery.payload, clock()),
        },
      });
      return successful(status)
        ? { delivered: true, responseStatus: status }
        : failure(delivery, status, `HTTP ${status}`);
    } catch (error) {
      return failure(delivery, null, error instanceof Error ? error.message : 'no answer');
    }
  };

  const runOnce = async () => {
    const now = clock();
    const claimed = await deliveries.claim({
      now,
      leaseUntil: new Date(now.getTime() + leaseMs),
      limit: batch,
      token: token(),
    });
    for (const delivery of claimed) {
      const outcome = await attempt(delivery, await webhooks.find(delivery.webhookId));
      const kept = await deliveries.finish(delivery.id, delivery.token, outcome, clock());
      if (!kept) logger.warn(`Webhook delivery ${delivery.id}: the lease ran out before the attempt ended`);
    }
    return claimed.length;
  };

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;
  const schedule = (intervalMs: number, delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .catch((error: unknown) => {
          logger.warn(`Webhook worker: ${error instanceof Error ? error.message : String(error)}`);
          return 0;
        })
        .then((count) => schedule(intervalMs, count > 0 ? 0 : intervalMs));
    }, delay);
    timer.unref();
  };

  return {
    runOnce,
    start(intervalMs = 1000) {
      if (!stopped) return;
      stopped = false;
      schedule(intervalMs, intervalMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
