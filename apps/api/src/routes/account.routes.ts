import type { Request, RequestHandler, Response } from 'express';
import { ROLE_GRANTS, type Account } from '@toolvault/shared';
import { API } from '@toolvault/shared/contract';
import { requiredActor } from '../http/auth';
import { contractRoutes, type ContractRouter } from '../http/contract-router';
import { AppError } from '../http/errors';
import type { UsersRepo } from '../db/users.repo';

/** The signed-in person's own account: who they are and what their role allows. */
export function accountRouter({
  users,
  requireAdmin,
}: {
  users: UsersRepo;
  requireAdmin: RequestHandler;
}): ContractRouter {
  const me = async (_req: Request, res: Response) => {
    const actor = requiredActor(res);
    const user = await users.byId(actor.userId);
    // requireAdmin found the person enabled a moment ago; gone since means the session is over.
    if (!user) throw new AppError('UNAUTHORIZED');
    const account: Account = {
      id: user.id,
      login: user.login,
      displayName: user.displayName,
      role: user.role,
      grants: { ...ROLE_GRANTS[user.role] },
    };
    res.json(account);
  };

  const { router, add } = contractRoutes('/api/account', { requireAdmin });
  add(API.accountMe, me);
  return router;
}
