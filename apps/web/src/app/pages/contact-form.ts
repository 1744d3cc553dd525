/**
 * The contact form's logic (messages are really stored: docs/decisions/0001-real-tools.md), without React: validate
 * with the shared schema, send, and hold the "sending" state for at least the
 * designed delay. The clock and the transport are parameters so tests never sleep.
 */
import { ENDPOINTS, type ContactMessageInput } from '@toolvault/shared';
import { ZContactMessage } from '@toolvault/shared/schemas';
import { callApi, NETWORK_ERROR, serverReason, type ApiFailure, type ApiResult } from '../../lib/api';
import { err, ok, type Result } from '../../lib/result';

/** The sending state lasts about 2 s. */
export const SENDING_MIN_MS = 2000;
/** The success message is shown for 3 s, then the form is cleared. */
export const SUCCESS_VISIBLE_MS = 3000;

export const SUCCESS_MESSAGE = "Thank you! Your message has been sent successfully. We'll get back to you soon.";
export const NETWORK_ERROR_MESSAGE = NETWORK_ERROR;
/** When the answer is a failure without our API's `{ error, code }` (a proxy's error page). */
export const FALLBACK_ERROR_MESSAGE = 'Your message could not be sent. Please try again.';

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export const EMPTY_CONTACT: Readonly<ContactValues> = Object.freeze({ name: '', email: '', subject: '', message: '' });

export interface ContactDeps {
  /** The API call; a request that got no answer is a failure with status 0. */
  send: (message: ContactMessageInput) => Promise<ApiResult<unknown>>;
  wait: (ms: number) => Promise<void>;
}

/** The fields' messages, in form order, and the first field to fix. */
export interface ContactInvalid {
  errors: ContactFieldErrors;
  firstInvalid: ContactField;
}
export type ContactValidation = Result<ContactMessageInput, ContactInvalid>;

/** Sent, or why not: the input (no call was made) or the server / network (the message to show). */
export type ContactSubmitResult = Result<
  null,
  ({ kind: 'invalid' } & ContactInvalid) | { kind: 'failed'; message: string }
>;

/** Validates with the same schema the API uses (so the page and the API cannot disagree); one message per field, in form order. */
export function validateContact(values: ContactValues): ContactValidation {
  const parsed = ZContactMessage.safeParse(values);
  if (parsed.success) return ok(parsed.data);

  const errors: ContactFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isContactField(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  const firstInvalid = CONTACT_FIELDS.find((field) => errors[field] !== undefined);
  // A schema issue without a field path would be a bug in the schema, not user input.
  if (!firstInvalid) throw new Error('Contact validation failed without a field error');
  return err({ errors, firstInvalid });
}

function isContactField(value: unknown): value is ContactField {
  return typeof value === 'string' && (CONTACT_FIELDS as readonly string[]).includes(value);
}

/** What the form says when sending failed: no answer, the server's reason, or the form's own words. */
function failedMessage(failure: ApiFailure): string {
  if (failure.status === 0) return NETWORK_ERROR_MESSAGE;
  return serverReason(failure) ?? FALLBACK_ERROR_MESSAGE;
}

/**
 * Validates, then sends while a {@link SENDING_MIN_MS} timer runs in parallel,
 * so the visitor always sees the sending state for at least that long.
 * Invalid input makes no call.
 */
export async function submitContact(values: ContactValues, deps: ContactDeps): Promise<ContactSubmitResult> {
  const validation = validateContact(values);
  if (!validation.ok) return err({ kind: 'invalid', ...validation.error });

  const outcome = deps.send(validation.value).then(
    (result): ContactSubmitResult =>
      result.ok ? ok(null) : err({ kind: 'failed', message: failedMessage(result.error) }),
    (): ContactSubmitResult => err({ kind: 'failed', message: NETWORK_ERROR_MESSAGE }),
  );
  const [result] = await Promise.all([outcome, deps.wait(SENDING_MIN_MS)]);
  return result;
}

/** The real transport: the contract's contact route. */
export const postContact = (message: ContactMessageInput): Promise<ApiResult<unknown>> =>
  callApi(ENDPOINTS.contactSubmit, { body: message });

/** The real clock. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
