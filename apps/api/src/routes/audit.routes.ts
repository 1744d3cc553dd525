import type { Request, RequestHandler, Response } from 'express';
import { AUDIT_CSV_COLUMNS, type AuditEvent, type AuditExportQuery, type AuditListQuery } from '@toolvault/shared';
import { API } from '@toolvault/shared/contract';
import { contractRoutes, type ContractRouter } from '../http/contract-router';
import { AppError } from '../http/errors';
import { streamExport, type ExportShape } from '../http/stream-export';
import type { AuditLogService } from '../services/audit-log.service';

/** `/api/audit`: the audit log, for the Owner and Administrators (the contract's `audit:read`). */
export function auditRouter({
  auditLog,
  requireAdmin,
}: {
  auditLog: AuditLogService;
  requireAdmin: RequestHandler;
}): ContractRouter {
  const list = async (req: Request, res: Response) => {
    const page = await auditLog.page(req.query as unknown as AuditListQuery);
    if (!page.ok) throw new AppError('VALIDATION', 'Invalid cursor');
    res.set('Cache-Control', 'no-store').json(page.value);
  };
  const exportAll = async (req: Request, res: Response) => {
    await streamExport(res, 'csv', AUDIT_EXPORT, auditLog.exportRows(req.query as unknown as AuditExportQuery));
  };

  const { router, add } = contractRoutes('/api/audit', { requireAdmin });
  add(API.auditList, list);
  add(API.auditExport, exportAll);
  return router;
}

const AUDIT_EXPORT: ExportShape<AuditEvent> = {
  name: 'audit-log',
  columns: AUDIT_CSV_COLUMNS,
  // Field names hold no spaces (they are the API's own), so one space keeps them apart in a cell.
  cells: (event) => [
    event.id,
    event.at,
    event.actor.id ?? '',
    event.actor.label,
    event.actor.keyPrefix ?? '',
    event.action,
    event.targetType,
    event.targetId,
    event.fields.join(' '),
    event.ip,
  ],
};
