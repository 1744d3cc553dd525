import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { allowedReach, type Actor, type Reach, type RoutePermission } from '@toolvault/shared';
import type { AdminAuthService } from '../services/admin-auth.service';
import type { ApiKeysService } from '../services/api-keys.service';
import type { AuditActor } from '../services/audit.service';
import { AppError } from './errors';

const BEARER = /^Bearer ([A-Za-z0-9_.~+/=-]+)$/;

/** Who is asking: a signed-in person (with their session) or an API key acting for one. */
export interface RequestActor extends Actor {
  /** The session of a person's token; absent for a key. */
  sessionId?: string;
  /** The key's first characters, to name it in the audit log; absent for a session. */
  keyPrefix?: string;
  /** The key's requests per minute; absent for a session. */
  keyRateLimit?: number;
}

/** Where requireAdmin keeps the actor, and permit how far it reaches. */
const ACTOR_LOCAL = 'actor';
const REACH_LOCAL = 'reach';

export interface AuthDeps {
  adminAuth: AdminAuthService;
  apiKeys: ApiKeysService;
  /** Counts the requests of each key against its own limit (shared across replicas). */
  keyRateLimit: RequestHandler;
}

/**
 * Lets the request through only with `Authorization: Bearer <token>`: a person's session token or
 * an API key (`tv_…`). Which routes each may use is permit's work, after this. Answers for a signed-in
 * caller carry data nobody else may see: no cache keeps them.
 */
export function requireAdmin({ adminAuth, apiKeys, keyRateLimit }: AuthDeps): RequestHandler {
  return (req, res, next) => {
    const token = BEARER.exec(req.get('authorization')?.trim() ?? '')?.[1];
    if (token === undefined) return refuse(res, next);
    res.set('Cache-Control', 'no-store');
    if (token.startsWith('tv_')) {
      apiKeys.verify(token).then((key) => {
        if (key === null) return refuse(res, next);
        const actor: RequestActor = {
          userId: key.userId,
          role: key.role,
          key: { id: key.keyId, scopes: key.scopes },
          keyPrefix: key.prefix,
          keyRateLimit: key.rateLimit,
        };
        res.locals[ACTOR_LOCAL] = actor;
        keyRateLimit(req, res, next);
      }, next);
      return;
    }
    adminAuth.verifyToken(token).then((session) => {
      if (session === null) return refuse(res, next);
      const actor: RequestActor = { userId: session.userId, role: session.role, sessionId: session.sessionId };
      res.locals[ACTOR_LOCAL] = actor;
      next();
    }, next);
  };
}

function refuse(res: Response, next: NextFunction): void {
  res.set('WWW-Authenticate', 'Bearer');
  next(new AppError('UNAUTHORIZED'));
}

/** The caller requireAdmin accepted for this request; undefined for a visitor. */
export function actorOf(res: Response): RequestActor | undefined {
  return res.locals[ACTOR_LOCAL] as RequestActor | undefined;
}

/** The caller, on a route whose guard has already required one. */
export function requiredActor(res: Response): RequestActor {
  const actor = actorOf(res);
  if (!actor) throw new Error('No actor on a route that requires one');
  return actor;
}

/** The session id of a person's request (undefined for a key or a visitor). */
export function adminSession(res: Response): string | undefined {
  return actorOf(res)?.sessionId;
}

/**
 * Refuses with 403 FORBIDDEN a caller whose role (or key's scopes) does not hold the route's
 * permission, and records how far it reaches: handlers of `reach: 'own'` routes narrow the work to
 * the caller's own records with callerReach. A visitor (no actor: an admin-optional route) passes.
 */
export function permit(needed: RoutePermission): RequestHandler {
  return (_req, res, next) => {
    const actor = actorOf(res);
    if (!actor) return next();
    const reach = allowedReach(actor, needed);
    if (reach === null) return next(new AppError('FORBIDDEN'));
    res.locals[REACH_LOCAL] = reach;
    next();
  };
}

/** How far the permitted caller reaches on this route: `own` limits it to what they created. */
export function callerReach(res: Response): Reach {
  return res.locals[REACH_LOCAL] === 'own' ? 'own' : 'all';
}

/** The permitted caller of a route that requires one, and how far the route reaches for them. */
export function callerOf(res: Response): { userId: number; reach: Reach } {
  return { userId: requiredActor(res).userId, reach: callerReach(res) };
}

/**
 * For routes open to everyone that give a signed-in caller more (drafts in the blog, the full form
 * of a new short link): no Authorization header lets the request through as a visitor's; a valid
 * token marks it as the caller's (see isAdmin); a header that is present but invalid answers 401, so
 * an expired session logs the browser out instead of silently showing the visitor's view.
 */
export function optionalAdmin(requireAdmin: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (req.get('authorization') === undefined) return next();
    requireAdmin(req, res, next);
  };
}

/** True when the request came from a signed-in person or a key (and permit let it through). */
export function isAdmin(res: Response): boolean {
  return actorOf(res) !== undefined;
}

/** The request's caller as the audit log records it: person, key and address. */
export function auditActorOf(req: Pick<Request, 'ip'>, res: Response): AuditActor {
  const actor = actorOf(res);
  return {
    userId: actor?.userId ?? null,
    keyId: actor?.key?.id ?? null,
    ...(actor?.keyPrefix !== undefined && { keyPrefix: actor.keyPrefix }),
    ip: req.ip ?? '',
  };
}
