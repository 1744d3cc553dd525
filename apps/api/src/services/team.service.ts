import { grantableRoles, ROLES, type Person, type Role } from '@toolvault/shared';
import type { PersonUpdate } from '@toolvault/shared/schemas';
import type { AdminSessionsRepo } from '../db/admin-sessions.repo';
import type { InvitableRole, InvitationsRepo } from '../db/invitations.repo';
import type { MemberChanges, User, UsersRepo } from '../db/users.repo';
import type { Clock } from '../lib/clock';
import { fail, ok, type Result } from '../lib/result';

/** Who is asking, as far as the team's rules care. */
export interface TeamActor {
  userId: number;
  role: Role;
}

export type PersonUpdateError = 'PERSON_NOT_FOUND' | 'OWNER_PROTECTED' | 'ROLE_NOT_GRANTABLE' | 'SELF_DISABLE';

/** A person as the Team page sees them: never their password hash. */
export const personOf = ({ id, login, displayName, role, disabled, createdAt }: User): Person => ({
  id,
  login,
  displayName,
  role,
  disabled,
  createdAt,
});

export interface TeamService {
  list(): Promise<Person[]>;
  /**
   * Changes a person's role or disables or enables them. The Owner is never changed here; a role is
   * given, and a person changed, only within what the actor's role may grant; nobody disables
   * themselves. Disabling ends all the person's sessions. Answers the person and the fields that changed.
   */
  update(
    actor: TeamActor,
    id: number,
    changes: PersonUpdate,
  ): Promise<Result<{ person: Person; changed: (keyof MemberChanges)[] }, PersonUpdateError>>;
  /** Hands ownership from the actor (the Owner) to an enabled Administrator. */
  transferOwnership(
    actor: TeamActor,
    toId: number,
  ): Promise<Result<void, 'PERSON_NOT_FOUND' | 'OWNERSHIP_TARGET_INVALID'>>;
}

export function createTeamService({
  users,
  sessions,
  invitations,
  clock,
}: {
  users: UsersRepo;
  sessions: AdminSessionsRepo;
  invitations: InvitationsRepo;
  clock: Clock;
}): TeamService {
  return {
    async list() {
      return (await users.list()).map(personOf);
    },
    async update(actor, id, { role, disabled }) {
      const person = await users.byId(id);
      if (!person) return fail('PERSON_NOT_FOUND');
      if (person.role === 'owner')
        return role === undefined && disabled === undefined
          ? ok({ person: personOf(person), changed: [] })
          : fail('OWNER_PROTECTED');
      const grantable = grantableRoles(actor.role);
      // Only someone whose role the actor could give is theirs to change, and only to such a role.
      if (!grantable.includes(person.role)) return fail('ROLE_NOT_GRANTABLE');
      if (role !== undefined && (role === 'owner' || !grantable.includes(role))) return fail('ROLE_NOT_GRANTABLE');
      if (disabled === true && id === actor.userId) return fail('SELF_DISABLE');

      const changes: MemberChanges = {
        ...(role !== undefined && role !== person.role && { role }),
        ...(disabled !== undefined && disabled !== person.disabled && { disabled }),
      };
      const changed = Object.keys(changes) as (keyof MemberChanges)[];
      if (changed.length === 0) return ok({ person: personOf(person), changed });
      // Refused when they became the Owner meanwhile (a hand-over at the same moment).
      if (!(await users.changeMember(id, changes, clock()))) return fail('OWNER_PROTECTED');
      // Every replica checks the session row on every request: their sessions end everywhere now.
      if (changes.disabled === true) await sessions.revokeAllOf(id);
      // An invitation speaks for the person who made it: it ends when they are disabled, and those
      // for a role their new one could not give end with the change of role.
      if (changes.disabled === true) await invitations.revokeMadeBy(id, clock());
      else if (changes.role !== undefined) {
        const now = grantableRoles(changes.role);
        const lost = ROLES.filter((one): one is InvitableRole => one !== 'owner' && !now.includes(one));
        await invitations.revokeMadeBy(id, clock(), lost);
      }
      return ok({ person: personOf({ ...person, ...changes }), changed });
    },
    async transferOwnership(actor, toId) {
      const target = await users.byId(toId);
      if (!target) return fail('PERSON_NOT_FOUND');
      if (target.role !== 'administrator' || target.disabled) return fail('OWNERSHIP_TARGET_INVALID');
      const done = await users.transferOwnership(actor.userId, toId, clock());
      return done ? ok(undefined) : fail('OWNERSHIP_TARGET_INVALID');
    },
  };
}
