import type { Request, RequestHandler, Response } from 'express';
import { type LinkUnlock } from '@toolvault/shared';
import { API, RATE_LIMITS } from '@toolvault/shared/contract';
import { contractRoutes, type ContractRouter } from '../http/contract-router';
import { AppError } from '../http/errors';
import { countedLimiter, type LimiterDeps } from '../http/rate-limit';
import { unlockCookieHeader } from '../services/link-unlock-cookie';
import type { LinkPasswordService } from '../services/link-password.service';
import { malformedCode } from './shortlinks.routes';

/**
 * Wrong passwords per link, besides the route's per-address limit: many addresses together cannot
 * guess one link's password faster either (Kutt has no limit at all). Keyed by the code as sent, so
 * a code that names no link is throttled alike.
 */
function perLinkLimiter(limits: LimiterDeps): RequestHandler {
  return countedLimiter(RATE_LIMITS.linkUnlockPerLink, limits, {
    keyGenerator: (req) => String((req.params as { shortCode?: string }).shortCode ?? ''),
  });
}

/** `POST /api/shortlink/:shortCode/unlock`: a right password sets the link's unlock cookie. */
export function linkUnlockRouter({
  passwords,
  limits,
}: {
  passwords: LinkPasswordService;
  limits: LimiterDeps;
}): ContractRouter {
  const unlock = async (req: Request<{ shortCode: string }, unknown, LinkUnlock>, res: Response) => {
    const { shortCode } = req.params;
    const result = await passwords.unlock(shortCode, req.body.password);
    if (!result.ok) throw new AppError(result.error);
    // req.secure follows TRUST_PROXY: behind a trusted proxy, its X-Forwarded-Proto.
    if (result.value !== null) res.setHeader('Set-Cookie', unlockCookieHeader(shortCode, result.value, req.secure));
    res.set('Cache-Control', 'no-store').status(204).end();
  };
  const { router, add } = contractRoutes('/api/shortlink', { limits });
  add(API.shortlinkUnlock, perLinkLimiter(limits), unlock);
  router.use(malformedCode);
  return router;
}
