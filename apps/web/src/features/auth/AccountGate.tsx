import type { Account } from '@toolvault/shared';
import { RefreshCw } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { useSignedInAccount } from './account.queries';

interface AccountGateProps {
  token: string;
  /** The token was refused (401): the page logs out. */
  onUnauthorized: () => void;
  /** The page, for the signed-in account. */
  children: (account: Account) => ReactNode;
  /** What shows while the account is read. */
  loading?: string;
}

/**
 * Reads who is signed in before a page that depends on their role shows anything: a loading line,
 * the error with Try again, or the page for the account.
 */
export function AccountGate({
  token,
  onUnauthorized,
  children,
  loading = 'Loading your account...',
}: AccountGateProps) {
  const account = useSignedInAccount(token);
  const refused = account.error?.status === 401;
  useEffect(() => {
    if (refused) onUnauthorized();
  }, [refused, onUnauthorized]);

  if (account.status === 'pending' || refused) {
    return (
      <p role="status" className={`py-6 text-center ${ui.muted}`}>
        {loading}
      </p>
    );
  }
  if (account.status === 'error') {
    return (
      <Card>
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Your account could not be loaded: {account.error.message}
        </p>
        <button type="button" className={`mt-4 ${ui.buttonSecondary}`} onClick={() => void account.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Try again
        </button>
      </Card>
    );
  }
  return children(account.data);
}
