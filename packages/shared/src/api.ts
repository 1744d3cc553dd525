import { BLOG_HTML_TOO_DEEP } from './blog-html-policy';
import { BLOG_MESSAGES } from './blog';
import { LINK_PASSWORD_MESSAGES } from './shortlink-password';
import { RULE_MESSAGES } from './shortlink-rules';
import { SHORTLINK_BULK_LIMITS, SHORTLINK_FOLDER_MESSAGES } from './shortlink-folders';
import { SHORTLINK_MESSAGES } from './shortlinks';
import { TEAM_MESSAGES } from './team';
import { WEBHOOK_MESSAGES } from './webhooks';
import { INVALID_CHARACTERS_MESSAGE } from './text';

/**
 * Every error the API answers on purpose: its one HTTP status and its default message. The code is
 * what clients branch on; the message is for people and may change wording at any time.
 */
export const API_ERRORS = {
  VALIDATION: { status: 400, message: 'Invalid request' },
  MALFORMED_JSON: { status: 400, message: 'Malformed JSON body' },
  BAD_REQUEST: { status: 400, message: 'Bad request' },
  /** A control character or an unpaired surrogate in any text: body field, path or query parameter. */
  INVALID_CHARACTERS: { status: 400, message: INVALID_CHARACTERS_MESSAGE },
  /** A body field the route does not take: refused rather than dropped, so a client's typo or guess is seen. */
  UNKNOWN_FIELDS: { status: 400, message: 'Unknown fields in the request body' },
  /**
   * Fields each valid alone that do not go together (validFrom after validUntil; an analytics
   * range and from/to both given): a schema describes each field, not this, so it has its own code.
   */
  FIELDS_CONFLICT: { status: 400, message: 'These fields do not go together' },
  INVALID_IP: { status: 400, message: 'Invalid IP address' },
  UNAUTHORIZED: { status: 401, message: 'Unauthorized' },
  FORBIDDEN: { status: 403, message: 'Your role or key does not allow this' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid admin password' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  SHORTLINK_NOT_FOUND: { status: 404, message: SHORTLINK_MESSAGES.notFound },
  SHORTLINK_SELF_LINK: { status: 400, message: SHORTLINK_MESSAGES.selfLink },
  SHORTLINK_OWN_ADDRESS: { status: 400, message: SHORTLINK_MESSAGES.ownAddress },
  /** `GET /{code}` of a link whose stored target cannot be a Location header: the row is broken, not the request. */
  SHORTLINK_TARGET_UNUSABLE: { status: 500, message: SHORTLINK_MESSAGES.targetUnusable },
  /**
   * The redirect page's request for a link past its validUntil or its visit limit, without a
   * fallback URL (with one, the body carries `fallbackUrl` and the page goes there).
   */
  SHORTLINK_EXPIRED: { status: 410, message: RULE_MESSAGES.expired },
  /** The same for a link whose validFrom is still ahead. */
  SHORTLINK_NOT_ACTIVE: { status: 404, message: RULE_MESSAGES.notActiveYet },
  SHORTLINK_IMPORT_INVALID: { status: 400, message: SHORTLINK_MESSAGES.invalidImport },
  SHORT_CODE_TAKEN: { status: 409, message: SHORTLINK_MESSAGES.shortCodeTaken },
  /** A QR code's colours a scanner would struggle with (too little contrast, or light on dark); the message says which. */
  QR_LOW_CONTRAST: { status: 400, message: 'The QR code colours have too little contrast to scan' },
  /** A QR code that needs more modules (quiet zone included) than the size asked for has pixels. */
  QR_SIZE_TOO_SMALL: { status: 400, message: 'The QR code does not fit in that size' },
  /** A password link opened without a valid unlock cookie: 403, not 401, which would sign a manager out. */
  SHORTLINK_PASSWORD_REQUIRED: { status: 403, message: LINK_PASSWORD_MESSAGES.required },
  SHORTLINK_PASSWORD_WRONG: { status: 403, message: LINK_PASSWORD_MESSAGES.wrong },
  FOLDER_NOT_FOUND: { status: 404, message: SHORTLINK_FOLDER_MESSAGES.notFound },
  /** A link's or a bulk move's folderId names no folder: the body is wrong, not the address. */
  UNKNOWN_FOLDER: { status: 400, message: SHORTLINK_FOLDER_MESSAGES.notFound },
  FOLDER_NAME_TAKEN: { status: 409, message: SHORTLINK_FOLDER_MESSAGES.nameTaken },
  FOLDER_LIMIT_REACHED: { status: 409, message: SHORTLINK_FOLDER_MESSAGES.tooMany },
  /** A bulk change naming a link that does not exist: nothing is changed. */
  BULK_LINK_NOT_FOUND: { status: 400, message: 'A link of the request does not exist; nothing was changed' },
  /** A bulk filter matching more links than one change may reach: nothing is changed. */
  BULK_TOO_MANY: {
    status: 400,
    message: `More than ${SHORTLINK_BULK_LIMITS.links} links at once; narrow the filter. Nothing was changed`,
  },
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
  /** Changing one's password: the current one given was wrong (400, not 401: the browser stays signed in). */
  WRONG_PASSWORD: { status: 400, message: 'Current password is incorrect' },
  /** The Owner's password comes from the server's ADMIN_PASSWORD, which every start writes again. */
  PASSWORD_SET_BY_OPERATOR: {
    status: 409,
    message:
      "The Owner's password is set by the server's ADMIN_PASSWORD setting, which would overwrite a change made " +
      'here at the next start. Ask whoever runs the server to change ADMIN_PASSWORD instead.',
  },
  SESSION_NOT_FOUND: { status: 404, message: 'Session not found' },
  API_KEY_NOT_FOUND: { status: 404, message: 'API key not found' },
  /** A key asked for a scope its person's role does not hold; the message names the scope. */
  SCOPE_NOT_ALLOWED: { status: 400, message: 'Your role does not allow this scope' },
  /** A key's expiry that has already passed. */
  KEY_EXPIRY_IN_PAST: { status: 400, message: 'The expiry must be in the future' },
  /** Changing the Owner's role or disabling them: ownership is handed over first. */
  OWNER_PROTECTED: { status: 409, message: TEAM_MESSAGES.ownerProtected },
  /** A role the caller's own role may not give (an Editor brings in Authors and Contributors only). */
  ROLE_NOT_GRANTABLE: { status: 403, message: TEAM_MESSAGES.roleNotGrantable },
  PERSON_NOT_FOUND: { status: 404, message: TEAM_MESSAGES.personNotFound },
  /** Nobody disables their own account: it would leave them locked out with no one to undo it. */
  SELF_DISABLE: { status: 409, message: TEAM_MESSAGES.selfDisable },
  OWNERSHIP_TARGET_INVALID: { status: 409, message: TEAM_MESSAGES.ownershipTarget },
  INVITATION_NOT_FOUND: { status: 404, message: TEAM_MESSAGES.invitationNotFound },
  WEBHOOK_NOT_FOUND: { status: 404, message: WEBHOOK_MESSAGES.notFound },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, message: WEBHOOK_MESSAGES.deliveryNotFound },
  /** A webhook URL on this host or a private network (after resolving its name), unless the operator allows it. */
  WEBHOOK_TARGET_REFUSED: { status: 400, message: WEBHOOK_MESSAGES.targetRefused },
  WEBHOOK_LIMIT_REACHED: { status: 409, message: WEBHOOK_MESSAGES.tooMany },
  INVITATION_EXPIRED: { status: 410, message: TEAM_MESSAGES.invitationExpired },
  INVITATION_USED: { status: 410, message: TEAM_MESSAGES.invitationUsed },
  INVITATION_REVOKED: { status: 410, message: TEAM_MESSAGES.invitationRevoked },
  LOGIN_TAKEN: { status: 409, message: TEAM_MESSAGES.loginTaken },
  /** A request body that did not finish arriving within the server's body deadline. */
  /** A path the API has, with a method it does not answer there; the Allow header lists those it does. */
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request body did not arrive in time' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported request body encoding' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please try again later.' },
  LOGIN_THROTTLED: { status: 429, message: 'Too many login attempts. Try again later.' },
  CONTACT_THROTTLED: { status: 429, message: 'Too many messages. Please try again later.' },
  GUEST_RATE_LIMITED: { status: 429, message: SHORTLINK_MESSAGES.guestRateLimited },
  INTERNAL: { status: 500, message: 'Internal server error' },
  /** The database or the shared rate-limit store did not answer; the request may be retried. */
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service temporarily unavailable. Please try again shortly.' },
  /** GET /api/health: a dependency of this replica does not answer. */
  NOT_READY: { status: 503, message: 'Not ready' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The codes as a list, for enums (OpenAPI, zod) and for tests that check every error body. */
export const API_ERROR_CODES = Object.keys(API_ERRORS) as [ApiErrorCode, ...ApiErrorCode[]];

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && Object.hasOwn(API_ERRORS, value);
}

/** Every API error body: a sentence for people and a code from API_ERROR_CODES for programs. */
export interface ApiErrorBody {
  error: string;
  code: ApiErrorCode;
}
