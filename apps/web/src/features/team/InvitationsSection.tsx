import { ROLE_LABELS, TEAM_LIMITS, type Account, type CreatedInvitation, type Invitation } from '@toolvault/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Badge } from '../../components/Badge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { SelectField, TextField } from '../../components/FormField';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { fromApi, unlessUnauthorized } from '../../lib/query';
import { getAdminToken } from '../auth/admin-session';
import { FormEnd } from './FormEnd';
import { LoadFailed } from './LoadFailed';
import { TeamTable } from './TeamTable';
import { teamApi, teamKeys } from './team.api';
import {
  emptyInvitationForm,
  formatDateTime,
  invitationPayload,
  roleChoices,
  STATUS_BADGES,
  type InvitationFormValues,
} from './team.service';
import { useTeamQuery } from './use-team-query';

const HEADING_ID = 'team-invitations-heading';

/** Invitations: a form for those who may invite, the one-time link of the last one made, and the list. */
export function InvitationsSection({ account, onExpired }: { account: Account; onExpired: () => void }) {
  const queryClient = useQueryClient();
  const invitations = useTeamQuery(teamKeys.invitations, teamApi.invitations, onExpired);

  const invites = account.grants['team:invite'] !== undefined && roleChoices(account.role).length > 0;
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamKeys.invitations });

  const revoke = useMutation({
    mutationFn: (invitation: Invitation) => fromApi(teamApi.revokeInvitation(getAdminToken(), invitation.id)),
    onSettled: async (_answer, error) => {
      if (error?.status !== 401) await refresh();
    },
  });
  const confirmRevoke = () => {
    if (!revoking) return;
    const invitation = revoking;
    revoke.mutate(invitation, {
      onSuccess: () => toast.success('Invitation revoked', { description: invitation.label || undefined }),
      onError: unlessUnauthorized(onExpired, (error) =>
        toast.error('Could not revoke the invitation', { description: error.message }),
      ),
      onSettled: () => setRevoking(null),
    });
  };

  return (
    <section aria-labelledby={HEADING_ID} className="grid gap-6">
      <h2 id={HEADING_ID} tabIndex={-1} className={ui.subheading}>
        Invitations
      </h2>
      {invites ? (
        <InvitationForm
          account={account}
          onExpired={onExpired}
          onCreated={async (answer) => {
            setCreated(answer);
            await refresh();
          }}
        />
      ) : null}
      {created ? <CreatedLink created={created} onDone={() => setCreated(null)} /> : null}
      {invitations.isPending ? (
        <p role="status" className={ui.muted}>
          Loading invitations…
        </p>
      ) : invitations.isError ? (
        <LoadFailed
          what="the invitations"
          message={invitations.error.message}
          onRetry={() => void invitations.refetch()}
        />
      ) : invitations.data.invitations.length === 0 ? (
        <p className={ui.muted}>No invitations yet.</p>
      ) : (
        <InvitationTable
          invitations={invitations.data.invitations}
          mayRevoke={invites}
          busy={revoke.isPending}
          onRevoke={setRevoking}
        />
      )}
      {revoking ? (
        <ConfirmDialog
          title="Revoke this invitation?"
          confirmLabel={revoke.isPending ? 'Revoking…' : 'Revoke'}
          busy={revoke.isPending}
          fallbackFocusId={HEADING_ID}
          onCancel={() => setRevoking(null)}
          onConfirm={confirmRevoke}
        >
          <p className="[overflow-wrap:anywhere]">
            The link {revoking.label ? `for ${revoking.label} ` : ''}stops working at once; nobody can join with it.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function InvitationForm({
  account,
  onExpired,
  onCreated,
}: {
  account: Account;
  onExpired: () => void;
  onCreated: (created: CreatedInvitation) => Promise<void>;
}) {
  const choices = roleChoices(account.role);
  const initialRole = choices.some((choice) => choice.value === 'author') ? 'author' : choices[0]!.value;
  const [values, setValues] = useState<InvitationFormValues>(() => emptyInvitationForm(initialRole));
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: Parameters<typeof teamApi.createInvitation>[1]) =>
      fromApi(teamApi.createInvitation(getAdminToken(), body)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const payload = invitationPayload(values);
    if (!payload.ok) {
      setProblem(payload.error);
      return;
    }
    setProblem(null);
    create.mutate(payload.value, {
      onSuccess: async (answer) => {
        setValues(emptyInvitationForm(initialRole));
        toast.success('Invitation created', { description: 'Copy its link now: it is shown only once.' });
        await onCreated(answer);
      },
      onError: unlessUnauthorized(onExpired, (error) => setProblem(error.message)),
    });
  };

  return (
    <Card>
      <form aria-labelledby="team-invite-heading" noValidate onSubmit={submit} className="grid gap-4">
        <h3 id="team-invite-heading" className="font-semibold text-slate-900 dark:text-white">
          Invite someone
        </h3>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            id="team-invite-role"
            label="Role"
            value={values.role}
            options={choices}
            onValueChange={(role) => setValues((current) => ({ ...current, role }))}
          />
          <TextField
            id="team-invite-label"
            label="Who it is for (optional)"
            hint="An email or a name, to tell invitations apart."
            value={values.label}
            maxLength={TEAM_LIMITS.label}
            onValueChange={(label) => setValues((current) => ({ ...current, label }))}
          />
          <TextField
            id="team-invite-days"
            label="Expires after (days)"
            hint={`${TEAM_LIMITS.invitationDaysMin} to ${TEAM_LIMITS.invitationDaysMax} days.`}
            type="number"
            inputMode="numeric"
            min={TEAM_LIMITS.invitationDaysMin}
            max={TEAM_LIMITS.invitationDaysMax}
            value={values.days}
            onValueChange={(days) => setValues((current) => ({ ...current, days }))}
          />
        </div>
        <FormEnd problem={problem} busy={create.isPending} label="Create invitation" busyLabel="Creating…" />
      </form>
    </Card>
  );
}

/** The link of the invitation just made: only its hash is kept, so this is the one time it can be copied. */
function CreatedLink({ created, onDone }: { created: CreatedInvitation; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [created]);
  const { invitation, url } = created;
  return (
    <div
      role="region"
      aria-labelledby="team-invite-link-heading"
      className="rounded-xl border border-emerald-300 bg-emerald-50 p-5 dark:border-emerald-700 dark:bg-emerald-950"
    >
      <h3
        id="team-invite-link-heading"
        ref={heading}
        tabIndex={-1}
        className="font-semibold text-emerald-950 dark:text-emerald-100"
      >
        Invitation link: shown once
      </h3>
      <p className="mt-1 text-sm text-emerald-950 dark:text-emerald-100 [overflow-wrap:anywhere]">
        Send it to {invitation.label || 'the person you invite'} ({ROLE_LABELS[invitation.role]}). It works until{' '}
        {formatDateTime(invitation.expiresAt)}. Only a fingerprint of it is stored, so it cannot be shown again.
      </p>
      <label htmlFor="team-invite-link" className="sr-only">
        Invitation link
      </label>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          id="team-invite-link"
          readOnly
          value={url}
          className={`${ui.input} font-mono`}
          onFocus={(event) => event.target.select()}
        />
        <CopyButton text={url} description="Invitation link copied" label="Copy link" />
        <button type="button" className={ui.buttonSecondary} onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

function InvitationTable({
  invitations,
  mayRevoke,
  busy,
  onRevoke,
}: {
  invitations: Invitation[];
  mayRevoke: boolean;
  busy: boolean;
  onRevoke: (invitation: Invitation) => void;
}) {
  return (
    <TeamTable caption="Invitations, newest first" columns={['For', 'Role', 'Status', 'Invited by', 'Expires']}>
      {invitations.map((invitation) => {
        const badge = STATUS_BADGES[invitation.status];
        return (
          <tr key={invitation.id}>
            <td className="px-4 py-3 [overflow-wrap:anywhere]">
              {invitation.label || <span className={ui.muted}>No label</span>}
            </td>
            <td className="px-4 py-3">{ROLE_LABELS[invitation.role]}</td>
            <td className="px-4 py-3">
              <Badge tone={badge.tone}>{badge.label}</Badge>
            </td>
            <td className="px-4 py-3 [overflow-wrap:anywhere]">{invitation.createdBy}</td>
            <td className="px-4 py-3">{formatDateTime(invitation.expiresAt)}</td>
            <td className="px-4 py-3 text-right">
              {mayRevoke && invitation.status === 'pending' ? (
                <button
                  type="button"
                  className={ui.buttonSecondary}
                  disabled={busy}
                  onClick={() => onRevoke(invitation)}
                >
                  Revoke{' '}
                  <span className="sr-only">the invitation{invitation.label ? ` for ${invitation.label}` : ''}</span>
                </button>
              ) : null}
            </td>
          </tr>
        );
      })}
    </TeamTable>
  );
}
