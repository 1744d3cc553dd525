/**
 * The team's API bodies (docs/decisions/0015-team-accounts.md): the signed-in person's account;
 * their sessions and keys, the people and invitations of the team, and the audit log are added
 * beside it. Kept apart from the zod schemas so the pages that show them load no zod.
 */
import type { Permission, Reach, Role } from './roles';

/** `GET /api/account`: who is signed in and what their role lets them do. */
export interface Account {
  id: number;
  login: string;
  displayName: string;
  role: Role;
  /** Every permission the role holds, and how far (the pages show only what is allowed). */
  grants: Partial<Record<Permission, Reach>>;
}

/** One person of the team, as `GET /api/team` lists them (never their password hash). */
export interface Person {
  id: number;
  login: string;
  displayName: string;
  role: Role;
  /** A disabled person cannot sign in and their keys do not work; what they made stays. */
  disabled: boolean;
  createdAt: string;
}

/** `GET /api/team`: everyone, oldest first. */
export interface TeamList {
  people: Person[];
}

/** Where an invitation stands: open to accept, or why it no longer is. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** An invitation as the team sees it: never its token, which only its link carries. */
export interface Invitation {
  id: number;
  role: Role;
  /** Who it is for, in the inviter's words (an email or a name); may be ''. */
  label: string;
  createdAt: string;
  expiresAt: string;
  /** The inviter's display name. */
  createdBy: string;
  status: InvitationStatus;
}

/** `GET /api/team/invitations`: newest first. */
export interface InvitationList {
  invitations: Invitation[];
}

/** `POST /api/team/invitations`: the invitation and its link, shown this once (only a hash is kept). */
export interface CreatedInvitation {
  invitation: Invitation;
  url: string;
}

/** `GET /api/invitations/:token`: what the invitee is told before choosing a password. */
export interface PublicInvitation {
  role: Role;
  label: string;
  expiresAt: string;
  /** The inviter's display name. */
  invitedBy: string;
}

/**
 * The rules of an invitation and of the account it makes: an expiry of 1 to 14 days (7 unless
 * chosen), a login of letters, digits and `. _ - @ +` (an email or a user name), a password of at
 * least 12 characters.
 */
export const TEAM_LIMITS = {
  invitationDaysMin: 1,
  invitationDaysMax: 14,
  invitationDaysDefault: 7,
  label: 254,
  login: 254,
  displayName: 100,
} as const;

/** What a login may hold: an email or a user name. */
export const LOGIN_PATTERN = /^[A-Za-z0-9._@+-]+$/;

/** The site's page where an invitation's link leads: `/invite/<token>`. */
export const INVITE_PAGE_PREFIX = '/invite/';

export const TEAM_MESSAGES = {
  ownerProtected: 'The Owner cannot be changed; hand ownership over first',
  roleNotGrantable: 'Your role cannot give this role',
  personNotFound: 'No such person',
  selfDisable: 'You cannot disable yourself',
  ownershipTarget: 'Ownership can only go to an enabled Administrator',
  invitationNotFound: 'No such invitation',
  invitationExpired: 'This invitation has expired',
  invitationUsed: 'This invitation has already been used',
  invitationRevoked: 'This invitation was revoked',
  loginTaken: 'This login is already taken',
  loginPattern: 'Login may hold only letters, digits and . _ - @ +',
} as const;
