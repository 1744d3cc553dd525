/** The contact form's zod schemas (the form and the API) and the inbox's query (the API). */
import { z } from './zod';
import {
  CONTACT_CURSOR_PATTERN,
  CONTACT_LIMITS,
  CONTACT_PAGE_SIZE,
  CONTACT_PAGE_SIZE_MAX,
  decodeContactCursor,
} from './contact';
import { integerParameterMeta, requiredText } from './text.schemas';

const EMAIL_MESSAGE = 'Please enter a valid email address';

/** Contact form: name, email, subject, message — all required. */
export const ZContactMessage = z.strictObject({
  name: requiredText('Name is required', CONTACT_LIMITS.name, 'Name'),
  email: requiredText('Email is required', CONTACT_LIMITS.email, 'Email')
    .regex(z.regexes.email, { error: EMAIL_MESSAGE })
    .meta({ format: 'email' }),
  subject: requiredText('Subject is required', CONTACT_LIMITS.subject, 'Subject'),
  message: requiredText('Message is required', CONTACT_LIMITS.message, 'Message', { multiline: true }),
});
export type ContactMessageInput = z.infer<typeof ZContactMessage>;

/** A stored message. Beside the input it extends (not in contact.ts, which this file imports: no loop). */
export interface ContactMessage extends ContactMessageInput {
  id: number;
  createdAt: string;
}

/** One page of the inbox. */
export interface ContactMessagePage {
  items: ContactMessage[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
  /** Messages in the inbox. */
  total: number;
}

const CURSOR_MESSAGE = 'cursor must be a cursor from a previous page';

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
    })
    .meta({
      description: 'nextCursor of the previous page',
      override: { pattern: CONTACT_CURSOR_PATTERN.source },
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
    })
    .meta(integerParameterMeta(1, CONTACT_PAGE_SIZE_MAX, CONTACT_PAGE_SIZE)),
});
export type ContactListQuery = z.output<typeof ZContactListQuery>;
