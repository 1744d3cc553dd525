import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { requestIssue } from '@toolvault/shared/schemas';
import type { ApiErrorBody } from '@toolvault/shared';
import { CounterStoreUnavailableError } from '../counters/counter-store';
import { isDatabaseUnavailable } from '../db/database';
import type { Logger } from '../logger';
import { AppError } from './errors';

/** Final middleware for any route nobody answered. */
export const notFound: RequestHandler = (_req, _res, next) => next(new AppError('NOT_FOUND'));

/**
 * `/api/health/` is not `/api/health`. Strict routers cannot tell a router's own root from it with a
 * slash (`/api/blog/` reaches the blog router as `/`, like `/api/blog`), so the API refuses every
 * path that ends in one here, once.
 */
export const noTrailingSlash: RequestHandler = (req, _res, next) => {
  const path = req.originalUrl.split('?')[0] ?? '';
  next(path.endsWith('/') ? new AppError('NOT_FOUND') : undefined);
};

/**
 * Headers that describe a body a handler meant to send, dropped before an error body replaces it:
 * a static file handler that chose `sw.js.gz` and then passed the request on had already labelled
 * the response gzip, and the JSON error would go out under that label, unreadable.
 */
const REPRESENTATION_HEADERS = [
  'Content-Type',
  'Content-Encoding',
  'Content-Disposition',
  'Content-Language',
  'ETag',
  'Last-Modified',
];

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const known = toAppError(err);
    if (known?.code === 'SERVICE_UNAVAILABLE') logger.warn(`${req.method} ${req.path}: ${describe(err)}`);
    else if (!known) logger.error(`Unhandled error on ${req.method} ${req.path}`, err);
    // An expected 500 (a stored row that cannot be answered) is still the operator's to fix.
    else if (known.status >= 500) logger.error(`${req.method} ${req.path}: ${known.code} ${known.message}`);
    const error = known ?? new AppError('INTERNAL');
    if (res.headersSent) return void res.end();
    for (const name of REPRESENTATION_HEADERS) res.removeHeader(name);
    const body: ApiErrorBody = { error: error.message, code: error.code };
    res.status(error.status).json(body);
  };
}

/** Translates the errors we expect (ours, zod's, body-parser's) into an AppError; null means a bug. */
function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (isUnavailable(err)) return new AppError('SERVICE_UNAVAILABLE');
  if (err instanceof z.ZodError) {
    const found = requestIssue(err.issues);
    return new AppError(found.code, found.message ?? found.issue?.message);
  }
  if (!isHttpError(err)) return null;
  if (err.type === 'entity.parse.failed') return new AppError('MALFORMED_JSON');
  if (err.status === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (err.status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (err.status >= 400 && err.status < 500) return new AppError('BAD_REQUEST');
  return null;
}

/**
 * The database or the shared counter store is down or restarting: the request is refused with 503
 * and the process keeps running; the next request tries again.
 */
export function isUnavailable(err: unknown): boolean {
  return err instanceof CounterStoreUnavailableError || isDatabaseUnavailable(err);
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The shape of errors raised by body-parser (http-errors). */
interface HttpError {
  status: number;
  type?: string;
}

function isHttpError(err: unknown): err is HttpError {
  return typeof err === 'object' && err !== null && 'status' in err && typeof err.status === 'number';
}
