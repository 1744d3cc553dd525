import type { ReactNode } from 'react';
import type { Account } from '@toolvault/shared';
import { Meta } from '../../components/Head';
import { OfflineNotice } from '../../components/OfflineNotice';
import { Page } from '../../components/Page';
import { ui } from '../../components/ui';
import { QueryProvider } from '../../lib/query';
import { accountKey } from '../auth/account.queries';
import { useAdminToken } from '../auth/admin-session';
import { useSessionExpiry } from '../auth/session-expiry';
import { SignedOutPage } from '../auth/SignedOutPage';
import { LoadFailed } from './LoadFailed';
import { teamApi } from './team.api';
import { useTeamQuery } from './use-team-query';

interface AccountPageProps {
  title: string;
  /** "The team page": how the offline notice names the page. */
  what: string;
  signInTitle: string;
  /** The page's body once the signed-in person's account is read; `onExpired` is for its own 401s. */
  children: (account: Account, onExpired: () => void) => ReactNode;
}

/**
 * A page for signed-in people that depends on who they are (team, webhooks): the login form when
 * nobody is signed in, else the person's account is read first, with its loading and failure states.
 */
export function AccountPage(props: AccountPageProps) {
  const token = useAdminToken();
  if (!token) return <SignedOutPage title={props.title} what={props.what} signInTitle={props.signInTitle} />;
  return (
    <QueryProvider>
      <SignedIn {...props} />
    </QueryProvider>
  );
}

function SignedIn({ title, what, children }: AccountPageProps) {
  const expire = useSessionExpiry();
  const account = useTeamQuery(accountKey(useAdminToken()), teamApi.account, expire);
  return (
    <Page title={title} width="wide">
      <Meta name="robots" content="noindex" />
      <OfflineNotice what={what} onRetry={() => void account.refetch()} />
      <h1 className={`${ui.heading} mb-6`}>{title}</h1>
      {account.isPending ? (
        <p role="status" className={ui.muted}>
          Loading your account…
        </p>
      ) : account.isError ? (
        <LoadFailed what="your account" message={account.error.message} onRetry={() => void account.refetch()} />
      ) : (
        children(account.data, expire)
      )}
    </Page>
  );
}
