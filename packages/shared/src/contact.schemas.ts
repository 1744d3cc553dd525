/** The contact form's zod schemas (the form and the API) and the inbox's query (the API). */
import { z } from './zod';
import { CONTACT_LIMITS, CONTACT_PAGE_SIZE, CONTACT_PAGE_SIZE_MAX, decodeContactCursor } from './contact';

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
