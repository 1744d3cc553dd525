import { rateLimit, type RateLimitRequestHandler } from 'express-rate-limit';
import { memoryCounterStore, type CounterStore } from '../counters/counter-store';
import type { Logger } from '../logger';
import { systemClock } from '../services/clock';
import { AppError, type ErrorCode } from './errors';

const MINUTE = 60_000;

/** Where a limiter keeps its counts and reports its own problems. */
export interface LimiterDeps {
  logger: Logger;
  /** The app's counter store: memory for one process, Redis or the database for replicas. */
  counters: CounterStore;
}

/**
 * Each call makes a limiter with its own store from `counters` under the limiter's own key
 * prefix; with the in-memory store every app (and every test) starts clean. The key is req.ip,
 * which honours `trust proxy`. When a shared store does not answer, the request fails with 503.
 */
function limiter(options: {
  windowMs: number;
  limit: number;
  code: ErrorCode;
  /** Keeps this limiter's keys apart from the others' in a shared store. */
  name: string;
  deps: LimiterDeps;
  skipSuccessfulRequests?: boolean;
}): RateLimitRequestHandler {
  const {
    code,
    name,
    deps: { logger, counters },
    ...limits
  } = options;
  return rateLimit({
    ...limits,
    store: counters.rateLimitStore(`${name}:`),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // The limiter sets Retry-After before calling this; the error middleware writes the body.
    handler: (_req, _res, next) => next(new AppError(code)),
    logger: {
      warn: (error, message) => logger.warn(`${message ?? 'express-rate-limit'}: ${String(error)}`),
      error: (error, message) => logger.error(message ?? 'express-rate-limit', error),
    },
  });
}

/** Brute force fails (docs/decisions/0002-server-enforces-rules.md): 5 failed logins per 15 minutes; successes do not count. */
export const loginLimiter = (deps: LimiterDeps) =>
  limiter({
    windowMs: 15 * MINUTE,
    limit: 5,
    skipSuccessfulRequests: true,
    code: 'LOGIN_THROTTLED',
    name: 'login',
    deps,
  });

/** Contact messages are stored for the administrator to read, so each client may send only 5 per 10 minutes. */
export const contactLimiter = (deps: LimiterDeps) =>
  limiter({ windowMs: 10 * MINUTE, limit: 5, code: 'CONTACT_THROTTLED', name: 'contact', deps });

/** IP lookups answer from a local database, but a client has no use for more than 60 a minute. */
export const IP_LOOKUP_LIMIT = { windowMs: MINUTE, limit: 60 } as const;

export const ipLookupLimiter = (deps: LimiterDeps) =>
  limiter({ ...IP_LOOKUP_LIMIT, code: 'RATE_LIMITED', name: 'ip', deps });

/**
 * Downloads (up to 50 MB each) and uploads (up to 10 MB each) together, per
 * client. One full run of the page's test makes about 115 of them over
 * loopback, where every transfer is short (fewer on a real link); 400 in
 * 10 minutes lets three runs through and stops a client pulling data in a loop.
 * Ping is tiny and stays unlimited.
 */
export const SPEEDTEST_TRANSFER_LIMIT = { windowMs: 10 * MINUTE, limit: 400 } as const;

export const speedtestTransferLimiter = (deps: LimiterDeps) =>
  limiter({ ...SPEEDTEST_TRANSFER_LIMIT, code: 'RATE_LIMITED', name: 'speedtest', deps });

/** For a router mounted on its own (tests): counts in this process only. */
export const localLimiterDeps = (logger: Logger): LimiterDeps => ({
  logger,
  counters: memoryCounterStore(systemClock),
});
