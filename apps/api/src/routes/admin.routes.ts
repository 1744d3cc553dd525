import { Router, type Request, type Response } from 'express';
import { ZAdminLogin, type AdminLogin } from '@toolvault/shared';
import { AppError } from '../http/errors';
import { loginLimiter, type LimiterDeps } from '../http/rate-limit';
import { validate } from '../http/validate';
import type { AdminAuthService } from '../services/admin-auth.service';

export function adminRouter({ adminAuth, limits }: { adminAuth: AdminAuthService; limits: LimiterDeps }): Router {
  const login = async (req: Request<object, unknown, AdminLogin>, res: Response) => {
    const result = await adminAuth.login(req.body.password);
    if (!result.ok) throw new AppError(result.error);
    res.json(result.value);
  };

  const router = Router();
  router.post('/login', loginLimiter(limits), validate(ZAdminLogin), login);
  return router;
}
