import { z } from './zod';

/** Admin login body: {password}. The cap only stops abuse of the hash function. */
export const ZAdminLogin = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(1024, { error: 'Password is too long' }),
});
export type AdminLogin = z.infer<typeof ZAdminLogin>;
