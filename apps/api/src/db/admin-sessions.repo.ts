import type { Kysely } from 'kysely';
import { ROLES, type Role } from '@toolvault/shared';
import type { Tables } from './schema';

export interface NewAdminSession {
  id: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
  userAgent?: string;
  ip?: string;
}

/** An open session and the person it belongs to, as every request checks it. */
export interface ActiveSession {
  id: string;
  userId: number;
  role: Role;
  lastSeenAt: string | null;
}

/** A session as its person sees it in their Account page. */
export interface SessionListing {
  id: string;
  createdAt: string;
  expiresAt: string;
  userAgent: string;
  ip: string;
  lastSeenAt: string | null;
}

/** Server-side records of logins, shared by every replica through the database. */
export interface AdminSessionsRepo {
  insert(session: NewAdminSession): Promise<void>;
  /**
   * The session and its person while the session exists, is not revoked, has not expired at `now`
   * and its person is not disabled; else undefined. Every replica reads it on every request, so
   * ending a session or disabling a person takes effect everywhere at once.
   */
  active(id: string, now: Date): Promise<ActiveSession | undefined>;
  /** Records that the session was used; callers write it at most once a minute. */
  touch(id: string, now: Date): Promise<void>;
  /** The person's open sessions, newest first. */
  listOpen(userId: number, now: Date): Promise<SessionListing[]>;
  /** Ends one session (of `userId` when given); false when there was no such active session. */
  revoke(id: string, userId?: number): Promise<boolean>;
  /** Ends every session of the person, but `exceptId` when given (a password change keeps the one it came from). */
  revokeAllOf(userId: number, exceptId?: string): Promise<number>;
  /** Ends every session (the Owner's password changed through ADMIN_PASSWORD). */
  revokeAll(): Promise<void>;
  /** Forgets sessions that expired before `now`; their tokens are refused by their own expiry anyway. */
  deleteExpired(now: Date): Promise<void>;
}

/**
 * The check every admin request makes reads through `db`, the event loop's own connection: one
 * primary-key lookup takes microseconds there, where a hand-over to the SQLite reader thread and
 * back waits for the event loop twice, behind whatever else it is doing (an import's slices made
 * the Manage Links page wait for each of its hand-overs). Writes on SQLite are short transactions
 * that never span a turn of the event loop, so the lookup never waits for one.
 */
export function createAdminSessionsRepo(db: Kysely<Tables>): AdminSessionsRepo {
  return {
    async insert({ id, userId, createdAt, expiresAt, userAgent = '', ip = '' }) {
      await db
        .insertInto('admin_sessions')
        .values({
          id,
          user_id: userId,
          created_at: createdAt.toISOString(),
          expires_at: expiresAt.toISOString(),
          revoked: 0,
          user_agent: userAgent,
          ip,
        })
        .execute();
    },
    async active(id, now) {
      const row = await db
        .selectFrom('admin_sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.id', 's.user_id', 's.last_seen_at', 'u.role'])
        .where('s.id', '=', id)
        .where('s.revoked', '=', 0)
        .where('s.expires_at', '>', now.toISOString())
        .where('u.disabled', '=', 0)
        .executeTakeFirst();
      const role = row && ROLES.find((r) => r === row.role);
      if (!row || !role) return undefined;
      return { id: row.id, userId: Number(row.user_id), role, lastSeenAt: row.last_seen_at };
    },
    async touch(id, now) {
      await db.updateTable('admin_sessions').set({ last_seen_at: now.toISOString() }).where('id', '=', id).execute();
    },
    async listOpen(userId, now) {
      const rows = await db
        .selectFrom('admin_sessions')
        .select(['id', 'created_at', 'expires_at', 'user_agent', 'ip', 'last_seen_at'])
        .where('user_id', '=', userId)
        .where('revoked', '=', 0)
        .where('expires_at', '>', now.toISOString())
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        userAgent: row.user_agent,
        ip: row.ip,
        lastSeenAt: row.last_seen_at,
      }));
    },
    async revoke(id, userId) {
      let query = db.updateTable('admin_sessions').set({ revoked: 1 }).where('id', '=', id).where('revoked', '=', 0);
      if (userId !== undefined) query = query.where('user_id', '=', userId);
      const result = await query.executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async revokeAllOf(userId, exceptId) {
      let query = db
        .updateTable('admin_sessions')
        .set({ revoked: 1 })
        .where('user_id', '=', userId)
        .where('revoked', '=', 0);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async revokeAll() {
      await db.updateTable('admin_sessions').set({ revoked: 1 }).where('revoked', '=', 0).execute();
    },
    async deleteExpired(now) {
      await db.deleteFrom('admin_sessions').where('expires_at', '<=', now.toISOString()).execute();
    },
  };
}
