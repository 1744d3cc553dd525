import type { Insertable, Kysely, Selectable } from 'kysely';
import { ROLES, type Role } from '@toolvault/shared';
import { isRowId } from './row-id';
import type { Tables, UsersTable } from './schema';

export interface User {
  id: number;
  login: string;
  displayName: string;
  role: Role;
  passwordHash: string;
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface NewUser {
  login: string;
  displayName: string;
  role: Exclude<Role, 'owner'>;
  passwordHash: string;
  createdAt: Date;
}

export interface UserChanges {
  displayName?: string;
  role?: Role;
  passwordHash?: string;
  disabled?: boolean;
}

/** What the Team page changes of a person other than the Owner. */
export interface MemberChanges {
  role?: Exclude<Role, 'owner'>;
  disabled?: boolean;
}

/** The people of the team. Logins are compared lower-case: `Ada` and `ada` are one person. */
export interface UsersRepo {
  byId(id: number): Promise<User | undefined>;
  byLogin(login: string): Promise<User | undefined>;
  owner(): Promise<User>;
  /** Everyone, oldest first (a team is small: tens, not thousands). */
  list(): Promise<User[]>;
  /** The new person's id; undefined when the login is taken. */
  insert(user: NewUser): Promise<number | undefined>;
  update(id: number, changes: UserChanges, now: Date): Promise<boolean>;
  /**
   * Changes the role or the disabled flag of a person who is not the Owner; false when `id` is the
   * Owner (checked in the same statement, so a hand-over at the same moment cannot leave the site
   * without one) or nobody.
   */
  changeMember(id: number, changes: MemberChanges, now: Date): Promise<boolean>;
  /**
   * Makes `toId` the Owner and the Owner `fromId` an Administrator, in one transaction (the unique
   * index users_one_owner keeps it at exactly one). False, and nothing changed, when `fromId` is no
   * longer the Owner or `toId` is not an enabled Administrator.
   */
  transferOwnership(fromId: number, toId: number, now: Date): Promise<boolean>;
}

/** Thrown inside the hand-over's transaction to undo it: the target is not an enabled Administrator. */
class NoTransfer extends Error {}

export const normaliseLogin = (login: string): string => login.trim().toLowerCase();

/** The row of a new person, for this repository and for the invitation that makes one in its own transaction. */
export function newUserRow({ login, displayName, role, passwordHash, createdAt }: NewUser): Insertable<UsersTable> {
  const at = createdAt.toISOString();
  return {
    login: normaliseLogin(login),
    display_name: displayName,
    role,
    password_hash: passwordHash,
    created_at: at,
    updated_at: at,
  };
}

function toUser(row: Selectable<UsersTable>): User {
  const role = ROLES.find((r) => r === row.role);
  if (!role) throw new Error(`Person ${row.id} has an unknown role`);
  return {
    id: Number(row.id),
    login: row.login,
    displayName: row.display_name,
    role,
    passwordHash: row.password_hash,
    disabled: Number(row.disabled) === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function createUsersRepo(db: Kysely<Tables>): UsersRepo {
  const select = () => db.selectFrom('users').selectAll();
  return {
    async byId(id) {
      if (!isRowId(id)) return undefined;
      const row = await select().where('id', '=', id).executeTakeFirst();
      return row && toUser(row);
    },
    async byLogin(login) {
      const row = await select().where('login', '=', normaliseLogin(login)).executeTakeFirst();
      return row && toUser(row);
    },
    async owner() {
      const row = await select().where('role', '=', 'owner').executeTakeFirstOrThrow();
      return toUser(row);
    },
    async list() {
      return (await select().orderBy('id').execute()).map(toUser);
    },
    async insert(user) {
      const row = await db
        .insertInto('users')
        .values(newUserRow(user))
        .onConflict((oc) => oc.column('login').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row && Number(row.id);
    },
    async update(id, { displayName, role, passwordHash, disabled }, now) {
      const result = await db
        .updateTable('users')
        .set({
          ...(displayName !== undefined && { display_name: displayName }),
          ...(role !== undefined && { role }),
          ...(passwordHash !== undefined && { password_hash: passwordHash }),
          ...(disabled !== undefined && { disabled: disabled ? 1 : 0 }),
          updated_at: now.toISOString(),
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async changeMember(id, { role, disabled }, now) {
      const result = await db
        .updateTable('users')
        .set({
          ...(role !== undefined && { role }),
          ...(disabled !== undefined && { disabled: disabled ? 1 : 0 }),
          updated_at: now.toISOString(),
        })
        .where('id', '=', id)
        .where('role', '!=', 'owner')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async transferOwnership(fromId, toId, now) {
      const at = now.toISOString();
      try {
        return await db.transaction().execute(async (trx) => {
          // The Owner steps down first: the unique index users_one_owner allows one Owner at a time.
          // Of two hand-overs at once, the second finds `fromId` no longer the Owner.
          const stepped = await trx
            .updateTable('users')
            .set({ role: 'administrator', updated_at: at })
            .where('id', '=', fromId)
            .where('role', '=', 'owner')
            .executeTakeFirst();
          if (stepped.numUpdatedRows === 0n) throw new NoTransfer();
          // Conditional, so a target disabled or demoted at the same moment is seen (PostgreSQL
          // re-reads the row once the other change commits) and everything is undone.
          const promoted = await trx
            .updateTable('users')
            .set({ role: 'owner', updated_at: at })
            .where('id', '=', toId)
            .where('role', '=', 'administrator')
            .where('disabled', '=', 0)
            .executeTakeFirst();
          if (promoted.numUpdatedRows === 0n) throw new NoTransfer();
          return true;
        });
      } catch (error) {
        if (error instanceof NoTransfer) return false;
        throw error;
      }
    },
  };
}
