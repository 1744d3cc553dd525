import { ROLE_LABELS, type Account } from '@toolvault/shared';
import { useCallback } from 'react';
import { toast } from '../../lib/toast';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { AccountGate } from '../../features/auth/AccountGate';
import { clearAdminToken } from '../../features/auth/admin-session';
import { AdminPanel } from './AdminPanel';
import { managerAccess } from './manager-access';
import { SignedInBanner } from './SignedInBanner';

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
  const expire = useCallback(() => {
    clearAdminToken();
    toast.error('Session expired', { description: 'Please log in again.' });
    onExit();
  }, [onExit]);
  return (
    <AccountGate token={token} onUnauthorized={expire}>
      {(account) => {
        const access = managerAccess(account);
        if (access === null) return <NoLinks account={account} onExit={onExit} />;
        return (
          <AdminPanel token={token} account={account} access={access} onExit={onExit} focusOnMount={focusOnMount} />
        );
      }}
    </AccountGate>
  );
}

/** A role without short links: what it is, and the way out. */
function NoLinks({ account, onExit }: { account: Account; onExit: () => void }) {
  return (
    <div className="space-y-6">
      <SignedInBanner account={account} onExit={onExit} />
      <Card>
        <h2 className={ui.subheading}>No short links for your role</h2>
        <p className={`mt-2 ${ui.muted}`}>
          Your role ({ROLE_LABELS[account.role]}) does not include short links; an Administrator can change it.
        </p>
      </Card>
    </div>
  );
}
