import type { Kysely, Selectable } from 'kysely';
import { deleteInBatches } from '../event-loop';
import type { AuditEventsTable, Tables } from './schema';

/** One recorded change or security event, as written. */
export interface NewAuditEvent {
  at: Date;
  actorUserId: number | null;
  actorKeyId: number | null;
  /** How the actor is shown: a login, `key tv_abc123`, or `anonymous` for a failed login. */
  actorLabel: string;
  /** `<type>.<verb>`: `link.created`, `login.failed`, `ownership.transferred`… */
  action: string;
  targetType: string;
  targetId: string;
  /** Names of the fields that changed, never their values. */
  fields: readonly string[];
  ip: string;
}

export interface AuditEventRow {
  id: number;
  at: string;
  actorUserId: number | null;
  actorKeyId: number | null;
  actorLabel: string;
  /** The prefix of the key that acted (keys are revoked, never deleted, so it stays known). */
  actorKeyPrefix: string | null;
  action: string;
  targetType: string;
  targetId: string;
  fields: string[];
  ip: string;
}

export interface AuditFilter {
  actorUserId?: number;
  targetType?: string;
  /** Inclusive ISO times. */
  from?: string;
  to?: string;
  /** Keyset: events older than this (at, id). */
  before?: { at: string; id: number };
  limit: number;
}

export interface AuditRepo {
  insert(event: NewAuditEvent): Promise<void>;
  /** Newest first. */
  list(filter: AuditFilter): Promise<AuditEventRow[]>;
  /**
   * Deletes events older than `before`, `batchSize` at a time with other work let in between (a
   * shortened retention can make the first run delete months of events); the count deleted.
   */
  deleteOlderThan(before: Date, batchSize?: number): Promise<number>;
}

/** Events deleted per statement when old ones are pruned. */
const PRUNE_BATCH = 1000;

function toRow(row: Selectable<AuditEventsTable> & { key_prefix: string | null }): AuditEventRow {
  const fields: unknown = JSON.parse(row.fields);
  return {
    id: Number(row.id),
    at: row.at,
    actorUserId: row.actor_user_id === null ? null : Number(row.actor_user_id),
    actorKeyId: row.actor_key_id === null ? null : Number(row.actor_key_id),
    actorLabel: row.actor_label,
    actorKeyPrefix: row.key_prefix,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    fields: Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : [],
    ip: row.ip,
  };
}

export function createAuditRepo(db: Kysely<Tables>): AuditRepo {
  return {
    async insert(event) {
      await db
        .insertInto('audit_events')
        .values({
          at: event.at.toISOString(),
          actor_user_id: event.actorUserId,
          actor_key_id: event.actorKeyId,
          actor_label: event.actorLabel,
          action: event.action,
          target_type: event.targetType,
          target_id: event.targetId,
          fields: JSON.stringify(event.fields),
          ip: event.ip,
        })
        .execute();
    },
    async list({ actorUserId, targetType, from, to, before, limit }) {
      let query = db
        .selectFrom('audit_events as e')
        .leftJoin('api_keys as k', 'k.id', 'e.actor_key_id')
        .selectAll('e')
        .select('k.prefix as key_prefix');
      if (actorUserId !== undefined) query = query.where('e.actor_user_id', '=', actorUserId);
      if (targetType !== undefined) query = query.where('e.target_type', '=', targetType);
      if (from !== undefined) query = query.where('e.at', '>=', from);
      if (to !== undefined) query = query.where('e.at', '<=', to);
      if (before !== undefined) {
        const { at, id } = before;
        query = query.where((eb) => eb.or([eb('e.at', '<', at), eb.and([eb('e.at', '=', at), eb('e.id', '<', id)])]));
      }
      const rows = await query.orderBy('e.at', 'desc').orderBy('e.id', 'desc').limit(limit).execute();
      return rows.map(toRow);
    },
    deleteOlderThan(before, batchSize = PRUNE_BATCH) {
      return deleteInBatches(async () => {
        const batch = db
          .selectFrom('audit_events')
          .select('id')
          .where('at', '<', before.toISOString())
          .orderBy('at')
          .limit(batchSize);
        const result = await db.deleteFrom('audit_events').where('id', 'in', batch).executeTakeFirst();
        return Number(result.numDeletedRows);
      }, batchSize);
    },
  };
}
