import { ACCOUNT_LIMITS, ROLE_LABELS, type PublicInvitation } from '@toolvault/shared';
import type { AcceptInvitation } from '@toolvault/shared/schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { RotateCw, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { TextField } from '../../components/FormField';
import { Meta } from '../../components/Head';
import { OfflineNotice } from '../../components/OfflineNotice';
import { Card, Page } from '../../components/Page';
import { ui } from '../../components/ui';
import { fromApi, QueryProvider } from '../../lib/query';
import { setAdminToken } from '../auth/admin-session';
import { FormEnd } from './FormEnd';
import { teamApi, teamKeys } from './team.api';
import {
  acceptPayload,
  EMPTY_ACCEPT_FORM,
  formatDateTime,
  invitationProblem,
  type AcceptErrors,
  type AcceptField,
  type AcceptFormValues,
  type InvitationProblem,
} from './team.service';

/** /invite/:token: what the invitation offers, then the account the invitee chooses. */
export default function InvitePage() {
  const { token = '' } = useParams();
  return (
    <Page title="Join the team" width="narrow">
      <Meta name="robots" content="noindex" />
      {/* The address holds the invitation's secret: no other site is told it. */}
      <Meta name="referrer" content="no-referrer" />
      <OfflineNotice what="Accepting an invitation" />
      <QueryProvider>
        <Invitation token={token} />
      </QueryProvider>
    </Page>
  );
}

function Invitation({ token }: { token: string }) {
  const invitation = useQuery({
    queryKey: teamKeys.invitation(token),
    queryFn: ({ signal }) => fromApi(teamApi.readInvitation(token, signal)),
  });
  // Set when an accept finds the link gone meanwhile (used, revoked or expired).
  const [gone, setGone] = useState<InvitationProblem | null>(null);

  if (invitation.isPending) {
    return (
      <p role="status" className={`${ui.muted} py-12`}>
        Loading the invitation…
      </p>
    );
  }
  const problem = gone ?? (invitation.isError ? invitationProblem(invitation.error) : null);
  if (problem || invitation.isError) {
    const shown = problem ?? {
      title: 'Could not load the invitation',
      text: invitation.error?.message ?? '',
      retry: true,
    };
    return <Gone problem={shown} onRetry={() => void invitation.refetch()} />;
  }
  return <AcceptForm token={token} invitation={invitation.data} onGone={setGone} />;
}

function Gone({ problem, onRetry }: { problem: InvitationProblem; onRetry: () => void }) {
  return (
    <div className="py-12">
      <Card>
        <div role="alert">
          <h1 className={ui.heading}>{problem.title}</h1>
          <p className="mt-3 text-slate-700 dark:text-slate-300">{problem.text}</p>
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          {problem.retry ? (
            <button type="button" className={ui.button} onClick={onRetry}>
              <RotateCw aria-hidden="true" className="size-4" />
              Try again
            </button>
          ) : null}
          <Link to="/login" className={ui.buttonSecondary}>
            Go to sign in
          </Link>
        </div>
      </Card>
    </div>
  );
}

const FIELDS: { name: AcceptField; label: string; type: string; autoComplete: string; hint?: string }[] = [
  {
    name: 'login',
    label: 'Login',
    type: 'text',
    autoComplete: 'username',
    hint: 'An email or a user name: letters, digits and . _ - @ +',
  },
  {
    name: 'displayName',
    label: 'Display name',
    type: 'text',
    autoComplete: 'name',
    hint: 'Shown to the team and on your posts.',
  },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: `At least ${ACCOUNT_LIMITS.passwordMin} characters.`,
  },
  { name: 'confirm', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
];

function AcceptForm({
  token,
  invitation,
  onGone,
}: {
  token: string;
  invitation: PublicInvitation;
  onGone: (problem: InvitationProblem) => void;
}) {
  const navigate = useNavigate();
  const [values, setValues] = useState<AcceptFormValues>(EMPTY_ACCEPT_FORM);
  const [errors, setErrors] = useState<AcceptErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const accept = useMutation({
    mutationFn: (body: AcceptInvitation) => fromApi(teamApi.acceptInvitation(token, body)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (accept.isPending) return;
    const payload = acceptPayload(values);
    if (!payload.ok) {
      setErrors(payload.error);
      setProblem(null);
      // The first field in error takes focus, so a keyboard or screen reader user lands on it.
      const first = FIELDS.find((field) => payload.error[field.name]);
      if (first) document.getElementById(`invite-${first.name}`)?.focus();
      return;
    }
    setErrors({});
    setProblem(null);
    accept.mutate(payload.value, {
      onSuccess: ({ token: session }) => {
        setAdminToken(session);
        toast.success('Welcome to the team', { description: `Signed in as ${payload.value.displayName}` });
        void navigate('/blog-admin');
      },
      onError: (error) => {
        const gone = invitationProblem(error);
        if (gone && !gone.retry) onGone(gone);
        else if (error.code === 'LOGIN_TAKEN') {
          setErrors({ login: error.message });
          document.getElementById('invite-login')?.focus();
        } else setProblem(error.message);
      },
    });
  };

  return (
    <div className="py-12">
      <Card>
        <h1 className={ui.heading}>Join the team</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300 [overflow-wrap:anywhere]">
          {invitation.invitedBy || 'Someone'} invited {invitation.label || 'you'} to join as{' '}
          <strong>{ROLE_LABELS[invitation.role]}</strong>. The invitation works until{' '}
          {formatDateTime(invitation.expiresAt)}.
        </p>
        <form aria-label="Create your account" noValidate onSubmit={submit} className="mt-6 grid gap-4">
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              id={`invite-${field.name}`}
              label={field.label}
              type={field.type}
              autoComplete={field.autoComplete}
              hint={field.hint}
              error={errors[field.name] ?? null}
              required
              value={values[field.name]}
              onValueChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
            />
          ))}
          <FormEnd
            problem={problem}
            busy={accept.isPending}
            label="Create account and sign in"
            busyLabel="Creating your account…"
            icon={<UserPlus aria-hidden="true" className="size-4" />}
          />
        </form>
      </Card>
    </div>
  );
}
