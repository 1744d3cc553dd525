import { ROLE_LABELS, type Account } from '@toolvault/shared';
import { Meta } from '../../components/Head';
import { OfflineNotice } from '../../components/OfflineNotice';
import { Page } from '../../components/Page';
import { ui } from '../../components/ui';
import { QueryProvider } from '../../lib/query';
import { AdminLoginForm } from '../auth/AdminLoginForm';
import { accountKey } from '../auth/account.queries';
import { useAdminToken } from '../auth/admin-session';
import { useSessionExpiry } from '../auth/session-expiry';
import { InvitationsSection } from './InvitationsSection';
import { LoadFailed } from './LoadFailed';
import { PeopleSection } from './PeopleSection';
import { teamApi } from './team.api';
import { useTeamQuery } from './use-team-query';

/** /team: the people of the team and its invitations, for those whose role lets them see it. */
export default function TeamPage() {
  const token = useAdminToken();
  if (!token) {
    return (
      <Page title="Team" width="narrow">
        <Meta name="robots" content="noindex" />
        <OfflineNotice what="The team page" />
        <div className="py-12">
          <AdminLoginForm title="Sign in to see the team" headingLevel={1} />
        </div>
      </Page>
    );
  }
  return (
    <QueryProvider>
      <Team />
    </QueryProvider>
  );
}

function Team() {
  const expire = useSessionExpiry();
  const account = useTeamQuery(accountKey(useAdminToken()), teamApi.account, expire);

  return (
    <Page title="Team" width="wide">
      <Meta name="robots" content="noindex" />
      <OfflineNotice what="The team page" onRetry={() => void account.refetch()} />
      <h1 className={`${ui.heading} mb-6`}>Team</h1>
      {account.isPending ? (
        <p role="status" className={ui.muted}>
          Loading your account…
        </p>
      ) : account.isError ? (
        <LoadFailed what="your account" message={account.error.message} onRetry={() => void account.refetch()} />
      ) : (
        <TeamFor account={account.data} onExpired={expire} />
      )}
    </Page>
  );
}

function TeamFor({ account, onExpired }: { account: Account; onExpired: () => void }) {
  if (account.grants['team:read'] === undefined) {
    return (
      <p className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
        Your role ({ROLE_LABELS[account.role]}) does not include the team. An Owner, Administrator or Editor can show
        you who is on it.
      </p>
    );
  }
  return (
    <div className="grid gap-10">
      <PeopleSection account={account} onExpired={onExpired} />
      <InvitationsSection account={account} onExpired={onExpired} />
    </div>
  );
}
