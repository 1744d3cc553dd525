import { ROLE_LABELS, type Account } from '@toolvault/shared';
import { LogOut, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { useSignedInAccount } from '../../features/auth/account.queries';
import { clearAdminToken } from '../../features/auth/admin-session';
import { logout } from '../../features/auth/login';
import { AdminPanel } from './AdminPanel';
import { LoadingState } from './LinkParts';
import { managerAccess } from './manager-access';

interface SignedInPanelProps {
  token: string;
  /** Called on Logout and when the token is refused (401), after the token was cleared. */
  onExit: () => void;
  focusOnMount?: boolean;
}

/**
 * The signed-in person's manager: their account is read first (GET /api/account), so the panel
 * shows only what their role may use; a role without links (a Contributor) is told so.
 */
export function SignedInPanel({ token, onExit, focusOnMount = false }: SignedInPanelProps) {
  const account = useSignedInAccount(token);
  const refused = account.error?.status === 401;
  useEffect(() => {
    if (!refused) return;
    clearAdminToken();
    toast.error('Session expired', { description: 'Please log in again.' });
    onExit();
  }, [refused, onExit]);

  if (account.status === 'pending' || refused) return <LoadingState label="Loading your account..." />;
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
  const access = managerAccess(account.data);
  if (access === null) return <NoLinks account={account.data} onExit={onExit} />;
  return (
    <AdminPanel token={token} account={account.data} access={access} onExit={onExit} focusOnMount={focusOnMount} />
  );
}

/** A role without short links: what it is, and the way out. */
function NoLinks({ account, onExit }: { account: Account; onExit: () => void }) {
  return (
    <Card>
      <h2 className={ui.subheading}>No short links for your role</h2>
      <p className={`mt-2 ${ui.muted}`}>
        You are signed in as {account.displayName} ({ROLE_LABELS[account.role]}). Your role does not include short
        links; an Administrator can change it.
      </p>
      <button
        type="button"
        className={`mt-4 ${ui.buttonSecondary}`}
        onClick={() => {
          void logout();
          onExit();
        }}
      >
        <LogOut aria-hidden="true" className="size-4" />
        Logout
      </button>
    </Card>
  );
}
