import type { AuditRepo } from '../db/audit.repo';
import type { UsersRepo } from '../db/users.repo';
import type { Clock } from '../lib/clock';

/** Who did it: a person (by their session), a key acting for one, or nobody known (a failed login). */
export interface AuditActor {
  userId: number | null;
  keyId?: number | null;
  /** The key's first characters, when a key acted. */
  keyPrefix?: string;
  /** How to show the actor; by default the person's login (and the key's prefix), else `anonymous`. */
  label?: string;
  ip: string;
}

export interface AuditEntry {
  /** `<type>.<verb>`, for example `link.created`, `post.deleted`, `login.failed`, `session.ended`. */
  action: string;
  targetType: string;
  targetId?: string | number;
  /**
   * Names of the fields that changed. Only names: a password, token or key never reaches the log,
   * not even as a value of some other field.
   */
  fields?: readonly string[];
}

export interface AuditService {
  record(actor: AuditActor, entry: AuditEntry): Promise<void>;
}

/** Writes audit events (docs/decisions/0015-team-accounts.md). */
export function createAuditService({
  audit,
  users,
  clock,
}: {
  audit: AuditRepo;
  users: UsersRepo;
  clock: Clock;
}): AuditService {
  // The label keeps who it was as they were called then: a login can change, the log does not.
  const labelOf = async ({ userId, keyPrefix, label }: AuditActor): Promise<string> => {
    if (label !== undefined) return label;
    const login = userId === null ? undefined : (await users.byId(userId))?.login;
    const person = login ?? 'anonymous';
    return keyPrefix === undefined ? person : `${person} (key ${keyPrefix}…)`;
  };
  return {
    async record(actor, { action, targetType, targetId, fields = [] }) {
      await audit.insert({
        at: clock(),
        actorUserId: actor.userId,
        actorKeyId: actor.keyId ?? null,
        actorLabel: await labelOf(actor),
        action,
        targetType,
        targetId: targetId === undefined ? '' : String(targetId),
        fields: [...fields],
        ip: actor.ip,
      });
    },
  };
}
