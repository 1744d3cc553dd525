import type { NextFunction, RequestHandler, Response } from 'express';
import type { AdminAuthService } from '../services/admin-auth.service';
import { AppError } from './errors';

const BEARER = /^Bearer ([A-Za-z0-9_.~+/=-]+)$/;

/** Where requireAdmin keeps the session id of the request's token. */
const SESSION_LOCAL = 'adminSession';

/**
 * Lets the request through only with `Authorization: Bearer <valid admin token>` of an open
 * session. Admin answers carry data nobody else may see: no cache keeps them.
 */
export function requireAdmin(auth: AdminAuthService): RequestHandler {
  return (req, res, next) => {
    const token = BEARER.exec(req.get('authorization')?.trim() ?? '')?.[1];
    if (token === undefined) return refuse(res, next);
    auth.verifyToken(token).then((session) => {
      if (session === null) return refuse(res, next);
      res.locals[SESSION_LOCAL] = session;
      res.set('Cache-Control', 'no-store');
      next();
    }, next);
  };
}

function refuse(res: Response, next: NextFunction): void {
  res.set('WWW-Authenticate', 'Bearer');
  next(new AppError('UNAUTHORIZED'));
}

/** The session id requireAdmin accepted for this request. */
export function adminSession(res: Response): string | undefined {
  const session: unknown = res.locals[SESSION_LOCAL];
  return typeof session === 'string' ? session : undefined;
}

/** Where optionalAdmin marks a request as the admin's. */
const ADMIN_LOCAL = 'isAdmin';

/**
 * For routes open to everyone that give the admin more (drafts in the blog, the
 * full form of a new short link): no Authorization header
 * lets the request through as a visitor's; a valid token marks it as the
 * admin's (see isAdmin); a header that is present but invalid answers 401, so
 * an expired session logs the admin out (docs/decisions/0004-one-administrator.md) instead of silently
 * showing the visitor's view.
 */
export function optionalAdmin(requireAdmin: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (req.get('authorization') === undefined) return next();
    requireAdmin(req, res, (error?: unknown) => {
      if (error === undefined) res.locals[ADMIN_LOCAL] = true;
      next(error);
    });
  };
}

/** True when optionalAdmin accepted the request's token. */
export function isAdmin(res: Response): boolean {
  return res.locals[ADMIN_LOCAL] === true;
}
