import { Router, type Request, type Response } from 'express';
import { ZAdminLogin, type AdminLogin } from '@toolvault/shared';
import { AppError } from '../http/errors';
import { loginLimiter } from '../http/rate-limit';
import { validate } from '../http/validate';
import type { Logger } from '../logger';
import type { AdminAuthService } from '../services/admin-auth.service';

export function adminRouter({ adminAuth, logger }: { adminAuth: AdminAuthService; logger: Logger }): Router {
  const login = async (req: Request<object, unknown, AdminLogin>, res: Response) => {
    const result = await adminAuth.login(req.body.password);
    if (!result.ok) throw new AppError(result.error);
    res.json(result.value);
  };

  const router = Router();
  router.post('/login', loginLimiter(logger), validate(ZAdminLogin), login);
  return router;
}
