/**
 * The audit log (docs/decisions/0016-audit-log.md): read and exported by those whose role holds
 * `audit:read` (the Owner and Administrators), never by an API key.
 */
import { AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE_MAX, type AuditPage } from '../audit';
import { ZAuditExportQuery, ZAuditListQuery } from '../audit.schemas';
import { ENDPOINTS } from '../endpoints';
import { z } from '../zod';
import { exactly, ZText } from './responses';
import { route } from './route';

const isoTime = z.string().meta({ description: 'ISO 8601 date-time, UTC', format: 'date-time' });

export const ZAuditPage = exactly<AuditPage>()(
  z
    .object({
      events: z.array(
        z
          .object({
            id: z.number().int().positive(),
            at: isoTime,
            actor: z.object({
              id: z.number().int().positive().nullable(),
              label: z.string(),
              keyPrefix: z.string().optional(),
            }),
            action: z.string(),
            targetType: z.string(),
            targetId: z.string(),
            fields: z.array(z.string()),
            ip: z.string(),
          })
          .meta({ id: 'AuditEvent' }),
      ),
      nextCursor: z.string().nullable(),
    })
    .meta({ id: 'AuditPage' }),
);

export const AUDIT_API = {
  auditList: route({
    ...ENDPOINTS.auditList,
    tag: 'Audit',
    summary: 'Who changed what, when and from where: newest first, filtered, cursor pages',
    auth: 'admin',
    permission: { permission: 'audit:read' },
    query: ZAuditListQuery,
    response: { status: 200, description: 'One page; pass nextCursor for the next', schema: ZAuditPage },
    errors: [],
    limits: [`At most ${AUDIT_PAGE_SIZE_MAX} events a page (${AUDIT_PAGE_SIZE} by default)`],
  }),
  auditExport: route({
    ...ENDPOINTS.auditExport,
    tag: 'Audit',
    summary: 'Every event the filters match, newest first, streamed as CSV',
    auth: 'admin',
    permission: { permission: 'audit:read' },
    query: ZAuditExportQuery,
    response: {
      status: 200,
      description: 'A download (Content-Disposition: attachment) with a header row',
      schema: ZText,
      contentType: 'text/csv; charset=utf-8',
    },
    errors: [],
  }),
};
