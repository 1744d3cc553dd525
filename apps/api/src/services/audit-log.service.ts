import type { AuditEvent, AuditExportQuery, AuditListQuery, AuditPage } from '@toolvault/shared';
import type { AuditEventRow, AuditFilter, AuditRepo } from '../db/audit.repo';
import { fail, ok, type Result } from '../lib/result';

/** Events read per query while exporting. */
const EXPORT_BATCH = 500;

/** The times the log stores (toISOString): a cursor holding anything else was not written by us. */
const STORED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export interface AuditLogService {
  /** One page, newest first; a cursor that is not one of ours fails. */
  page(query: AuditListQuery): Promise<Result<AuditPage, 'INVALID_CURSOR'>>;
  /** Every event the filters match, newest first, a batch at a time (memory stays flat whatever the count). */
  exportRows(filters: AuditExportQuery): AsyncIterable<AuditEvent[]>;
}

/** Reads the audit log for the Owner and Administrators (docs/decisions/0016-audit-log.md). */
export function createAuditLogService({ audit }: { audit: AuditRepo }): AuditLogService {
  const filterOf = ({ actor, type, from, to }: AuditExportQuery): Omit<AuditFilter, 'limit'> => ({
    ...(actor !== undefined && { actorUserId: actor }),
    ...(type !== undefined && { targetType: type }),
    ...(from !== undefined && { from }),
    ...(to !== undefined && { to }),
  });
  return {
    async page({ cursor, limit, ...filters }) {
      const before = cursor === undefined ? undefined : decodeAuditCursor(cursor);
      if (before === null) return fail('INVALID_CURSOR');
      // One more than asked tells whether an older page exists, without a second query.
      const rows = await audit.list({ ...filterOf(filters), ...(before && { before }), limit: limit + 1 });
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      return ok({
        events: shown.map(toEvent),
        nextCursor: rows.length > limit && last ? encodeAuditCursor(last) : null,
      });
    },
    async *exportRows(filters) {
      let before: AuditFilter['before'];
      for (;;) {
        const rows = await audit.list({ ...filterOf(filters), ...(before && { before }), limit: EXPORT_BATCH });
        if (rows.length > 0) yield rows.map(toEvent);
        const last = rows.at(-1);
        if (rows.length < EXPORT_BATCH || !last) return;
        before = { at: last.at, id: last.id };
      }
    },
  };
}

function toEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    at: row.at,
    actor: {
      id: row.actorUserId,
      label: row.actorLabel,
      ...(row.actorKeyPrefix !== null && { keyPrefix: row.actorKeyPrefix }),
    },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    fields: row.fields,
    ip: row.ip,
  };
}

/**
 * The opaque cursor: base64url of JSON `[at, id]`, the time and id of a page's last event, as the
 * link list writes its own. The keyset (at, id) holds for any filters, so it names none of them.
 */
export function encodeAuditCursor({ at, id }: { at: string; id: number }): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

/** The position a cursor names, or null for anything that is not a cursor of the log. */
export function decodeAuditCursor(cursor: string): { at: string; id: number } | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [at, id] = value as [unknown, unknown];
  if (typeof at !== 'string' || !STORED_TIME.test(at)) return null;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 1 ? { at, id } : null;
}
