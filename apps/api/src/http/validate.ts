import type { RequestHandler } from 'express';
import { z } from 'zod';
import { requestIssue } from '@toolvault/shared/schemas';
import { AppError, type ErrorCode } from './errors';

export type RequestPart = 'body' | 'query' | 'params';

/**
 * Validates one part of the request and replaces it with the parsed value, so
 * handlers see trimmed, typed data. The first issue becomes the 400 message, unless the route
 * answers another code for it (a path parameter that names nothing: NOT_FOUND, with its own message).
 * Text with a character no form types (INVALID_CHARACTERS) and body fields the route does not take
 * (UNKNOWN_FIELDS) answer their own code on every route, before any other issue.
 */
export function validate(
  schema: z.ZodType,
  part: RequestPart = 'body',
  code: ErrorCode = 'VALIDATION',
): RequestHandler {
  return (req, _res, next) => {
    // A request without a JSON body has no body at all; validate it as an empty object.
    const result = schema.safeParse(req[part] ?? {}, { error: withFieldPath });
    if (!result.success) {
      const found = requestIssue(result.error.issues);
      if (found.message !== null) return next(new AppError(found.code, found.message));
      return next(code === 'VALIDATION' ? new AppError(code, found.issue?.message) : new AppError(code));
    }
    if (part === 'body') req.body = result.data;
    // Express 5 exposes query through a getter, so shadow it on the instance.
    else Object.defineProperty(req, part, { value: result.data, writable: true, configurable: true, enumerable: true });
    next();
  };
}

/**
 * Only runs for issues whose schema gave no message of its own (the shared
 * schemas name their field already); zod's generic text then gets the path.
 */
function withFieldPath(issue: z.core.$ZodRawIssue): string | undefined {
  const fallback = z.config().localeError?.(issue);
  const message = typeof fallback === 'string' ? fallback : fallback?.message;
  if (message === undefined || issue.path === undefined || issue.path.length === 0) return message;
  return `${issue.path.map(String).join('.')}: ${message}`;
}
