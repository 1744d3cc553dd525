import type { Request, RequestHandler, Response } from 'express';
import type { ShortlinkIdParams, ShortlinkQrQuery } from '@toolvault/shared';
import { API } from '@toolvault/shared/contract';
import { callerOf } from '../http/auth';
import { contractRoutes, type ContractRouter } from '../http/contract-router';
import { AppError } from '../http/errors';
import type { ShortlinkQrService } from '../services/shortlink-qr.service';

/** `GET /api/shortlinks/:id/qr`: a link's QR code, beside the shortlinks router under the same base. */
export function shortlinkQrRouter({
  qr,
  requireAdmin,
}: {
  qr: ShortlinkQrService;
  requireAdmin: RequestHandler;
}): ContractRouter {
  const code = async (req: Request, res: Response) => {
    const { id } = req.params as unknown as ShortlinkIdParams;
    const caller = callerOf(res);
    const result = await qr.qr(
      id,
      req.query as unknown as ShortlinkQrQuery,
      caller.reach === 'own' ? caller.userId : undefined,
    );
    if (!result.ok) throw new AppError(result.error.code, result.error.message);
    const { body, contentType, fileName } = result.value;
    res
      .status(200)
      .type(contentType)
      // Only people who may read the link may have its code: never kept by a shared cache.
      .set('Cache-Control', 'private, no-store')
      .set('Content-Disposition', `inline; filename="${fileName}"`)
      .send(body);
  };
  const { router, add } = contractRoutes('/api/shortlinks', { requireAdmin });
  add(API.shortlinkQr, code);
  return router;
}
