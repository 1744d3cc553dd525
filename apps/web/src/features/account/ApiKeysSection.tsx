import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import {
  API_KEY_SCOPE_LABELS,
  scopesOfRole,
  type Account,
  type ApiKeyList,
  type ApiKeyListing,
  type CreatedApiKey,
} from '@toolvault/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Badge } from '../../components/Badge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import type { ApiFailure } from '../../lib/api';
import { formatCount, formatDateTime } from '../../lib/format';
import { fromApi } from '../../lib/query';
import { useAdminToken } from '../auth/admin-session';
import { accountApi, currentToken } from './account.api';
import { accountKeys } from './account.queries';
import type { KeyRequest } from './account.service';
import { NewKeyBox, NewKeyForm } from './NewKeyForm';

const HEADING_ID = 'account-keys-heading';

/** Keys for scripts: a form for a new one (shown once), the list of those in use, and revoking. */
export function ApiKeysSection({
  keys,
  account,
  onExpired,
}: {
  keys: UseQueryResult<ApiKeyList>;
  /** The signed-in person, once known: their role decides which scopes are offered. */
  account: Account | undefined;
  onExpired: () => void;
}) {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyListing | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: accountKeys.keys(token) });
  const create = useMutation({
    mutationFn: (body: KeyRequest) => fromApi(accountApi.createKey(currentToken(), body)),
    onSuccess: reload,
  });
  const revoke = useMutation({
    mutationFn: (key: ApiKeyListing) => fromApi(accountApi.revokeKey(currentToken(), key.id)),
    // Asked again whatever the answer: a key revoked elsewhere is gone from the list too.
    onSettled: (_answer, error) => (error?.status === 401 ? undefined : reload()),
  });

  const onCreate = async (request: KeyRequest): Promise<ApiFailure | null> => {
    try {
      setCreated(await create.mutateAsync(request));
      return null;
    } catch (failure) {
      const error = failure as ApiFailure;
      if (error.status === 401) onExpired();
      return error;
    }
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    const { name } = revoking;
    revoke.mutate(revoking, {
      onSettled: () => setRevoking(null),
      onSuccess: () => toast.success('Key revoked', { description: `“${name}” no longer works.` }),
      onError: (error) =>
        error.status === 401 ? onExpired() : toast.error('Could not revoke the key', { description: error.message }),
    });
  };

  return (
    <Card>
      <h2 id={HEADING_ID} tabIndex={-1} className={`${ui.subheading} focus:outline-none`}>
        API keys
      </h2>
      <p className={`mt-1 ${ui.muted}`}>
        Keys let scripts use the API as you, with <code>Authorization: Bearer tv_…</code>, within the scopes you choose.
        They can never do more than your role allows.
      </p>
      <div className="mt-4 grid gap-6">
        {created ? <NewKeyBox created={created} onDone={() => setCreated(null)} /> : null}
        {account ? (
          <NewKeyForm allowed={scopesOfRole(account.role)} busy={create.isPending} onCreate={onCreate} />
        ) : null}
        <KeyList keys={keys} onRevoke={setRevoking} />
      </div>
      {revoking ? (
        <ConfirmDialog
          title="Revoke this key?"
          confirmLabel={revoke.isPending ? 'Revoking...' : 'Revoke'}
          busy={revoke.isPending}
          fallbackFocusId={HEADING_ID}
          onCancel={() => setRevoking(null)}
          onConfirm={confirmRevoke}
        >
          <p className="[overflow-wrap:anywhere]">
            “{revoking.name}” ({revoking.prefix}…) stops working at once: scripts using it will be refused. This cannot
            be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}

function KeyList({ keys, onRevoke }: { keys: UseQueryResult<ApiKeyList>; onRevoke: (key: ApiKeyListing) => void }) {
  if (keys.status === 'pending') {
    return (
      <p role="status" className={ui.muted}>
        Loading...
      </p>
    );
  }
  if (keys.status === 'error') {
    return <LoadError what="your keys" reason={keys.error.message} onRetry={() => void keys.refetch()} />;
  }
  if (keys.data.keys.length === 0) return <p className={ui.muted}>No API keys yet.</p>;
  return (
    <ul className="grid gap-3" aria-label="Your API keys">
      {keys.data.keys.map((key) => (
        <KeyRow key={key.id} apiKey={key} loadedAt={keys.dataUpdatedAt} onRevoke={() => onRevoke(key)} />
      ))}
    </ul>
  );
}

const when = (iso: string | null, none: string) =>
  iso === null ? none : <time dateTime={iso}>{formatDateTime(new Date(iso))}</time>;

function KeyRow({
  apiKey,
  loadedAt,
  onRevoke,
}: {
  apiKey: ApiKeyListing;
  /** When the list was loaded (ms): a key past its expiry then is shown as expired. */
  loadedAt: number;
  onRevoke: () => void;
}) {
  const expired = apiKey.expiresAt !== null && Date.parse(apiKey.expiresAt) <= loadedAt;
  return (
    <li className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold break-words text-slate-900 dark:text-white">
            {apiKey.name}
            {expired ? <Badge tone="red">Expired</Badge> : null}
          </p>
          <p className="font-mono text-sm text-slate-700 dark:text-slate-300">{apiKey.prefix}…</p>
        </div>
        <button type="button" className={ui.smallDangerButton} onClick={onRevoke} aria-label={`Revoke ${apiKey.name}`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Revoke
        </button>
      </div>
      <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Scopes">
        {apiKey.scopes.map((scope) => (
          <li key={scope}>
            <Badge tone="sky">{API_KEY_SCOPE_LABELS[scope].label}</Badge>
          </li>
        ))}
      </ul>
      <dl className="mt-2 grid gap-x-4 gap-y-0.5 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600 dark:text-slate-400">Created</dt>
        <dd className="text-slate-800 dark:text-slate-200">{when(apiKey.createdAt, '')}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Last used</dt>
        <dd className="text-slate-800 dark:text-slate-200">{when(apiKey.lastUsedAt, 'Never')}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Expires</dt>
        <dd className="text-slate-800 dark:text-slate-200">{when(apiKey.expiresAt, 'Never')}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Rate limit</dt>
        <dd className="text-slate-800 dark:text-slate-200">{formatCount(apiKey.rateLimit)} requests a minute</dd>
      </dl>
    </li>
  );
}
