import { BLOG_HTML_TOO_DEEP, BLOG_MESSAGES, SHORTLINK_MESSAGES } from '@toolvault/shared';

/** Every error the API answers on purpose, with its one status and message (one table, so the same failure always answers alike). */
export const ERRORS = {
  VALIDATION: { status: 400, message: 'Invalid request' },
  MALFORMED_JSON: { status: 400, message: 'Malformed JSON body' },
  BAD_REQUEST: { status: 400, message: 'Bad request' },
  INVALID_IP: { status: 400, message: 'Invalid IP address' },
  UNAUTHORIZED: { status: 401, message: 'Unauthorized' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid admin password' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  SHORTLINK_NOT_FOUND: { status: 404, message: SHORTLINK_MESSAGES.notFound },
  SHORTLINK_SELF_LINK: { status: 400, message: SHORTLINK_MESSAGES.selfLink },
  SHORTLINK_IMPORT_INVALID: { status: 400, message: SHORTLINK_MESSAGES.invalidImport },
  SHORT_CODE_TAKEN: { status: 409, message: SHORTLINK_MESSAGES.shortCodeTaken },
  BLOG_POST_NOT_FOUND: { status: 404, message: BLOG_MESSAGES.postNotFound },
  CATEGORY_NOT_FOUND: { status: 404, message: BLOG_MESSAGES.categoryNotFound },
  /** A post's category_id names no category: the body is wrong, not the address. */
  UNKNOWN_CATEGORY: { status: 400, message: BLOG_MESSAGES.categoryNotFound },
  POST_CONTENT_UNSAFE: { status: 400, message: 'Content is empty once unsafe or unsupported HTML is removed.' },
  POST_CONTENT_TOO_DEEP: { status: 400, message: BLOG_HTML_TOO_DEEP },
  /** Content that the sanitizer cannot finish within its time or memory limit: refused, never stored unchecked. */
  POST_CONTENT_TOO_COMPLEX: {
    status: 400,
    message: 'Content is too complex to check safely. Simplify its formatting or split it into several posts.',
  },
  POST_SLUG_TAKEN: { status: 409, message: BLOG_MESSAGES.postSlugTaken },
  CATEGORY_SLUG_TAKEN: { status: 409, message: BLOG_MESSAGES.categorySlugTaken },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported request body encoding' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please try again later.' },
  LOGIN_THROTTLED: { status: 429, message: 'Too many login attempts. Try again later.' },
  CONTACT_THROTTLED: { status: 429, message: 'Too many messages. Please try again later.' },
  GUEST_RATE_LIMITED: { status: 429, message: SHORTLINK_MESSAGES.guestRateLimited },
  INTERNAL: { status: 500, message: 'Internal server error' },
  /** The database or the shared rate-limit store did not answer; the request may be retried. */
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service temporarily unavailable. Please try again shortly.' },
  NOT_READY: { status: 503, message: 'Not ready' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** An expected failure; the error middleware turns it into `{ error, code }` with the mapped status. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string = ERRORS[code].message,
  ) {
    super(message);
    this.status = ERRORS[code].status;
  }
}
