/**
 * The team's request bodies and parameters: people, ownership and invitations
 * (docs/decisions/0015-team-accounts.md). The web forms check with the same rules.
 */
import { ZNewPassword } from './account.schemas';
import { ROLES } from './roles';
import { LOGIN_PATTERN, TEAM_LIMITS, TEAM_MESSAGES } from './team';
import { optionalText, positiveIdParameter, requiredText, text } from './text.schemas';
import { z } from './zod';

const role = z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` });

/** `:id` of `PUT /api/team/people/:id`. */
export const ZPersonIdParams = z.object({ id: positiveIdParameter('Person id must be a positive integer') });

/** `PUT /api/team/people/:id`: a new role, disabled or enabled again; what is absent stays. */
export const ZPersonUpdate = z.strictObject({
  role: role.optional(),
  disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
});
export type PersonUpdate = z.infer<typeof ZPersonUpdate>;

/** `POST /api/team/ownership`: the Administrator who becomes the Owner. */
export const ZOwnershipTransfer = z.strictObject({
  userId: z
    .number({ error: 'userId must be a person id' })
    .int({ error: 'userId must be a person id' })
    .positive({ error: 'userId must be a person id' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'userId must be a person id' }),
});
export type OwnershipTransfer = z.infer<typeof ZOwnershipTransfer>;

const daysMessage = `expiresInDays must be a whole number from ${TEAM_LIMITS.invitationDaysMin} to ${TEAM_LIMITS.invitationDaysMax}`;

/** `POST /api/team/invitations`: the role to join with, who it is for, and how long the link works. */
export const ZInvitationInput = z.strictObject({
  role,
  label: optionalText(TEAM_LIMITS.label, 'Label').meta({ description: 'Who it is for: an email or a name' }),
  expiresInDays: z
    .number({ error: daysMessage })
    .int({ error: daysMessage })
    .min(TEAM_LIMITS.invitationDaysMin, { error: daysMessage })
    .max(TEAM_LIMITS.invitationDaysMax, { error: daysMessage })
    .default(TEAM_LIMITS.invitationDaysDefault),
});
export type InvitationInput = z.output<typeof ZInvitationInput>;
/** What a client sends: label and expiresInDays may be left out. */
export type InvitationInputBody = z.input<typeof ZInvitationInput>;

/** `:id` of `DELETE /api/team/invitations/:id`. */
export const ZInvitationIdParams = z.object({ id: positiveIdParameter('Invitation id must be a positive integer') });

/** An invitation's token as its link carries it: 32 random bytes in base64url. */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** `:token` of `/api/invitations/:token`. */
export const ZInvitationTokenParams = z.object({
  token: text(TEAM_MESSAGES.invitationNotFound)
    .regex(INVITATION_TOKEN_PATTERN, { error: TEAM_MESSAGES.invitationNotFound })
    .meta({ description: "The token of the invitation's link" }),
});

/**
 * A new person's login: an email or a user name, compared lower-case. Not trimmed: a space is not
 * one of its characters, so the form trims and the API refuses one, as its pattern says.
 */
export const ZNewLogin = text('Login is required')
  .min(1, { error: 'Login is required' })
  .max(TEAM_LIMITS.login, { error: `Login must be at most ${TEAM_LIMITS.login} characters` })
  .regex(LOGIN_PATTERN, { error: TEAM_MESSAGES.loginPattern });

/** A new password: at least 12 characters; the cap only stops abuse of the hash function. */
/** `POST /api/invitations/:token/accept`: the account the invitee chooses. */
export const ZAcceptInvitation = z.strictObject({
  login: ZNewLogin,
  displayName: requiredText('Display name is required', TEAM_LIMITS.displayName, 'Display name'),
  password: ZNewPassword,
});
export type AcceptInvitation = z.infer<typeof ZAcceptInvitation>;
