import type { Kysely, Selectable } from 'kysely';
import { WEBHOOK_EVENTS, type WebhookDelivery, type WebhookEvent } from '@toolvault/shared';
import type { Dialect } from './dialect';
import { isRowId } from './row-id';
import type { Tables, WebhookDeliveriesTable } from './schema';

/** One event queued for one webhook. */
export interface NewDelivery {
  webhookId: number;
  event: WebhookEvent;
  /** The JSON body, signed and sent as it is. */
  payload: string;
  at: Date;
  /** No attempt starts after this time. */
  giveUpAt: Date;
}

/** A delivery a worker holds: its lease ends at `claimedUntil`, and `token` proves the hold. */
export interface ClaimedDelivery {
  id: number;
  webhookId: number;
  event: WebhookEvent;
  payload: string;
  /** Attempts so far, this one included. */
  attempts: number;
  giveUpAt: string;
  token: string;
}

/** How an attempt ended: delivered, tried again at `retryAt`, or given up (retryAt null). */
export type AttemptOutcome =
  | { delivered: true; responseStatus: number }
  | { delivered: false; responseStatus: number | null; error: string; retryAt: Date | null };

export interface WebhookDeliveriesRepo {
  enqueue(deliveries: readonly NewDelivery[]): Promise<void>;
  /**
   * Takes up to `limit` pending deliveries that are due at `now` and that no live lease holds, and
   * leases them to `token` until `leaseUntil`, in one statement: each is taken by one worker of
   * one replica. A lease that runs out (its worker died) lets the delivery be taken again.
   */
  claim(options: { now: Date; leaseUntil: Date; limit: number; token: string }): Promise<ClaimedDelivery[]>;
  /** Records an attempt's end; false when the lease was lost (another worker holds it now). */
  finish(id: number, token: string, outcome: AttemptOutcome, at: Date): Promise<boolean>;
  /** One webhook's deliveries, newest first; `before` is the last one of the previous page. */
  page(webhookId: number, options: { before?: { at: string; id: number }; limit: number }): Promise<WebhookDelivery[]>;
  find(webhookId: number, id: number): Promise<(WebhookDelivery & { payload: string }) | null>;
  /** The delivery that enqueue wrote last for `webhookId` (a re-send answers it). */
  latest(webhookId: number): Promise<WebhookDelivery | null>;
}

const COLUMNS = [
  'id',
  'webhook_id',
  'event',
  'status',
  'attempts',
  'response_status',
  'last_error',
  'next_attempt_at',
  'created_at',
  'updated_at',
] as const;

type ListedRow = Pick<Selectable<WebhookDeliveriesTable>, (typeof COLUMNS)[number]>;

function eventOf(text: string): WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(text) ? (text as WebhookEvent) : 'click';
}

/** The one mapper of a stored delivery to the API's object. */
export function toDelivery(row: ListedRow): WebhookDelivery {
  return {
    id: Number(row.id),
    webhookId: Number(row.webhook_id),
    event: eventOf(row.event),
    status: row.status,
    attempts: Number(row.attempts),
    responseStatus: row.response_status === null ? null : Number(row.response_status),
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Longest error text kept per delivery: a reason in a few words, never a receiver's whole answer. */
const ERROR_MAX = 300;

export function createWebhookDeliveriesRepo(db: Kysely<Tables>, dialect: Dialect): WebhookDeliveriesRepo {
  return {
    async enqueue(deliveries) {
      if (deliveries.length === 0) return;
      await db
        .insertInto('webhook_deliveries')
        .values(
          deliveries.map((d) => ({
            webhook_id: d.webhookId,
            event: d.event,
            payload: d.payload,
            status: 'pending' as const,
            next_attempt_at: d.at.toISOString(),
            give_up_at: d.giveUpAt.toISOString(),
            created_at: d.at.toISOString(),
            updated_at: d.at.toISOString(),
          })),
        )
        .execute();
    },
    async claim({ now, leaseUntil, limit, token }) {
      const at = now.toISOString();
      // The due rows are picked once, in a materialized CTE. As `id IN (SELECT … LIMIT n FOR UPDATE
      // SKIP LOCKED)`, PostgreSQL may run the subquery again for each row it updates, and a claim of
      // one took every due delivery (seen in webhook-queue.test.ts); a CTE is evaluated exactly once.
      const rows = await db
        .with(
          (cte) => cte('due').materialized(),
          (q) =>
            dialect.skipLockedRows(
              q
                .selectFrom('webhook_deliveries')
                .select('id')
                .where('status', '=', 'pending')
                .where('next_attempt_at', '<=', at)
                .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
                .orderBy('next_attempt_at')
                .orderBy('id')
                .limit(limit),
            ),
        )
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          claimed_until: leaseUntil.toISOString(),
          claim_token: token,
          attempts: eb('attempts', '+', 1),
          updated_at: at,
        }))
        .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
        // Again on the row itself: on PostgreSQL a row another claim updated first is re-read here.
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
        .returning(['id', 'webhook_id', 'event', 'payload', 'attempts', 'give_up_at'])
        .execute();
      return rows
        .map((row) => ({
          id: Number(row.id),
          webhookId: Number(row.webhook_id),
          event: eventOf(row.event),
          payload: row.payload,
          attempts: Number(row.attempts),
          giveUpAt: row.give_up_at,
          token,
        }))
        .sort((a, b) => a.id - b.id);
    },
    async finish(id, token, outcome, at) {
      const result = await db
        .updateTable('webhook_deliveries')
        .set(
          outcome.delivered
            ? { status: 'delivered', response_status: outcome.responseStatus, last_error: '', next_attempt_at: null }
            : {
                status: outcome.retryAt ? 'pending' : 'failed',
                response_status: outcome.responseStatus,
                last_error: outcome.error.slice(0, ERROR_MAX),
                next_attempt_at: outcome.retryAt ? outcome.retryAt.toISOString() : null,
              },
        )
        .set({ claimed_until: null, claim_token: null, updated_at: at.toISOString() })
        .where('id', '=', id)
        .where('claim_token', '=', token)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async page(webhookId, { before, limit }) {
      if (!isRowId(webhookId)) return [];
      let query = db.selectFrom('webhook_deliveries').select(COLUMNS).where('webhook_id', '=', webhookId);
      if (before) {
        const { at, id } = before;
        query = query.where((eb) =>
          eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]),
        );
      }
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toDelivery);
    },
    async find(webhookId, id) {
      if (!isRowId(webhookId) || !isRowId(id)) return null;
      const row = await db
        .selectFrom('webhook_deliveries')
        .select([...COLUMNS, 'payload'])
        .where('webhook_id', '=', webhookId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { ...toDelivery(row), payload: row.payload } : null;
    },
    async latest(webhookId) {
      const row = await db
        .selectFrom('webhook_deliveries')
        .select(COLUMNS)
        .where('webhook_id', '=', webhookId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toDelivery(row) : null;
    },
  };
}
