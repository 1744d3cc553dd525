import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { Navigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { Meta } from '../../components/Head';
import { OfflineNotice } from '../../components/OfflineNotice';
import { Page } from '../../components/Page';
import { ui } from '../../components/ui';
import { fromApi, QueryProvider } from '../../lib/query';
import { clearAdminToken, useAdminToken } from '../auth/admin-session';
import { LogoutButton } from '../auth/LogoutButton';
import { accountApi } from './account.api';
import { accountKeys, useAccount } from './account.queries';
import { ApiKeysSection } from './ApiKeysSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { SessionsSection } from './SessionsSection';

/** Where /login sends the person back to once they have signed in. */
export const ACCOUNT_PATH = '/account';

/** /account: the signed-in person's profile, password, sessions and API keys; signed out, the login. */
export default function AccountPage() {
  const token = useAdminToken();
  if (!token) return <Navigate to="/login" replace state={{ from: ACCOUNT_PATH }} />;
  return (
    <QueryProvider>
      <Account token={token} />
    </QueryProvider>
  );
}

function Account({ token }: { token: string }) {
  const expired = useRef(false);
  /** Any 401 means the session has ended: forget the token (the page then goes to /login). */
  const expire = useCallback(() => {
    if (expired.current) return;
    expired.current = true;
    toast.error('Session expired', { description: 'Please log in again.' });
    clearAdminToken();
  }, []);

  const account = useAccount();
  const sessions = useQuery({
    queryKey: accountKeys.sessions(token),
    queryFn: ({ signal }) => fromApi(accountApi.sessions(token, signal)),
  });
  const keys = useQuery({
    queryKey: accountKeys.keys(token),
    queryFn: ({ signal }) => fromApi(accountApi.keys(token, signal)),
  });
  const unauthorized = [account.error, sessions.error, keys.error].some((error) => error?.status === 401);
  useEffect(() => {
    if (unauthorized) expire();
  }, [unauthorized, expire]);

  const retry = () => {
    void account.refetch();
    void sessions.refetch();
    void keys.refetch();
  };

  return (
    <Page title="Account" width="normal">
      <Meta name="robots" content="noindex" />
      <OfflineNotice what="Account" onRetry={retry} />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className={ui.heading}>Account</h1>
        <LogoutButton />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileSection account={account} onExpired={expire} />
        <PasswordSection onExpired={expire} />
      </div>
      <div className="mt-6 grid gap-6">
        <SessionsSection sessions={sessions} onExpired={expire} />
        <ApiKeysSection keys={keys} account={account.data} onExpired={expire} />
      </div>
    </Page>
  );
}
