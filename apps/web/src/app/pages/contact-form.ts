/**
 * The contact form's logic (messages are really stored: docs/decisions/0001-real-tools.md), without React: validate
 * with the shared schema, send, and hold the "sending" state for at least the
 * designed delay. The clock and the transport are parameters so tests never sleep.
 */
import { ENDPOINTS, endpointUrl, fetchMethod, type ContactMessageInput } from '@toolvault/shared';
import { ZContactMessage } from '@toolvault/shared/schemas';
import { err, ok, type Result } from '../../lib/result';
import { trackedFetch } from '../../lib/use-online';

/** The sending state lasts about 2 s. */
export const SENDING_MIN_MS = 2000;
/** The success message is shown for 3 s, then the form is cleared. */
export const SUCCESS_VISIBLE_MS = 3000;

export const SUCCESS_MESSAGE = "Thank you! Your message has been sent successfully. We'll get back to you soon.";
export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';
/** When the server answers with an error but no readable `{ error }`. */
export const FALLBACK_ERROR_MESSAGE = 'Your message could not be sent. Please try again.';

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export const EMPTY_CONTACT: Readonly<ContactValues> = Object.freeze({ name: '', email: '', subject: '', message: '' });

/** What the transport answers: the HTTP status and the parsed JSON body (or null). Throws only when the network fails. */
export interface SendResponse {
  status: number;
  body: unknown;
}

export interface ContactDeps {
  send: (message: ContactMessageInput) => Promise<SendResponse>;
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

/** The server's `{ error }` text, if the body carries one. */
function errorText(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const { error } = body as { error: unknown };
  return typeof error === 'string' && error.trim() !== '' ? error : null;
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
    (response): ContactSubmitResult =>
      response.status >= 200 && response.status < 300
        ? ok(null)
        : err({ kind: 'failed', message: errorText(response.body) ?? FALLBACK_ERROR_MESSAGE }),
    (): ContactSubmitResult => err({ kind: 'failed', message: NETWORK_ERROR_MESSAGE }),
  );
  const [result] = await Promise.all([outcome, deps.wait(SENDING_MIN_MS)]);
  return result;
}

/** The real transport: POST JSON to /api/contact. Fails (throws) only when the network does. */
export async function postContact(message: ContactMessageInput, signal?: AbortSignal): Promise<SendResponse> {
  const response = await trackedFetch(endpointUrl(ENDPOINTS.contactSubmit), {
    method: fetchMethod(ENDPOINTS.contactSubmit),
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(message),
    signal: signal ?? null,
  });
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy error page, an empty 201): the status alone decides.
  }
  return { status: response.status, body };
}

/** The real clock. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
