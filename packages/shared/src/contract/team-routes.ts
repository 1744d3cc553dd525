/**
 * The team (docs/decisions/0015-team-accounts.md): its people and their roles, ownership, and the
 * invitations that bring new people in. Managing people is for signed-in people only: no API key
 * scope stands for these permissions. The invitee's two routes are public: the link's token is
 * the credential.
 */
import { ACCOUNT_LIMITS } from '../account';
import { ENDPOINTS } from '../endpoints';
import { ROLES } from '../roles';
import {
  INVITATION_STATUSES,
  TEAM_LIMITS,
  type CreatedInvitation,
  type Invitation,
  type InvitationList,
  type Person,
  type PublicInvitation,
  type TeamList,
} from '../team';
import {
  ZAcceptInvitation,
  ZInvitationIdParams,
  ZInvitationInput,
  ZInvitationTokenParams,
  ZOwnershipTransfer,
  ZPersonIdParams,
  ZPersonUpdate,
} from '../team.schemas';
import { z } from '../zod';
import { exactly, ZAdminLoginResponse } from './responses';
import { RATE_LIMITS, route } from './route';

const isoTime = z.string().meta({ description: 'ISO 8601 date-time, UTC', format: 'date-time' });

export const ZPerson = exactly<Person>()(
  z
    .object({
      id: z.number().int().positive(),
      login: z.string(),
      displayName: z.string(),
      role: z.enum(ROLES),
      disabled: z.boolean(),
      createdAt: isoTime,
    })
    .meta({ id: 'Person' }),
);

export const ZTeamList = exactly<TeamList>()(z.object({ people: z.array(ZPerson) }));

export const ZInvitation = exactly<Invitation>()(
  z
    .object({
      id: z.number().int().positive(),
      role: z.enum(ROLES),
      label: z.string(),
      createdAt: isoTime,
      expiresAt: isoTime,
      createdBy: z.string().meta({ description: "The inviter's display name" }),
      status: z.enum(INVITATION_STATUSES),
    })
    .meta({ id: 'Invitation' }),
);

export const ZInvitationList = exactly<InvitationList>()(z.object({ invitations: z.array(ZInvitation) }));

export const ZCreatedInvitation = exactly<CreatedInvitation>()(
  z.object({
    invitation: ZInvitation,
    url: z.string().meta({ description: 'The link to give the invitee; shown this once, never stored' }),
  }),
);

export const ZPublicInvitation = exactly<PublicInvitation>()(
  z.object({
    role: z.enum(ROLES),
    label: z.string(),
    expiresAt: isoTime,
    invitedBy: z.string().meta({ description: "The inviter's display name" }),
  }),
);

/** Why a token no longer opens an invitation, besides naming none. */
const invitationGone = ['INVITATION_NOT_FOUND', 'INVITATION_EXPIRED', 'INVITATION_USED', 'INVITATION_REVOKED'] as const;

export const TEAM_API = {
  teamList: route({
    ...ENDPOINTS.teamList,
    tag: 'Team',
    summary: 'Everyone on the team, with their role and whether they are disabled',
    auth: 'admin',
    permission: { permission: 'team:read' },
    response: { status: 200, description: 'The people, oldest first', schema: ZTeamList },
    errors: [],
  }),
  teamUpdatePerson: route({
    ...ENDPOINTS.teamUpdatePerson,
    tag: 'Team',
    summary: "Change a person's role, or disable or enable them",
    description:
      'Disabling ends all their sessions at once, on every replica, and their API keys stop working; what ' +
      'they made stays. The Owner cannot be changed (hand ownership over first), nobody is made Owner here, ' +
      "a role is given only within what the caller's own role may grant, and nobody disables themselves.",
    auth: 'admin',
    permission: { permission: 'team:manage' },
    params: ZPersonIdParams,
    invalidParams: 'PERSON_NOT_FOUND',
    body: { schema: ZPersonUpdate },
    response: { status: 200, description: 'The person as they are now', schema: ZPerson },
    errors: ['PERSON_NOT_FOUND', 'OWNER_PROTECTED', 'ROLE_NOT_GRANTABLE', 'SELF_DISABLE'],
  }),
  teamTransferOwnership: route({
    ...ENDPOINTS.teamTransferOwnership,
    tag: 'Team',
    summary: 'Hand ownership over to an enabled Administrator; the Owner becomes an Administrator',
    auth: 'admin',
    permission: { permission: 'ownership:transfer' },
    body: { schema: ZOwnershipTransfer },
    response: { status: 204, description: 'The Administrator is the Owner now' },
    errors: ['PERSON_NOT_FOUND', 'OWNERSHIP_TARGET_INVALID'],
  }),
  invitationList: route({
    ...ENDPOINTS.invitationList,
    tag: 'Team',
    summary: 'The invitations, newest first, with where each stands',
    auth: 'admin',
    permission: { permission: 'team:read' },
    response: { status: 200, description: 'The invitations (never their tokens)', schema: ZInvitationList },
    errors: [],
  }),
  invitationCreate: route({
    ...ENDPOINTS.invitationCreate,
    tag: 'Team',
    summary: 'Invite someone with a role; answers the one-time link',
    description:
      "The role must be one the caller's role may grant (an Editor invites Authors and Contributors). The link's " +
      'token is shown only in this answer: only its SHA-256 is stored.',
    auth: 'admin',
    permission: { permission: 'team:invite' },
    body: { schema: ZInvitationInput },
    response: { status: 201, description: 'The invitation and its link', schema: ZCreatedInvitation },
    errors: ['ROLE_NOT_GRANTABLE'],
    limits: [
      `Expires after ${TEAM_LIMITS.invitationDaysMin} to ${TEAM_LIMITS.invitationDaysMax} days (${TEAM_LIMITS.invitationDaysDefault} by default)`,
    ],
  }),
  invitationRevoke: route({
    ...ENDPOINTS.invitationRevoke,
    tag: 'Team',
    summary: 'Revoke an invitation: its link stops working',
    auth: 'admin',
    permission: { permission: 'team:invite' },
    params: ZInvitationIdParams,
    invalidParams: 'INVITATION_NOT_FOUND',
    response: { status: 204, description: 'Revoked (or already revoked)' },
    errors: ['INVITATION_NOT_FOUND', 'INVITATION_USED'],
  }),
  invitationRead: route({
    ...ENDPOINTS.invitationRead,
    tag: 'Team',
    summary: "An invitation as its link's holder sees it",
    auth: 'public',
    params: ZInvitationTokenParams,
    invalidParams: 'INVITATION_NOT_FOUND',
    response: { status: 200, description: 'The role offered and who offers it', schema: ZPublicInvitation },
    errors: invitationGone,
  }),
  invitationAccept: route({
    ...ENDPOINTS.invitationAccept,
    tag: 'Team',
    summary: 'Accept an invitation: make the account and sign in',
    description:
      'Accepting is once: of two requests with one token at the same moment, one makes the account and the ' +
      'other answers INVITATION_USED.',
    auth: 'public',
    params: ZInvitationTokenParams,
    invalidParams: 'INVITATION_NOT_FOUND',
    body: { schema: ZAcceptInvitation },
    response: { status: 201, description: 'A session token for the new person', schema: ZAdminLoginResponse },
    errors: [...invitationGone, 'LOGIN_TAKEN'],
    rateLimit: RATE_LIMITS.invitationAccept,
    limits: [`Password of ${ACCOUNT_LIMITS.passwordMin} to ${ACCOUNT_LIMITS.passwordMax} characters`],
  }),
};
