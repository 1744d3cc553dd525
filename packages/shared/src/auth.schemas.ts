import { text } from './text.schemas';
import { z } from './zod';

/** A person's login name or email as typed: compared lower-case, without surrounding spaces. */
export const ZLoginName = text('Account is required')
  .trim()
  .min(1, { error: 'Account is required' })
  .max(254, { error: 'Account is too long' });

/**
 * Login body: {login?, password}; without login it is the Owner's (the password-only login of a single-administrator site). The cap only stops abuse of the hash function. A password may hold
 * a tab or a line break (ADMIN_PASSWORD may come from a file), never another control character.
 */
export const ZAdminLogin = z.strictObject({
  login: ZLoginName.optional(),
  password: text('Password is required', { multiline: true })
    .min(1, { error: 'Password is required' })
    .max(1024, { error: 'Password is too long' }),
});
export type AdminLogin = z.infer<typeof ZAdminLogin>;
