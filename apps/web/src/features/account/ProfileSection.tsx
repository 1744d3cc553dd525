import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { ACCOUNT_LIMITS, ROLE_LABELS, type Account } from '@toolvault/shared';
import { Save } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { TextField } from '../../components/FormField';
import { LoadError } from '../../components/LoadError';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { fromApi, unlessUnauthorized } from '../../lib/query';
import { useAdminToken } from '../auth/admin-session';
import { accountApi, currentToken } from './account.api';
import { accountKeys } from './account.queries';

const NAME_REQUIRED = 'Display name is required';
const NAME_TOO_LONG = `Display name must be at most ${ACCOUNT_LIMITS.displayName} characters`;

/** The display name's problem, or null: the rules the server applies, checked before sending. */
function displayNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return NAME_REQUIRED;
  return trimmed.length > ACCOUNT_LIMITS.displayName ? NAME_TOO_LONG : null;
}

/** Who the person is: their login and role (set by others) and their display name (theirs to change). */
export function ProfileSection({ account, onExpired }: { account: UseQueryResult<Account>; onExpired: () => void }) {
  const headingId = useId();
  return (
    <Card>
      <h2 id={headingId} className={ui.subheading}>
        Profile
      </h2>
      {account.status === 'pending' ? (
        <p role="status" className={`mt-4 ${ui.muted}`}>
          Loading...
        </p>
      ) : account.status === 'error' ? (
        <div className="mt-4">
          <LoadError what="your account" reason={account.error.message} onRetry={() => void account.refetch()} />
        </div>
      ) : (
        <ProfileForm key={account.data.displayName} account={account.data} onExpired={onExpired} />
      )}
    </Card>
  );
}

function ProfileForm({ account, onExpired }: { account: Account; onExpired: () => void }) {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  const [name, setName] = useState(account.displayName);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const rename = useMutation({
    mutationFn: (displayName: string) => fromApi(accountApi.rename(currentToken(), { displayName })),
    onSuccess: (changed) => queryClient.setQueryData(accountKeys.me(token), changed),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rename.isPending) return;
    const problem = displayNameProblem(name);
    setError(problem);
    if (problem) return;
    rename.mutate(name.trim(), {
      onSuccess: (changed) => toast.success('Display name saved', { description: changed.displayName }),
      onError: unlessUnauthorized(onExpired, (failure) => setError(failure.message)),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-4" aria-label="Profile">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-800 dark:text-slate-200">Login</dt>
        <dd className="font-mono break-all text-slate-700 dark:text-slate-300">{account.login}</dd>
        <dt className="font-medium text-slate-800 dark:text-slate-200">Role</dt>
        <dd className="text-slate-700 dark:text-slate-300">{ROLE_LABELS[account.role]}</dd>
      </dl>
      <TextField
        id={fieldId}
        label="Display name"
        value={name}
        onValueChange={(value) => {
          setName(value);
          setError(null);
        }}
        autoComplete="name"
        maxLength={ACCOUNT_LIMITS.displayName + 20}
        hint="Shown as the author of your posts and beside your changes."
        error={error}
      />
      <div>
        <button type="submit" className={ui.button} disabled={rename.isPending}>
          <Save aria-hidden="true" className="size-4" />
          {rename.isPending ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
