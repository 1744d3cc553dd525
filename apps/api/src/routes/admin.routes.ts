import type { Request, RequestHandler, Response } from 'express';
import { type AdminLogin } from '@toolvault/shared';
import { API } from '@toolvault/shared/contract';
import { adminSession } from '../http/auth';
import { contractRoutes, type ContractRouter } from '../http/contract-router';
import { AppError } from '../http/errors';
import type { LimiterDeps } from '../http/rate-limit';
import type { AdminAuthService } from '../services/admin-auth.service';

export function adminRouter({
  adminAuth,
  requireAdmin,
  limits,
}: {
  adminAuth: AdminAuthService;
  requireAdmin: RequestHandler;
  limits: LimiterDeps;
}): ContractRouter {
  const login = async (req: Request<object, unknown, AdminLogin>, res: Response) => {
    const result = await adminAuth.login(req.body.password);
    if (!result.ok) throw new AppError(result.error);
    // The token is a secret: no cache may keep the answer.
    res.set('Cache-Control', 'no-store').json(result.value);
  };
  /** Ends the session of the token it is called with; the token is refused from then on. */
  const logout = async (_req: Request, res: Response) => {
    const session = adminSession(res);
    if (session !== undefined) await adminAuth.endSession(session);
    res.status(204).end();
  };

  const { router, add } = contractRoutes('/api/admin', { requireAdmin, limits });
  add(API.adminLogin, login);
  add(API.adminLogout, logout);
  return router;
}
