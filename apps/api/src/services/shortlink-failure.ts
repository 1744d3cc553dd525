import type { RequestIssueCode } from '@toolvault/shared/schemas';

/** What a user can get wrong here; the route maps `code` to the status of the same name. */
export type ShortlinkFailure =
  | {
      code:
        | 'SHORT_CODE_TAKEN'
        | 'SHORTLINK_SELF_LINK'
        | 'SHORTLINK_OWN_ADDRESS'
        | 'SHORTLINK_NOT_FOUND'
        | 'SHORTLINK_IMPORT_INVALID'
        | 'FORBIDDEN'
        | 'FOLDER_NOT_FOUND'
        | 'UNKNOWN_FOLDER'
        | 'FOLDER_NAME_TAKEN'
        | 'FOLDER_LIMIT_REACHED'
        | 'BULK_LINK_NOT_FOUND'
        | 'BULK_TOO_MANY'
        | RequestIssueCode;
      /** Overrides the code's own message (import rows: 'Row 3: …'). */
      message?: string;
    }
  | { code: 'GUEST_RATE_LIMITED'; retryAfterSeconds: number };

export type ShortlinkResult<T> = { ok: true; value: T } | { ok: false; error: ShortlinkFailure };
