import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { AccountSession, AccountSessionList } from '@toolvault/shared';
import { Monitor, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Badge } from '../../components/Badge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { fromApi, unlessUnauthorized } from '../../lib/query';
import { useAdminToken } from '../auth/admin-session';
import { accountApi, currentToken } from './account.api';
import { accountKeys } from './account.queries';
import { deviceName, displayAddress } from './account.service';

const HEADING_ID = 'account-sessions-heading';

/** Every browser signed in as this person: where, when last seen, and a way to end each other one. */
export function SessionsSection({
  sessions,
  onExpired,
}: {
  sessions: UseQueryResult<AccountSessionList>;
  onExpired: () => void;
}) {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState<AccountSession | null>(null);
  const end = useMutation({
    mutationFn: (session: AccountSession) => fromApi(accountApi.endSession(currentToken(), session.id)),
    // Asked again whatever the answer: a session that had already ended is gone from the list too.
    onSettled: (_answer, error) =>
      error?.status === 401 ? undefined : queryClient.invalidateQueries({ queryKey: accountKeys.sessions(token) }),
  });

  const confirmEnd = () => {
    if (!ending) return;
    const device = deviceName(ending.userAgent);
    end.mutate(ending, {
      onSettled: () => setEnding(null),
      onSuccess: () => toast.success('Session ended', { description: `${device} is signed out.` }),
      onError: unlessUnauthorized(onExpired, (failure) =>
        toast.error('Could not end the session', { description: failure.message }),
      ),
    });
  };

  return (
    <Card>
      <h2 id={HEADING_ID} tabIndex={-1} className={`${ui.subheading} focus:outline-none`}>
        Signed-in devices
      </h2>
      <p className={`mt-1 ${ui.muted}`}>
        Where you are signed in now. End a session you do not recognise, then change your password.
      </p>
      <div className="mt-4">
        {sessions.status === 'pending' ? (
          <p role="status" className={ui.muted}>
            Loading...
          </p>
        ) : sessions.status === 'error' ? (
          <LoadError what="your sessions" reason={sessions.error.message} onRetry={() => void sessions.refetch()} />
        ) : sessions.data.sessions.length === 0 ? (
          <p className={ui.muted}>No open sessions.</p>
        ) : (
          <ul className="grid gap-3" aria-labelledby={HEADING_ID}>
            {sessions.data.sessions.map((session) => (
              <SessionRow key={session.id} session={session} onEnd={() => setEnding(session)} />
            ))}
          </ul>
        )}
      </div>
      {ending ? (
        <ConfirmDialog
          title="End this session?"
          confirmLabel={end.isPending ? 'Ending...' : 'End session'}
          busy={end.isPending}
          fallbackFocusId={HEADING_ID}
          onCancel={() => setEnding(null)}
          onConfirm={confirmEnd}
        >
          <p>
            {deviceName(ending.userAgent)} at {displayAddress(ending.ip)} will be signed out at once and must sign in
            again.
          </p>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}

function SessionRow({ session, onEnd }: { session: AccountSession; onEnd: () => void }) {
  const device = deviceName(session.userAgent);
  const address = displayAddress(session.ip);
  const seen = session.lastSeenAt ?? session.createdAt;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <div className="flex min-w-0 items-start gap-3">
        <Monitor aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500 dark:text-slate-400" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-white">
            {device}
            {session.current ? <Badge tone="emerald">This device</Badge> : null}
          </p>
          <p className={`break-all ${ui.muted}`}>{address}</p>
          <p className={ui.muted}>
            {session.lastSeenAt ? 'Last seen' : 'Signed in'}{' '}
            <time dateTime={seen}>{formatDateTime(new Date(seen))}</time>
          </p>
        </div>
      </div>
      {session.current ? null : (
        <button
          type="button"
          className={ui.smallDangerButton}
          onClick={onEnd}
          aria-label={`End the session of ${device} at ${address}`}
        >
          <X aria-hidden="true" className="size-4" />
          End
        </button>
      )}
    </li>
  );
}
