import type { RequestHandler } from 'express';
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
