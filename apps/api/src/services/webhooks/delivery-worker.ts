import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
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
  /** Deliveries one pass attempts at most. */
  batch?: number;
  /**
   * How long a claim of one delivery holds: longer than its attempt can take, so a live worker never
   * loses its lease; a dead one's runs out and another takes over.
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
/** How long the worker waits for a webhook's host name to resolve before it tries again later. */
const RESOLVE_TIMEOUT_MS = 5_000;
/**
 * One delivery's lease: the name's resolution and the exchange, each within its time limit, plus
 * room for the two statements around them. A replica killed mid-send holds that one delivery, and
 * another replica takes it over this long after the claim.
 */
export const LEASE_MS = RESOLVE_TIMEOUT_MS + DELIVERY_TIMEOUT_MS + 5_000;

/** Resolves within `ms`, or fails: a name server that never answers must not outlast the lease. */
export function resolveWithin(resolve: Resolve, ms: number): Resolve {
  return (hostname) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${hostname} did not resolve within ${ms / 1000} s`)), ms);
    });
    return Promise.race([resolve(hostname), late]).finally(() => clearTimeout(timer));
  };
}

/** A claim's token names the replica that holds it (host and process), so an operator can tell. */
function replicaToken(): string {
  return `${hostname()}:${process.pid}:${randomUUID()}`;
}

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
  const { webhooks, deliveries, clock, transport, policy, logger } = deps;
  const resolve = resolveWithin(deps.resolve, RESOLVE_TIMEOUT_MS);
  const random = deps.random ?? Math.random;
  const batch = deps.batch ?? BATCH;
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const token = deps.token ?? replicaToken;

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

  // One delivery per claim, each leased only for its own attempt: a replica killed mid-send strands
  // the one delivery it was sending, for one lease, not the rest of a batch it had taken with it.
  const runOnce = async () => {
    let attempted = 0;
    while (attempted < batch) {
      const now = clock();
      const [delivery] = await deliveries.claim({
        now,
        leaseUntil: new Date(now.getTime() + leaseMs),
        limit: 1,
        token: token(),
      });
      if (!delivery) break;
      attempted += 1;
      const outcome = await attempt(delivery, await webhooks.find(delivery.webhookId));
      const kept = await deliveries.finish(delivery.id, delivery.token, outcome, clock());
      if (!kept) logger.warn(`Webhook delivery ${delivery.id}: the lease ran out before the attempt ended`);
    }
    return attempted;
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
