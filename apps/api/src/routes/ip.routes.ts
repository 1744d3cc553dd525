import type { ErrorRequestHandler, Request, Response } from 'express';
import { type IpLookupParams } from '@toolvault/shared';
import { API } from '@toolvault/shared/contract';
import { contractRoutes, type ContractRouter } from '../http/contract-router';
import { AppError } from '../http/errors';
import { localLimiterDeps, type LimiterDeps } from '../http/rate-limit';
import { silentLogger } from '../logger';
import type { IpLookupService } from '../services/ip-lookup.service';

/**
 * IP Lookup (docs/decisions/0001-real-tools.md): answered from the offline database, never from a
 * third party. `/me` looks up the caller's own address, `req.ip`, which
 * honours the TRUST_PROXY hop count (so a client cannot pick it with X-Forwarded-For).
 */
export function ipRouter({
  ipLookup,
  limits = localLimiterDeps(silentLogger),
}: {
  ipLookup: IpLookupService;
  /** Where the rate limiter counts (the app's counter store) and reports its problems. */
  limits?: LimiterDeps;
}): ContractRouter {
  const respond = async (res: Response, ip: string) => {
    const result = await ipLookup.lookup(ip);
    if (!result.ok) throw new AppError(result.error);
    res.json(result.value);
  };

  const me = async (req: Request, res: Response) => {
    // The answer depends on who asks: no shared cache may keep it.
    res.set('Cache-Control', 'private, no-store');
    await respond(res, req.ip ?? '');
  };
  const byAddress = async (req: Request<IpLookupParams>, res: Response) => {
    await respond(res, req.params.ip);
  };

  const { router, add } = contractRoutes('/api/ip', { limits });
  add(API.ipMe, me);
  add(API.ipLookup, byAddress);
  router.use(malformedParam);
  return router;
}

/** A parameter like `%zz` fails percent-decoding in the router itself; it is still just an invalid address. */
const malformedParam: ErrorRequestHandler = (err: unknown, _req, _res, next) => {
  next(err instanceof URIError ? new AppError('INVALID_IP') : err);
};
