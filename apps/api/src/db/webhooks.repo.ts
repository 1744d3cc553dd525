import type { Kysely, Selectable } from 'kysely';
import { WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '@toolvault/shared';
import { isRowId } from './row-id';
import type { Tables, WebhooksTable } from './schema';

export interface NewWebhook {
  url: string;
  description: string;
  events: readonly WebhookEvent[];
  active: boolean;
  secret: string;
  createdBy: number | null;
  at: Date;
}

export type WebhookChange = Partial<Pick<NewWebhook, 'url' | 'description' | 'events' | 'active' | 'secret'>>;

export interface WebhooksRepo {
  insert(webhook: NewWebhook): Promise<Webhook>;
  /** Oldest first. */
  list(): Promise<Webhook[]>;
  count(): Promise<number>;
  find(id: number): Promise<Webhook | null>;
  /** The active webhooks that take `event`: those a new event is queued for. */
  subscribedTo(event: WebhookEvent): Promise<Webhook[]>;
  update(id: number, change: WebhookChange, at: Date): Promise<Webhook | null>;
  /** Deletes the webhook and its deliveries; false when there was none. */
  delete(id: number): Promise<boolean>;
  /**
   * Writes `key` once: true for the first caller across every replica, false for the rest (an
   * event that many visits notice, such as a link's expiry, is queued by the first only).
   */
  claimEventKey(key: string, at: Date): Promise<boolean>;
}

function eventsOf(text: string): WebhookEvent[] {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? WEBHOOK_EVENTS.filter((event) => parsed.includes(event)) : [];
}

/** The one mapper of a stored webhook to the API's object. */
export function toWebhook(row: Selectable<WebhooksTable>): Webhook {
  return {
    id: Number(row.id),
    url: row.url,
    description: row.description,
    events: eventsOf(row.events),
    active: Number(row.active) === 1,
    secret: row.secret,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function createWebhooksRepo(db: Kysely<Tables>): WebhooksRepo {
  const find = async (id: number) => {
    if (!isRowId(id)) return null;
    const row = await db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toWebhook(row) : null;
  };
  return {
    async insert(webhook) {
      const at = webhook.at.toISOString();
      const row = await db
        .insertInto('webhooks')
        .values({
          url: webhook.url,
          description: webhook.description,
          events: JSON.stringify(webhook.events),
          active: webhook.active ? 1 : 0,
          secret: webhook.secret,
          created_by: webhook.createdBy,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toWebhook(row);
    },
    async list() {
      const rows = await db.selectFrom('webhooks').selectAll().orderBy('id').execute();
      return rows.map(toWebhook);
    },
    async count() {
      const row = await db
        .selectFrom('webhooks')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    find,
    async subscribedTo(event) {
      // At most WEBHOOK_LIMITS.perSite rows: read them all and filter here, rather than search JSON text.
      const rows = await db.selectFrom('webhooks').selectAll().where('active', '=', 1).orderBy('id').execute();
      return rows.map(toWebhook).filter((webhook) => webhook.events.includes(event));
    },
    async update(id, change, at) {
      if (!isRowId(id)) return null;
      const row = await db
        .updateTable('webhooks')
        .set({
          ...(change.url === undefined ? {} : { url: change.url }),
          ...(change.description === undefined ? {} : { description: change.description }),
          ...(change.events === undefined ? {} : { events: JSON.stringify(change.events) }),
          ...(change.active === undefined ? {} : { active: change.active ? 1 : 0 }),
          ...(change.secret === undefined ? {} : { secret: change.secret }),
          updated_at: at.toISOString(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? toWebhook(row) : null;
    },
    async delete(id) {
      if (!isRowId(id)) return false;
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
        const result = await trx.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },
    async claimEventKey(key, at) {
      const inserted = await db
        .insertInto('webhook_event_keys')
        .values({ key, created_at: at.toISOString() })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}
