import {
  grantableRoles,
  ROLE_LABELS,
  TEAM_LIMITS,
  TEAM_MESSAGES,
  type ApiErrorCode,
  type InvitationStatus,
  type Person,
  type Role,
} from '@toolvault/shared';
import {
  ZAcceptInvitation,
  ZInvitationInput,
  type AcceptInvitation,
  type InvitationInputBody,
} from '@toolvault/shared/schemas';
import type { BadgeTone } from '../../components/Badge';
import type { SelectOption } from '../../components/FormField';
import { NETWORK_ERROR, type ApiFailure } from '../../lib/api';
import { formatLongDate } from '../../lib/format';
import { err, ok, type Result } from '../../lib/result';

/** The roles `role` may give, as the choices of a select (an Editor: Author and Contributor). */
export function roleChoices(role: Role): SelectOption<Role>[] {
  return grantableRoles(role).map((value) => ({ value, label: ROLE_LABELS[value] }));
}

/**
 * Whether the signed-in person (`me`, of role `myRole`) may change `person` on the Team page: never
 * the Owner, never someone whose role theirs could not give, and the server checks the same.
 */
export function canChange(person: Person, me: { id: number; role: Role }): boolean {
  return person.role !== 'owner' && grantableRoles(me.role).includes(person.role);
}

/** Whether the Owner may hand ownership to `person`: only an enabled Administrator may take it. */
export const canTakeOwnership = (person: Person): boolean => person.role === 'administrator' && !person.disabled;

export const STATUS_BADGES: Readonly<Record<InvitationStatus, { tone: BadgeTone; label: string }>> = {
  pending: { tone: 'sky', label: 'Pending' },
  accepted: { tone: 'emerald', label: 'Accepted' },
  expired: { tone: 'slate', label: 'Expired' },
  revoked: { tone: 'red', label: 'Revoked' },
};

export interface InvitationFormValues {
  role: Role;
  label: string;
  /** The number field's text. */
  days: string;
}

export const emptyInvitationForm = (role: Role): InvitationFormValues => ({
  role,
  label: '',
  days: String(TEAM_LIMITS.invitationDaysDefault),
});

const DAYS_MESSAGE = `The expiry must be a whole number of days from ${TEAM_LIMITS.invitationDaysMin} to ${TEAM_LIMITS.invitationDaysMax}`;

/** The body of `POST /api/team/invitations`, checked by the API's own rules, or the first problem. */
export function invitationPayload(values: InvitationFormValues): Result<InvitationInputBody, string> {
  const days = values.days.trim();
  const expiresInDays = /^\d+$/.test(days) ? Number(days) : Number.NaN;
  if (!(expiresInDays >= TEAM_LIMITS.invitationDaysMin && expiresInDays <= TEAM_LIMITS.invitationDaysMax)) {
    return err(DAYS_MESSAGE);
  }
  const body = { role: values.role, label: values.label.trim(), expiresInDays };
  const parsed = ZInvitationInput.safeParse(body);
  return parsed.success ? ok(body) : err(parsed.error.issues[0]?.message ?? 'Invalid invitation');
}

export interface AcceptFormValues {
  login: string;
  displayName: string;
  password: string;
  confirm: string;
}

export const EMPTY_ACCEPT_FORM: AcceptFormValues = { login: '', displayName: '', password: '', confirm: '' };

export type AcceptField = keyof AcceptFormValues;
export type AcceptErrors = Partial<Record<AcceptField, string>>;

/** The body of `POST /api/invitations/:token/accept`, or a message per field that is wrong. */
export function acceptPayload(values: AcceptFormValues): Result<AcceptInvitation, AcceptErrors> {
  const body = { login: values.login.trim(), displayName: values.displayName.trim(), password: values.password };
  const parsed = ZAcceptInvitation.safeParse(body);
  const errors: AcceptErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'login' || field === 'displayName' || field === 'password') && !errors[field]) {
        errors[field] = issue.message;
      }
    }
  }
  if (values.confirm !== values.password) errors.confirm = 'The passwords do not match';
  return parsed.success && Object.keys(errors).length === 0 ? ok(parsed.data) : err(errors);
}

/** Why an invitation's link opens nothing, as its page says it. */
export interface InvitationProblem {
  title: string;
  text: string;
  /** Only a failure to reach the server is worth trying again. */
  retry: boolean;
}

const GONE: Partial<Record<ApiErrorCode, InvitationProblem>> = {
  INVITATION_NOT_FOUND: {
    title: 'This invitation link is not valid',
    text: 'Check that the whole link was copied, or ask the person who invited you for a new one.',
    retry: false,
  },
  INVITATION_EXPIRED: {
    title: TEAM_MESSAGES.invitationExpired,
    text: 'Ask the person who invited you for a new invitation.',
    retry: false,
  },
  INVITATION_USED: {
    title: TEAM_MESSAGES.invitationUsed,
    text: 'If it was you, sign in with the account you made.',
    retry: false,
  },
  INVITATION_REVOKED: {
    title: TEAM_MESSAGES.invitationRevoked,
    text: 'Ask the person who invited you if you should still join.',
    retry: false,
  },
};

/** The page's explanation of a failed call about an invitation; null when the failure is not about the link. */
export function invitationProblem(failure: ApiFailure): InvitationProblem | null {
  const known = failure.code === undefined ? undefined : GONE[failure.code];
  if (known) return known;
  if (failure.status === 0) return { title: 'Could not load the invitation', text: NETWORK_ERROR, retry: true };
  return null;
}

/** "May 1, 2025, 09:00" in the visitor's time zone: when an invitation ends. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${formatLongDate(date)}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
