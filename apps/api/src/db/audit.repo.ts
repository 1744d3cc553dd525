import type { Kysely, Selectable } from 'kysely';
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
  /** Deletes events older than `before`; the count deleted. */
  deleteOlderThan(before: Date): Promise<number>;
}

function toRow(row: Selectable<AuditEventsTable>): AuditEventRow {
  const fields: unknown = JSON.parse(row.fields);
  return {
    id: Number(row.id),
    at: row.at,
    actorUserId: row.actor_user_id === null ? null : Number(row.actor_user_id),
    actorKeyId: row.actor_key_id === null ? null : Number(row.actor_key_id),
    actorLabel: row.actor_label,
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
      let query = db.selectFrom('audit_events').selectAll();
      if (actorUserId !== undefined) query = query.where('actor_user_id', '=', actorUserId);
      if (targetType !== undefined) query = query.where('target_type', '=', targetType);
      if (from !== undefined) query = query.where('at', '>=', from);
      if (to !== undefined) query = query.where('at', '<=', to);
      if (before !== undefined) {
        const { at, id } = before;
        query = query.where((eb) => eb.or([eb('at', '<', at), eb.and([eb('at', '=', at), eb('id', '<', id)])]));
      }
      const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toRow);
    },
    async deleteOlderThan(before) {
      const result = await db.deleteFrom('audit_events').where('at', '<', before.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
