import type { Request, RequestHandler, Response } from 'express';
import { type AdminLogin } from '@toolvault/shared';
import { API, RATE_LIMITS } from '@toolvault/shared/contract';
import { adminSession, auditActorOf } from '../http/auth';
import { contractRoutes, type ContractRouter } from '../http/contract-router';
import { AppError } from '../http/errors';
import { countedLimiter, type LimiterDeps } from '../http/rate-limit';
import { normaliseLogin, type UsersRepo } from '../db/users.repo';
import type { AdminAuthService } from '../services/admin-auth.service';
import type { AuditService } from '../services/audit.service';

/**
 * Failed logins per account, besides the route's per-address limit: guessing one person's password
 * from many addresses stops too. Keyed by the name as typed (normalised), so an account that does
 * not exist is throttled the same way and the answer tells nothing.
 */
function accountLimiter(limits: LimiterDeps): RequestHandler {
  return countedLimiter(RATE_LIMITS.loginAccount, limits, {
    keyGenerator: (req) => normaliseLogin((req.body as AdminLogin).login ?? 'owner'),
  });
}

export function adminRouter({
  adminAuth,
  audit,
  users,
  requireAdmin,
  limits,
}: {
  adminAuth: AdminAuthService;
  audit: AuditService;
  users: UsersRepo;
  requireAdmin: RequestHandler;
  limits: LimiterDeps;
}): ContractRouter {
  const login = async (req: Request<object, unknown, AdminLogin>, res: Response) => {
    const result = await adminAuth.login(req.body.login, req.body.password, {
      ip: req.ip ?? '',
      userAgent: req.get('user-agent') ?? '',
    });
    if (!result.ok) {
      // A failure names the account only when it exists: what was typed into the account field
      // could be a password typed in the wrong box, and the log never holds a secret.
      const known = req.body.login === undefined ? await users.owner() : await users.byLogin(req.body.login);
      await audit.record(
        { userId: null, label: 'anonymous', ip: req.ip ?? '' },
        {
          action: 'login.failed',
          targetType: 'login',
          targetId: known?.login ?? '(unknown account)',
        },
      );
      throw new AppError(result.error);
    }
    await audit.record(
      { userId: result.value.userId, ip: req.ip ?? '' },
      { action: 'login.succeeded', targetType: 'session', targetId: result.value.userId },
    );
    // The token is a secret: no cache may keep the answer.
    res.set('Cache-Control', 'no-store').json({ token: result.value.token });
  };
  /** Ends the session of the token it is called with; the token is refused from then on. */
  const logout = async (req: Request, res: Response) => {
    const session = adminSession(res);
    if (session !== undefined) {
      await adminAuth.endSession(session);
      await audit.record(auditActorOf(req, res), {
        action: 'session.ended',
        targetType: 'session',
        targetId: 'current',
      });
    }
    res.status(204).end();
  };

  const { router, add } = contractRoutes('/api/admin', { requireAdmin, limits });
  add(API.adminLogin, accountLimiter(limits), login);
  add(API.adminLogout, logout);
  return router;
}
