import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_LIMITS } from '@toolvault/shared';
import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { TextField } from '../../components/FormField';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { fromApi, unlessUnauthorized } from '../../lib/query';
import { useAdminToken } from '../auth/admin-session';
import { accountApi, currentToken } from './account.api';
import { accountKeys } from './account.queries';
import {
  EMPTY_PASSWORD_FORM,
  passwordChangeFrom,
  type PasswordForm,
  type PasswordFormProblems,
} from './account.service';

const FIELDS: readonly (keyof PasswordForm)[] = ['current', 'next', 'confirm'];

/** Change one's password: the current one, the new one twice. The other sessions end on success. */
export function PasswordSection({ onExpired }: { onExpired: () => void }) {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<PasswordForm>(EMPTY_PASSWORD_FORM);
  const [problems, setProblems] = useState<PasswordFormProblems>({});
  /** A refusal that is about no one field (the operator sets the Owner's password, a throttle). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const ids = { current: useId(), next: useId(), confirm: useId() };
  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      fromApi(accountApi.changePassword(currentToken(), body)),
    // The other sessions have ended: the list shows it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions(token) }),
  });

  const show = (found: PasswordFormProblems) => {
    setProblems(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) document.getElementById(ids[first])?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setRefusal(null);
    const request = passwordChangeFrom(form);
    if (!request.ok) {
      show(request.error);
      return;
    }
    setProblems({});
    change.mutate(request.value, {
      onSuccess: () => {
        setForm(EMPTY_PASSWORD_FORM);
        toast.success('Password changed', { description: 'Your other sessions have been signed out.' });
      },
      onError: unlessUnauthorized(onExpired, (failure) => {
        if (failure.code === 'WRONG_PASSWORD') show({ current: failure.message });
        else if (failure.code === 'VALIDATION') show({ next: failure.message });
        else setRefusal(failure.message);
      }),
    });
  };

  const field = (name: keyof PasswordForm, label: string, autoComplete: string, hint?: string) => (
    <TextField
      id={ids[name]}
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={form[name]}
      onValueChange={(value) => {
        setForm((current) => ({ ...current, [name]: value }));
        setProblems((current) => ({ ...current, [name]: undefined }));
      }}
      hint={hint}
      error={problems[name] ?? null}
    />
  );

  return (
    <Card>
      <h2 className={ui.subheading}>Password</h2>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4" aria-label="Change password">
        {field('current', 'Current password', 'current-password')}
        {field(
          'next',
          'New password',
          'new-password',
          `At least ${ACCOUNT_LIMITS.passwordMin} characters. A few unrelated words make a strong one.`,
        )}
        {field('confirm', 'Confirm new password', 'new-password')}
        {refusal ? (
          <p role="alert" className={ui.error}>
            {refusal}
          </p>
        ) : null}
        <div>
          <button type="submit" className={ui.button} disabled={change.isPending}>
            <KeyRound aria-hidden="true" className="size-4" />
            {change.isPending ? 'Changing...' : 'Change password'}
          </button>
          <p className={`mt-2 ${ui.muted}`}>Your other signed-in devices will be signed out.</p>
        </div>
      </form>
    </Card>
  );
}
