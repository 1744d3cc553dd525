import { API_ERRORS, type ApiErrorBody, type ApiErrorCode } from '@toolvault/shared';

/** Every error the API answers on purpose, with its one status and message (declared in @toolvault/shared). */
export const ERRORS = API_ERRORS;

export type ErrorCode = ApiErrorCode;

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

/** The JSON text of an error body, for answers written without Express (the click handler, the body deadline). */
export function errorBodyText(code: ErrorCode, message: string = ERRORS[code].message): string {
  return JSON.stringify({ error: message, code } satisfies ApiErrorBody);
}
