import type { Kysely } from 'kysely';
import type { Tables } from './schema';

export interface NewAdminSession {
  id: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Server-side records of admin logins, shared by every replica through the database. */
export interface AdminSessionsRepo {
  insert(session: NewAdminSession): Promise<void>;
  /** True while the session exists, is not revoked and has not expired at `now`. */
  isActive(id: string, now: Date): Promise<boolean>;
  /** Ends one session; false when there was no such active session. */
  revoke(id: string): Promise<boolean>;
  /** Ends every session (the admin password changed). */
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
    async insert({ id, createdAt, expiresAt }) {
      await db
        .insertInto('admin_sessions')
        .values({ id, created_at: createdAt.toISOString(), expires_at: expiresAt.toISOString(), revoked: 0 })
        .execute();
    },
    async isActive(id, now) {
      const row = await db
        .selectFrom('admin_sessions')
        .select('id')
        .where('id', '=', id)
        .where('revoked', '=', 0)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return row !== undefined;
    },
    async revoke(id) {
      const result = await db
        .updateTable('admin_sessions')
        .set({ revoked: 1 })
        .where('id', '=', id)
        .where('revoked', '=', 0)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async revokeAll() {
      await db.updateTable('admin_sessions').set({ revoked: 1 }).where('revoked', '=', 0).execute();
    },
    async deleteExpired(now) {
      await db.deleteFrom('admin_sessions').where('expires_at', '<=', now.toISOString()).execute();
    },
  };
}
