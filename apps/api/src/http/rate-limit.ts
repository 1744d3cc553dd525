import { rateLimit, type RateLimitRequestHandler } from 'express-rate-limit';
import type { Logger } from '../logger';
import { AppError, type ErrorCode } from './errors';

const MINUTE = 60_000;

/**
 * Each call makes a limiter with its own in-memory store, so every app (and
 * every test) starts clean. The key is req.ip, which honours `trust proxy`.
 */
function limiter(options: {
  windowMs: number;
  limit: number;
  code: ErrorCode;
  logger: Logger;
  skipSuccessfulRequests?: boolean;
}): RateLimitRequestHandler {
  const { code, logger, ...limits } = options;
  return rateLimit({
    ...limits,
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

/** DECISIONS P2: brute force fails. 5 failed logins per 15 minutes; successes do not count. */
export const loginLimiter = (logger: Logger) =>
  limiter({ windowMs: 15 * MINUTE, limit: 5, skipSuccessfulRequests: true, code: 'LOGIN_THROTTLED', logger });

/** DECISIONS P1 "Contact … rate-limited": 5 messages per 10 minutes per client. */
export const contactLimiter = (logger: Logger) =>
  limiter({ windowMs: 10 * MINUTE, limit: 5, code: 'CONTACT_THROTTLED', logger });

/** IP lookups answer from a local database, but a client has no use for more than 60 a minute. */
export const IP_LOOKUP_LIMIT = { windowMs: MINUTE, limit: 60 } as const;

export const ipLookupLimiter = (logger: Logger) => limiter({ ...IP_LOOKUP_LIMIT, code: 'RATE_LIMITED', logger });

/**
 * Downloads (up to 50 MB each) and uploads (up to 10 MB each) together, per
 * client. One full run of the page's test makes about 115 of them over
 * loopback, where every transfer is short (fewer on a real link); 400 in
 * 10 minutes lets three runs through and stops a client pulling data in a loop.
 * Ping is tiny and stays unlimited.
 */
export const SPEEDTEST_TRANSFER_LIMIT = { windowMs: 10 * MINUTE, limit: 400 } as const;

export const speedtestTransferLimiter = (logger: Logger) =>
  limiter({ ...SPEEDTEST_TRANSFER_LIMIT, code: 'RATE_LIMITED', logger });
