import type { Kysely, Selectable } from 'kysely';
import { ROLES, type Role } from '@toolvault/shared';
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
   * Makes `toId` the Owner and the Owner an Administrator, in one transaction (the unique index
   * users_one_owner keeps it at exactly one). False when `toId` is not an enabled Administrator.
   */
  transferOwnership(toId: number, now: Date): Promise<boolean>;
}

export const normaliseLogin = (login: string): string => login.trim().toLowerCase();

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
    async insert({ login, displayName, role, passwordHash, createdAt }) {
      const at = createdAt.toISOString();
      const row = await db
        .insertInto('users')
        .values({
          login: normaliseLogin(login),
          display_name: displayName,
          role,
          password_hash: passwordHash,
          created_at: at,
          updated_at: at,
        })
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
    async transferOwnership(toId, now) {
      const at = now.toISOString();
      return db.transaction().execute(async (trx) => {
        const target = await trx
          .selectFrom('users')
          .select('id')
          .where('id', '=', toId)
          .where('role', '=', 'administrator')
          .where('disabled', '=', 0)
          .executeTakeFirst();
        if (!target) return false;
        await trx
          .updateTable('users')
          .set({ role: 'administrator', updated_at: at })
          .where('role', '=', 'owner')
          .execute();
        await trx.updateTable('users').set({ role: 'owner', updated_at: at }).where('id', '=', toId).execute();
        return true;
      });
    },
  };
}
