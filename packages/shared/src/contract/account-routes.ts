/**
 * The signed-in person's own account (docs/decisions/0015-team-accounts.md). Every route here needs
 * only the `account` permission, which every role holds and no API key carries.
 */
import { ENDPOINTS } from '../endpoints';
import { PERMISSION_NAMES, REACHES, ROLES } from '../roles';
import type { Account } from '../team';
import { z } from '../zod';
import { exactly } from './responses';
import { route } from './route';

export const ZAccount = exactly<Account>()(
  z
    .object({
      id: z.number().int().positive(),
      login: z.string(),
      displayName: z.string(),
      role: z.enum(ROLES),
      grants: z.partialRecord(z.enum(PERMISSION_NAMES), z.enum(REACHES)),
    })
    .meta({ id: 'Account' }),
);

export const ACCOUNT_API = {
  accountMe: route({
    ...ENDPOINTS.accountMe,
    tag: 'Account',
    summary: 'Who is signed in, their role and what it allows',
    auth: 'admin',
    permission: { permission: 'account' },
    response: { status: 200, description: 'The account', schema: ZAccount },
    errors: [],
  }),
};
