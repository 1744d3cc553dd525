/** Password links' zod schemas: the password field of the create and update bodies, and the unlock body. */
import { LINK_PASSWORD_LIMITS, LINK_PASSWORD_MESSAGES } from './shortlink-password';
import { notAnObject, text } from './text.schemas';
import { z } from './zod';

/** Kept as typed, never trimmed (a password manager's trailing space is part of it), on one line. */
const passwordText = (error: string) => text(error);

/**
 * `password` of a create or update body, write-only: a string sets it, null removes it, absent keeps it
 * (a create without one has none). Answers only ever say `hasPassword`.
 */
export const ZLinkPasswordChange = passwordText('The link password must be text or null')
  .min(LINK_PASSWORD_LIMITS.min, { error: LINK_PASSWORD_MESSAGES.tooShort })
  .max(LINK_PASSWORD_LIMITS.max, { error: LINK_PASSWORD_MESSAGES.tooLong })
  .nullable()
  .optional()
  .meta({
    description:
      `Write-only. ${LINK_PASSWORD_LIMITS.min} to ${LINK_PASSWORD_LIMITS.max} characters sets the password (stored ` +
      'as a scrypt hash), null removes it, absent keeps it. Changing or removing it ends every earlier unlock.',
  });

/** `POST /api/shortlink/:shortCode/unlock`. A password longer than any a link can have is refused unhashed. */
export const ZLinkUnlock = z.strictObject(
  {
    password: passwordText(LINK_PASSWORD_MESSAGES.empty)
      .min(1, { error: LINK_PASSWORD_MESSAGES.empty })
      .max(LINK_PASSWORD_LIMITS.max, { error: LINK_PASSWORD_MESSAGES.tooLong }),
  },
  { error: notAnObject(LINK_PASSWORD_MESSAGES.empty) },
);
export type LinkUnlock = z.output<typeof ZLinkUnlock>;
