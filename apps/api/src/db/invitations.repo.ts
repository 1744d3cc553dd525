import type { Kysely } from 'kysely';
import { ROLES, type Role } from '@toolvault/shared';
import { isRowId } from './row-id';
import type { Tables } from './schema';
import { newUserRow, type NewUser } from './users.repo';

/** A role a person can be invited to: anything but Owner, which only a hand-over gives. */
export type InvitableRole = Exclude<Role, 'owner'>;

export interface NewInvitation {
  /** SHA-256 of the link's token, hex: the token itself is never stored. */
  tokenHash: string;
  role: InvitableRole;
  label: string;
  createdBy: number;
  createdAt: Date;
  expiresAt: Date;
}

export interface StoredInvitation {
  id: number;
  role: InvitableRole;
  label: string;
  createdAt: string;
  expiresAt: string;
  /** The inviter's display name ('' if they could not be found). */
  createdBy: string;
  acceptedAt: string | null;
  revokedAt: string | null;
}

/** The account an invitation makes: its role comes from the invitation. */
export type InvitedPerson = Omit<NewUser, 'role'>;

export type AcceptOutcome =
  | { ok: true; userId: number; role: InvitableRole }
  /** No pending invitation has this token now (unknown, expired, used or revoked: the caller reads which). */
  | { ok: false; error: 'unavailable' }
  | { ok: false; error: 'login-taken' };

export interface InvitationsRepo {
  insert(invitation: NewInvitation): Promise<number>;
  /** The newest `limit` invitations, newest first. */
  list(limit: number): Promise<StoredInvitation[]>;
  byId(id: number): Promise<StoredInvitation | undefined>;
  byTokenHash(tokenHash: string): Promise<StoredInvitation | undefined>;
  /** Revokes an invitation that is neither accepted nor revoked yet; false otherwise. */
  revoke(id: number, now: Date): Promise<boolean>;
  /**
   * Revokes the invitations `createdBy` made that are neither accepted nor revoked yet, all of them
   * or only those for `roles`: how many.
   */
  revokeMadeBy(createdBy: number, now: Date, roles?: readonly InvitableRole[]): Promise<number>;
  /**
   * Marks the pending invitation of `tokenHash` accepted and makes its person, in one transaction:
   * the mark is a conditional update, so of two accepts at the same moment exactly one finds the
   * invitation still pending; a login already taken undoes the mark.
   */
  accept(tokenHash: string, person: InvitedPerson, now: Date): Promise<AcceptOutcome>;
}

/** Thrown inside the accept transaction to roll it back when the login is taken. */
class LoginTaken extends Error {}

function invitableRole(value: string): InvitableRole {
  const role = ROLES.find((r) => r === value);
  // The API never stores an Owner invitation; a row saying so was written around it.
  if (!role || role === 'owner') throw new Error(`An invitation has the role ${JSON.stringify(value)}`);
  return role;
}

export function createInvitationsRepo(db: Kysely<Tables>): InvitationsRepo {
  const select = () =>
    db
      .selectFrom('invitations as i')
      .leftJoin('users as u', 'u.id', 'i.created_by')
      .select([
        'i.id',
        'i.role',
        'i.label',
        'i.created_at',
        'i.expires_at',
        'i.accepted_at',
        'i.revoked_at',
        'u.display_name',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
  const toInvitation = (row: Row): StoredInvitation => ({
    id: Number(row.id),
    role: invitableRole(row.role),
    label: row.label,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    createdBy: row.display_name ?? '',
    acceptedAt: row.accepted_at,
    revokedAt: row.revoked_at,
  });

  return {
    async insert({ tokenHash, role, label, createdBy, createdAt, expiresAt }) {
      const row = await db
        .insertInto('invitations')
        .values({
          token_hash: tokenHash,
          role,
          label,
          created_by: createdBy,
          created_at: createdAt.toISOString(),
          expires_at: expiresAt.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async list(limit) {
      const rows = await select().orderBy('i.created_at', 'desc').orderBy('i.id', 'desc').limit(limit).execute();
      return rows.map(toInvitation);
    },
    async byId(id) {
      if (!isRowId(id)) return undefined;
      const row = await select().where('i.id', '=', id).executeTakeFirst();
      return row && toInvitation(row);
    },
    async byTokenHash(tokenHash) {
      const row = await select().where('i.token_hash', '=', tokenHash).executeTakeFirst();
      return row && toInvitation(row);
    },
    async revoke(id, now) {
      if (!isRowId(id)) return false;
      const result = await db
        .updateTable('invitations')
        .set({ revoked_at: now.toISOString() })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async revokeMadeBy(createdBy, now, roles) {
      if (roles?.length === 0) return 0;
      let update = db
        .updateTable('invitations')
        .set({ revoked_at: now.toISOString() })
        .where('created_by', '=', createdBy)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null);
      if (roles) update = update.where('role', 'in', roles);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async accept(tokenHash, person, now) {
      const at = now.toISOString();
      try {
        return await db.transaction().execute(async (trx): Promise<AcceptOutcome> => {
          // On PostgreSQL a second accept waits here for the first's row lock, then finds the row
          // accepted and updates nothing; SQLite runs one transaction at a time.
          const invitation = await trx
            .updateTable('invitations')
            .set({ accepted_at: at })
            .where('token_hash', '=', tokenHash)
            .where('accepted_at', 'is', null)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', at)
            .returning(['id', 'role'])
            .executeTakeFirst();
          if (!invitation) return { ok: false, error: 'unavailable' };
          const role = invitableRole(invitation.role);
          const user = await trx
            .insertInto('users')
            .values(newUserRow({ ...person, role }))
            .onConflict((oc) => oc.column('login').doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!user) throw new LoginTaken();
          const userId = Number(user.id);
          await trx.updateTable('invitations').set({ accepted_by: userId }).where('id', '=', invitation.id).execute();
          return { ok: true, userId, role };
        });
      } catch (error) {
        if (error instanceof LoginTaken) return { ok: false, error: 'login-taken' };
        throw error;
      }
    },
  };
}
