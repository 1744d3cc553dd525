import type { Request, RequestHandler, Response } from 'express';
import { rateLimit, type RateLimitRequestHandler } from 'express-rate-limit';
import { RATE_LIMITS, type RateLimit } from '@toolvault/shared/contract';
import { memoryCounterStore, type CounterStore } from '../counters/counter-store';
import type { Logger } from '../logger';
import { systemClock } from '../lib/clock';
import { actorOf } from './auth';
import { IPV6_SUBNET } from './client-key';
import { AppError } from './errors';

/** Where a limiter keeps its counts and reports its own problems. */
export interface LimiterDeps {
  logger: Logger;
  /** The app's counter store: memory for one process, Redis or the database for replicas. */
  counters: CounterStore;
}

/**
 * Each call makes a limiter with its own store from `counters` under the rule's own key
 * prefix; with the in-memory store every app (and every test) starts clean. The key is req.ip,
 * which honours `trust proxy`, as clientKey makes it (an IPv6 client by its /56). A shared store
 * (Redis, the database) is given only an HMAC of it, never the address (counters/counter-keys.ts).
 * When a shared store does not answer, the request fails with 503.
 * The rules themselves (budgets and why) are part of the API contract: RATE_LIMITS in @toolvault/shared.
 */
export function limiter(rule: RateLimit, deps: LimiterDeps): RateLimitRequestHandler {
  // express-rate-limit's own key generator (it checks the proxy settings), with clientKey's prefix.
  return countedLimiter(rule, deps, { ipv6Subnet: IPV6_SUBNET });
}

/** What a limiter counts by, when not the client's address; and a budget that depends on the request. */
interface CountedBy {
  ipv6Subnet?: number;
  keyGenerator?: (req: Request, res: Response) => string;
  limit?: (req: Request, res: Response) => number;
}

/**
 * The limiters' common setup: the rule's window and budget, a store under the rule's own prefix, the
 * standard headers, and the rule's error code (the limiter sets Retry-After before its handler runs;
 * the error middleware writes the body).
 */
export function countedLimiter(
  rule: RateLimit,
  { logger, counters }: LimiterDeps,
  by: CountedBy = {},
): RateLimitRequestHandler {
  return rateLimit({
    windowMs: rule.windowMs,
    limit: by.limit ?? rule.limit,
    skipSuccessfulRequests: rule.failuresOnly ?? false,
    store: counters.rateLimitStore(`${rule.name}:`),
    ...(by.ipv6Subnet !== undefined && { ipv6Subnet: by.ipv6Subnet }),
    ...(by.keyGenerator && { keyGenerator: by.keyGenerator }),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new AppError(rule.code)),
    logger: {
      warn: (error, message) => logger.warn(`${message ?? 'express-rate-limit'}: ${String(error)}`),
      error: (error, message) => logger.error(message ?? 'express-rate-limit', error),
    },
  });
}

/**
 * Each API key's own budget of requests per minute (its rate_limit, RATE_LIMITS.apiKey's by
 * default), counted per key wherever the counters live, so replicas share it. requireAdmin runs it
 * once a key is accepted. A key's id is not personal, yet a shared store hashes it like every other
 * key: one path for all, so no limit can forget to (counters/counter-keys.ts).
 */
export function keyLimiter(deps: LimiterDeps): RequestHandler {
  return countedLimiter(RATE_LIMITS.apiKey, deps, {
    limit: (_req, res) => actorOf(res)?.keyRateLimit ?? RATE_LIMITS.apiKey.limit,
    keyGenerator: (_req, res) => String(actorOf(res)?.key?.id ?? 'none'),
  });
}

export const IP_LOOKUP_LIMIT = RATE_LIMITS.ipLookup;

/** Downloads and uploads together, per client; ping stays unlimited. */
export const SPEEDTEST_TRANSFER_LIMIT = RATE_LIMITS.speedtestTransfer;

/** For a router mounted on its own (tests): counts in this process only. */
export const localLimiterDeps = (logger: Logger): LimiterDeps => ({
  logger,
  counters: memoryCounterStore(systemClock),
});
