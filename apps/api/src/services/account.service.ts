import { createHash } from 'node:crypto';
import {
  ROLE_GRANTS,
  scopesOfRole,
  type Account,
  type AccountSession,
  type ApiKeyScope,
  type Role,
} from '@toolvault/shared';
import type { AdminSessionsRepo } from '../db/admin-sessions.repo';
import type { User, UsersRepo } from '../db/users.repo';
import type { Clock } from '../lib/clock';
import { fail, ok, type Result } from '../lib/result';
import type { ApiKeysService } from './api-keys.service';
import { hashPassword, isPasswordHash, verifyPassword } from './password-hash';

/**
 * How the Account page names a session: the SHA-256 of its id (the token's `jti`), base64url. The id
 * alone opens nothing (a token also needs the signature), but it is part of every token, so it
 * stays on the server; the hash names the same session and can be shown anywhere.
 */
export const sessionHandle = (sessionId: string): string => createHash('sha256').update(sessionId).digest('base64url');

/** The person asking: who, with which role, and from which session (none for a key). */
export interface AccountCaller {
  userId: number;
  role: Role;
  sessionId?: string;
}

export interface NewKeyInput {
  name: string;
  scopes: readonly ApiKeyScope[];
  rateLimit: number;
  expiresAt?: string | null | undefined;
}

export type PasswordProblem = 'WRONG_PASSWORD' | 'PASSWORD_SET_BY_OPERATOR';
type CreatedKey = Awaited<ReturnType<ApiKeysService['create']>>;
/** A new key, or why not: a scope outside the role (named), or an expiry already past. */
export type KeyResult =
  | { ok: true; value: CreatedKey }
  | { ok: false; error: 'SCOPE_NOT_ALLOWED'; scope: ApiKeyScope }
  | { ok: false; error: 'KEY_EXPIRY_IN_PAST' };

export interface AccountService {
  /** The person and what their role lets them do; undefined when they are gone. */
  account(userId: number): Promise<Account | undefined>;
  rename(userId: number, displayName: string): Promise<Account | undefined>;
  /** Checks the current password, stores the new one's hash and ends every other session of the person. */
  changePassword(caller: AccountCaller, current: string, next: string): Promise<Result<void, PasswordProblem>>;
  sessions(caller: AccountCaller): Promise<AccountSession[]>;
  /** Ends the person's session of this handle; false when they have no such open session. */
  endSession(caller: AccountCaller, handle: string): Promise<boolean>;
  /** A key within the person's role: never a scope the role does not hold. */
  createKey(caller: AccountCaller, input: NewKeyInput): Promise<KeyResult>;
}

const toAccount = (user: User): Account => ({
  id: user.id,
  login: user.login,
  displayName: user.displayName,
  role: user.role,
  grants: { ...ROLE_GRANTS[user.role] },
});

export function createAccountService({
  users,
  sessions,
  apiKeys,
  clock,
  ownerPasswordFromOperator,
}: {
  users: UsersRepo;
  sessions: AdminSessionsRepo;
  apiKeys: ApiKeysService;
  clock: Clock;
  /**
   * True when the server starts with ADMIN_PASSWORD: each start writes it as the Owner's password
   * again, so a change made here would silently be undone.
   */
  ownerPasswordFromOperator: boolean;
}): AccountService {
  const account = async (userId: number) => {
    const user = await users.byId(userId);
    return user && toAccount(user);
  };
  return {
    account,
    async rename(userId, displayName) {
      const changed = await users.update(userId, { displayName }, clock());
      return changed ? account(userId) : undefined;
    },
    async changePassword({ userId, role, sessionId }, current, next) {
      if (role === 'owner' && ownerPasswordFromOperator) return fail('PASSWORD_SET_BY_OPERATOR');
      const user = await users.byId(userId);
      const right =
        user !== undefined && isPasswordHash(user.passwordHash) && (await verifyPassword(current, user.passwordHash));
      if (!right) return fail('WRONG_PASSWORD');
      await users.update(userId, { passwordHash: hashPassword(next) }, clock());
      // Whoever else holds a session of this person (a forgotten browser, a thief) is out at once.
      await sessions.revokeAllOf(userId, sessionId);
      return ok(undefined);
    },
    async sessions({ userId, sessionId }) {
      const open = await sessions.listOpen(userId, clock());
      return open.map((session) => ({
        id: sessionHandle(session.id),
        createdAt: session.createdAt,
        lastSeenAt: session.lastSeenAt,
        expiresAt: session.expiresAt,
        userAgent: session.userAgent,
        ip: session.ip,
        current: session.id === sessionId,
      }));
    },
    async endSession({ userId }, handle) {
      // A person has a handful of sessions: finding the one by its hash is a short scan of their own.
      const open = await sessions.listOpen(userId, clock());
      const session = open.find((candidate) => sessionHandle(candidate.id) === handle);
      return session !== undefined && sessions.revoke(session.id, userId);
    },
    async createKey({ userId, role }, { name, scopes, rateLimit, expiresAt }) {
      const allowed = scopesOfRole(role);
      const refused = scopes.find((scope) => !allowed.includes(scope));
      if (refused !== undefined) return { ok: false, error: 'SCOPE_NOT_ALLOWED', scope: refused };
      const expiry = expiresAt ? new Date(expiresAt) : null;
      if (expiry && expiry.getTime() <= clock().getTime()) return fail('KEY_EXPIRY_IN_PAST');
      return ok(await apiKeys.create({ userId, name, scopes, rateLimit, expiresAt: expiry }));
    },
  };
}
