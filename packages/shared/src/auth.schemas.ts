import { text } from './text.schemas';
import { z } from './zod';

/**
 * Admin login body: {password}. The cap only stops abuse of the hash function. A password may hold
 * a tab or a line break (ADMIN_PASSWORD may come from a file), never another control character.
 */
export const ZAdminLogin = z.strictObject({
  password: text('Password is required', { multiline: true })
    .min(1, { error: 'Password is required' })
    .max(1024, { error: 'Password is too long' }),
});
export type AdminLogin = z.infer<typeof ZAdminLogin>;
