import { Router, type RequestHandler } from 'express';
import { isJsonBody, type RateLimit, type RouteContract } from '@toolvault/shared/contract';
import type { z } from 'zod';
import { isAdmin, permit } from './auth';
import { AppError } from './errors';
import { limiter, type LimiterDeps } from './rate-limit';
import { validate } from './validate';

/** A Router holding contract routes, and where it is mounted (the path its routes start with). */
export type ContractRouter = Router & { readonly base: string };

export interface ContractRouterDeps {
  /** Needed by any admin or admin-optional route. */
  requireAdmin?: RequestHandler;
  /**
   * The API's one optionalAdmin (built once from requireAdmin in routes/index.ts); needed by any
   * admin-optional route.
   */
  optionalAdmin?: RequestHandler;
  /** Where the rate limits of the routes count; needed by any rate-limited route. */
  limits?: LimiterDeps;
}

export interface ContractRoutes {
  router: ContractRouter;
  /**
   * Registers `route` at its method and path with the checks it declares, in this order: its rate
   * limit, its auth and permission, then its params, query and body validated (and replaced by their parsed values),
   * then `handlers`.
   */
  add<P extends object = Record<string, string>, ReqBody = unknown>(
    route: RouteContract,
    ...handlers: RequestHandler<P, unknown, ReqBody>[]
  ): void;
}

/**
 * Routes are declared once, in the contract of @toolvault/shared; the routers only say what each one
 * does. `base` is the path every route here starts with; the router is mounted there.
 */
export function contractRoutes(
  base: string,
  { requireAdmin, optionalAdmin, limits }: ContractRouterDeps = {},
): ContractRoutes {
  const router = Object.assign(strictRouter(), { base });
  // Routes sharing a budget share one limiter (one count): speed test downloads and uploads.
  const limiters = new Map<string, RequestHandler>();
  const limiterOf = (rule: RateLimit): RequestHandler => {
    if (!limits) throw new Error(`A rate-limited route needs limits (${rule.name})`);
    let handler = limiters.get(rule.name);
    if (!handler) limiters.set(rule.name, (handler = limiter(rule, limits)));
    return handler;
  };
  const guard = (route: RouteContract): RequestHandler[] => {
    if (route.auth === 'public') return [];
    const guard = route.auth === 'admin' ? requireAdmin : optionalAdmin;
    if (!guard)
      throw new Error(
        `${route.method.toUpperCase()} ${route.path} needs ${route.auth === 'admin' ? 'requireAdmin' : 'optionalAdmin'}`,
      );
    if (!route.permission) throw new Error(`${route.method.toUpperCase()} ${route.path} names no permission`);
    return [guard, permit(route.permission)];
  };

  const add = <P extends object, ReqBody>(route: RouteContract, ...handlers: RequestHandler<P, unknown, ReqBody>[]) => {
    if (route.path !== base && !route.path.startsWith(base === '' ? '/' : `${base}/`)) {
      throw new Error(`${route.path} is not under ${base}`);
    }
    if (route.beforeRouter) throw new Error(`${route.path} is answered before the router`);
    const checks: RequestHandler[] = [...(route.rateLimit ? [limiterOf(route.rateLimit)] : []), ...guard(route)];
    if (route.body && isJsonBody(route.body)) checks.push(jsonOnly);
    if (route.params) checks.push(validate(route.params, 'params', route.invalidParams));
    if (route.query) checks.push(validate(route.query, 'query'));
    if (route.body && !route.body.checkedByHandler) checks.push(bodyCheck(route.body.schema, route.body.adminSchema));
    // The handlers' own view of params and body is what the checks before them produced.
    router[route.method](route.path.slice(base.length) || '/', ...checks, ...(handlers as unknown as RequestHandler[]));
  };
  return { router, add };
}

/**
 * Routers that match paths as written: `/API/health` and `/api/health/` are not `/api/health`. (A
 * router's route at its own mount point, `/api/blog`, also matches `/api/blog/`; app.ts refuses
 * trailing slashes before any router runs.)
 */
export function strictRouter(): Router {
  return Router({ caseSensitive: true, strict: true });
}

/**
 * A JSON route refuses a body of another type with 415, instead of reading it as no body at all
 * (express.json skips what it does not parse, and the validator would then name a missing field).
 */
const jsonOnly: RequestHandler = (req, _res, next) => {
  // An empty body (Content-Length: 0) is no body at all, whatever its type: the validator names what is missing.
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  next(hasBody && !req.is('application/json') ? new AppError('UNSUPPORTED_MEDIA_TYPE') : undefined);
};

/** The body's validator; on an admin-optional route the admin's token picks the admin's schema. */
function bodyCheck(schema: z.ZodType, adminSchema: z.ZodType | undefined): RequestHandler {
  const visitor = validate(schema);
  if (!adminSchema) return visitor;
  const admin = validate(adminSchema);
  return (req, res, next) => (isAdmin(res) ? admin : visitor)(req, res, next);
}
