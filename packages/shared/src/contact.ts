import { z } from './zod';

/** Length caps for the contact form; the original design has none, so these are ours (docs/decisions/0002-server-enforces-rules.md). */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** Contact form: name, email, subject, message — all required. */
export const ZContactMessage = z.object({
  name: requiredText('Name', CONTACT_LIMITS.name),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required' })
    .max(CONTACT_LIMITS.email, { error: `Email must be at most ${CONTACT_LIMITS.email} characters` })
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  subject: requiredText('Subject', CONTACT_LIMITS.subject),
  message: requiredText('Message', CONTACT_LIMITS.message),
});
export type ContactMessageInput = z.infer<typeof ZContactMessage>;

export interface ContactMessage extends ContactMessageInput {
  id: number;
  createdAt: string;
}

/** Messages per page of the admin's inbox, and the most a client may ask for. */
export const CONTACT_PAGE_SIZE = 20;
export const CONTACT_PAGE_SIZE_MAX = 100;

/** Where the next page of the inbox starts: the last message shown (newest first: time, then id). */
export interface ContactCursor {
  createdAt: string;
  id: number;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CURSOR_MESSAGE = 'cursor must be a cursor from a previous page';

/** The cursor's text: `<time>~<id>` (`2025-03-15T12:00:00.000Z~42`), URL-safe as it stands. */
export function encodeContactCursor({ createdAt, id }: ContactCursor): string {
  return `${createdAt}~${id}`;
}

/** The cursor inside `text`, or null when it is not one this API wrote. */
export function decodeContactCursor(text: string): ContactCursor | null {
  const match = /^(.{24})~([1-9]\d{0,15})$/.exec(text);
  if (!match || !ISO_TIME.test(match[1] ?? '')) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { createdAt: match[1] ?? '', id } : null;
}

/** `GET /api/contact?cursor=&limit=`: the admin's inbox, newest first, one page at a time. */
export const ZContactListQuery = z.object({
  cursor: z
    .string({ error: CURSOR_MESSAGE })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const cursor = decodeContactCursor(value);
      if (cursor) return cursor;
      ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
      return z.NEVER;
    }),
  limit: z
    .string({ error: 'limit must be given once' })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return CONTACT_PAGE_SIZE;
      const limit = /^\d{1,4}$/.test(value) ? Number(value) : Number.NaN;
      if (limit >= 1 && limit <= CONTACT_PAGE_SIZE_MAX) return limit;
      ctx.addIssue({ code: 'custom', message: `limit must be a whole number from 1 to ${CONTACT_PAGE_SIZE_MAX}` });
      return z.NEVER;
    }),
});
export type ContactListQuery = z.output<typeof ZContactListQuery>;

/** One page of the inbox. */
export interface ContactMessagePage {
  items: ContactMessage[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
  /** Messages in the inbox. */
  total: number;
}
