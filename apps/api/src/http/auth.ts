import type { RequestHandler, Response } from 'express';
import type { AdminAuthService } from '../services/admin-auth.service';
import { AppError } from './errors';

const BEARER = /^Bearer ([A-Za-z0-9_.~+/=-]+)$/;

/** Lets the request through only with `Authorization: Bearer <valid admin token>`. */
export function requireAdmin(auth: AdminAuthService): RequestHandler {
  return (req, res, next) => {
    const token = BEARER.exec(req.get('authorization')?.trim() ?? '')?.[1];
    if (token !== undefined && auth.verifyToken(token)) return next();
    res.set('WWW-Authenticate', 'Bearer');
    next(new AppError('UNAUTHORIZED'));
  };
}

/** Where optionalAdmin marks a request as the admin's. */
const ADMIN_LOCAL = 'isAdmin';

/**
 * For public reads that show the admin more (drafts): no Authorization header
 * lets the request through as a visitor's; a valid token marks it as the
 * admin's (see isAdmin); a header that is present but invalid answers 401, so
 * an expired session logs the admin out (DECISIONS P4) instead of silently
 * showing the visitor's view.
 */
export function optionalAdmin(auth: AdminAuthService): RequestHandler {
  const required = requireAdmin(auth);
  return (req, res, next) => {
    if (req.get('authorization') === undefined) return next();
    required(req, res, (error?: unknown) => {
      if (error === undefined) res.locals[ADMIN_LOCAL] = true;
      next(error);
    });
  };
}

/** True when optionalAdmin accepted the request's token. */
export function isAdmin(res: Response): boolean {
  return res.locals[ADMIN_LOCAL] === true;
}
