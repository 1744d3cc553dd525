import { createHash, randomBytes } from 'node:crypto';
import {
  grantableRoles,
  INVITE_PAGE_PREFIX,
  type CreatedInvitation,
  type Invitation,
  type InvitationStatus,
  type PublicInvitation,
  type Role,
} from '@toolvault/shared';
import type { AcceptInvitation, InvitationInput } from '@toolvault/shared/schemas';
import type { InvitableRole, InvitationsRepo, StoredInvitation } from '../db/invitations.repo';
import type { UsersRepo } from '../db/users.repo';
import type { Clock } from '../lib/clock';
import { fail, ok, type Result } from '../lib/result';
import { hashPasswordAsync } from './password-hash';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The list shows this many of the newest: a team invites by hand, so older ones are long settled. */
export const INVITATION_LIST_LIMIT = 200;

/** Why a token opens no invitation. */
export type InvitationGone = 'INVITATION_NOT_FOUND' | 'INVITATION_EXPIRED' | 'INVITATION_USED' | 'INVITATION_REVOKED';

/**
 * Only the token's SHA-256 is stored: a token is 32 random bytes, so a salt or a slow hash adds
 * nothing, and a fast hash finds the invitation by an index. Whoever reads the database cannot
 * rebuild a link from it.
 */
export const hashInvitationToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function invitationStatus({ acceptedAt, revokedAt, expiresAt }: StoredInvitation, now: Date): InvitationStatus {
  if (acceptedAt !== null) return 'accepted';
  if (revokedAt !== null) return 'revoked';
  return Date.parse(expiresAt) <= now.getTime() ? 'expired' : 'pending';
}

const GONE: Record<Exclude<InvitationStatus, 'pending'>, InvitationGone> = {
  accepted: 'INVITATION_USED',
  revoked: 'INVITATION_REVOKED',
  expired: 'INVITATION_EXPIRED',
};

export interface InvitationsService {
  create(
    actor: { userId: number; role: Role },
    input: InvitationInput,
  ): Promise<Result<CreatedInvitation, 'ROLE_NOT_GRANTABLE'>>;
  list(): Promise<Invitation[]>;
  /** `revoked`, or `unchanged` when it was revoked already. */
  revoke(id: number): Promise<Result<'revoked' | 'unchanged', 'INVITATION_NOT_FOUND' | 'INVITATION_USED'>>;
  /** What the link's holder is shown, while the invitation is pending. */
  read(token: string): Promise<Result<PublicInvitation, InvitationGone>>;
  /** Makes the invitee's account (once, however many accept at the same moment): its id and role. */
  accept(
    token: string,
    account: AcceptInvitation,
  ): Promise<Result<{ userId: number; role: InvitableRole; invitationId: number }, InvitationGone | 'LOGIN_TAKEN'>>;
}

export function createInvitationsService({
  invitations,
  users,
  clock,
  origin,
}: {
  invitations: InvitationsRepo;
  users: UsersRepo;
  clock: Clock;
  /** The site's public origin (PUBLIC_URL): links are written with it, never with the request's Host. */
  origin: string;
}): InvitationsService {
  const toInvitation = (stored: StoredInvitation, now: Date): Invitation => ({
    id: stored.id,
    role: stored.role,
    label: stored.label,
    createdAt: stored.createdAt,
    expiresAt: stored.expiresAt,
    createdBy: stored.createdBy,
    status: invitationStatus(stored, now),
  });

  /** The pending invitation of `token`, or why there is none. */
  const pending = async (token: string): Promise<Result<StoredInvitation, InvitationGone>> => {
    const stored = await invitations.byTokenHash(hashInvitationToken(token));
    if (!stored) return fail('INVITATION_NOT_FOUND');
    const status = invitationStatus(stored, clock());
    return status === 'pending' ? ok(stored) : fail(GONE[status]);
  };

  return {
    async create(actor, { role, label, expiresInDays }) {
      if (role === 'owner' || !grantableRoles(actor.role).includes(role)) return fail('ROLE_NOT_GRANTABLE');
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const expiresAt = new Date(now.getTime() + expiresInDays * DAY_MS);
      const id = await invitations.insert({
        tokenHash: hashInvitationToken(token),
        role,
        label,
        createdBy: actor.userId,
        createdAt: now,
        expiresAt,
      });
      const stored = await invitations.byId(id);
      if (!stored) throw new Error(`Invitation ${id} vanished as it was made`);
      return ok({ invitation: toInvitation(stored, now), url: `${origin}${INVITE_PAGE_PREFIX}${token}` });
    },
    async list() {
      const now = clock();
      return (await invitations.list(INVITATION_LIST_LIMIT)).map((stored) => toInvitation(stored, now));
    },
    async revoke(id) {
      const stored = await invitations.byId(id);
      if (!stored) return fail('INVITATION_NOT_FOUND');
      if (stored.acceptedAt !== null) return fail('INVITATION_USED');
      if (stored.revokedAt !== null) return ok('unchanged');
      // Accepted meanwhile: the revoke came too late.
      return (await invitations.revoke(id, clock())) ? ok('revoked') : fail('INVITATION_USED');
    },
    async read(token) {
      const found = await pending(token);
      if (!found.ok) return found;
      const { role, label, expiresAt, createdBy } = found.value;
      return ok({ role, label, expiresAt, invitedBy: createdBy });
    },
    async accept(token, { login, displayName, password }) {
      // The cheap refusals first: a dead link or a taken login costs no password hash.
      const found = await pending(token);
      if (!found.ok) return found;
      if (await users.byLogin(login)) return fail('LOGIN_TAKEN');
      const passwordHash = await hashPasswordAsync(password);
      const outcome = await invitations.accept(
        hashInvitationToken(token),
        { login, displayName, passwordHash, createdAt: clock() },
        clock(),
      );
      if (outcome.ok) return ok({ userId: outcome.userId, role: outcome.role, invitationId: found.value.id });
      if (outcome.error === 'login-taken') return fail('LOGIN_TAKEN');
      // Accepted, revoked or expired while the password was hashed: say which.
      const now = await pending(token);
      return now.ok ? fail('INVITATION_USED') : now;
    },
  };
}
