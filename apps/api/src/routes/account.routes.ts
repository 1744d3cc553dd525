import type { Request, RequestHandler, Response } from 'express';
import type { AccountUpdate, ApiKeyInput, PasswordChange } from '@toolvault/shared';
import { API } from '@toolvault/shared/contract';
import { auditActorOf, requiredActor, type RequestActor } from '../http/auth';
import { contractRoutes, type ContractRouter } from '../http/contract-router';
import { AppError } from '../http/errors';
import type { LimiterDeps } from '../http/rate-limit';
import type { AccountCaller, AccountService } from '../services/account.service';
import type { ApiKeysService } from '../services/api-keys.service';
import type { AuditService } from '../services/audit.service';

/** The person of a session: every route here needs the `account` permission, which no key carries. */
const callerOf = ({ userId, role, sessionId }: RequestActor): AccountCaller => ({
  userId,
  role,
  ...(sessionId !== undefined && { sessionId }),
});

/**
 * The signed-in person's own account: who they are and what their role allows, their display name
 * and password, their sessions and their API keys. Every change is written to the audit log, by
 * field name only: a password or a key never reaches it.
 */
export function accountRouter({
  account,
  apiKeys,
  audit,
  requireAdmin,
  limits,
}: {
  account: AccountService;
  apiKeys: ApiKeysService;
  audit: AuditService;
  requireAdmin: RequestHandler;
  limits: LimiterDeps;
}): ContractRouter {
  const caller = (res: Response) => callerOf(requiredActor(res));

  const me = async (_req: Request, res: Response) => {
    const found = await account.account(caller(res).userId);
    // requireAdmin found the person enabled a moment ago; gone since means the session is over.
    if (!found) throw new AppError('UNAUTHORIZED');
    res.json(found);
  };

  const rename = async (req: Request<object, unknown, AccountUpdate>, res: Response) => {
    const { userId } = caller(res);
    const changed = await account.rename(userId, req.body.displayName);
    if (!changed) throw new AppError('UNAUTHORIZED');
    await audit.record(auditActorOf(req, res), {
      action: 'person.updated',
      targetType: 'person',
      targetId: userId,
      fields: ['displayName'],
    });
    res.json(changed);
  };

  const changePassword = async (req: Request<object, unknown, PasswordChange>, res: Response) => {
    const who = caller(res);
    const result = await account.changePassword(who, req.body.currentPassword, req.body.newPassword);
    if (!result.ok) throw new AppError(result.error);
    await audit.record(auditActorOf(req, res), {
      action: 'password.changed',
      targetType: 'person',
      targetId: who.userId,
      fields: ['password'],
    });
    res.status(204).end();
  };

  const sessions = async (_req: Request, res: Response) => {
    res.json({ sessions: await account.sessions(caller(res)) });
  };

  const endSession = async (req: Request<{ id: string }>, res: Response) => {
    if (!(await account.endSession(caller(res), req.params.id))) throw new AppError('SESSION_NOT_FOUND');
    await audit.record(auditActorOf(req, res), {
      action: 'session.ended',
      targetType: 'session',
      targetId: req.params.id,
    });
    res.status(204).end();
  };

  const keys = async (_req: Request, res: Response) => {
    res.json({ keys: await apiKeys.list(caller(res).userId) });
  };

  const createKey = async (req: Request<object, unknown, ApiKeyInput>, res: Response) => {
    const result = await account.createKey(caller(res), req.body);
    if (!result.ok) {
      throw result.error === 'SCOPE_NOT_ALLOWED'
        ? new AppError(result.error, `Your role does not allow the scope ${result.scope}`)
        : new AppError(result.error);
    }
    const { key, listing } = result.value;
    await audit.record(auditActorOf(req, res), {
      action: 'key.created',
      targetType: 'api_key',
      targetId: listing.id,
      fields: ['name', 'scopes', 'rateLimit', 'expiresAt'],
    });
    // The key in full: no cache may keep the answer.
    res.status(201).set('Cache-Control', 'no-store').json({ key, apiKey: listing });
  };

  const revokeKey = async (req: Request<{ id: number }>, res: Response) => {
    const id = Number(req.params.id);
    if (!(await apiKeys.revoke(id, caller(res).userId))) throw new AppError('API_KEY_NOT_FOUND');
    await audit.record(auditActorOf(req, res), { action: 'key.revoked', targetType: 'api_key', targetId: id });
    res.status(204).end();
  };

  const { router, add } = contractRoutes('/api/account', { requireAdmin, limits });
  add(API.accountMe, me);
  add(API.accountUpdate, rename);
  add(API.accountPassword, changePassword);
  add(API.accountSessions, sessions);
  add(API.accountSessionEnd, endSession);
  add(API.accountKeys, keys);
  add(API.accountKeyCreate, createKey);
  add(API.accountKeyRevoke, revokeKey);
  return router;
}
