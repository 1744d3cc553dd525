import type { ApiErrorCode } from '@toolvault/shared';

/**
 * The one shape of an outcome that can fail (what a user can get wrong is a value, not
 * an exception; see docs/decisions/0012-code-habits.md). `E` is a plain message for input checks, `ApiFailure` for calls to our API, or a
 * richer value where a screen needs more than a message (field errors, Retry-After).
 */
export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T, E = never>(value: T): Result<T, E> => ({ ok: true, value });
export const err = <T = never, E = string>(error: E): Result<T, E> => ({ ok: false, error });

/**
 * Why a call to our API failed: the server's `error` text (or ours), the HTTP status (0: no answer
 * arrived) and, when the server sent one, its machine-readable `code`.
 */
export interface ApiFailure {
  message: string;
  status: number;
  code?: ApiErrorCode;
  /** An inactive short link's fallback URL, which the redirect page goes to (410/404 of GET /{code}). */
  fallbackUrl?: string;
  /** A 429's Retry-After in whole seconds, when it sent a usable one. */
  retryAfterSeconds?: number;
}
