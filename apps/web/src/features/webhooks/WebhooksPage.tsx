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
import { LoadFailed } from '../team/LoadFailed';
import { teamApi } from '../team/team.api';
import { useTeamQuery } from '../team/use-team-query';
import { WebhookForm } from './WebhookForm';
import { WebhookList } from './WebhookList';

/** /webhooks: the Owner's and Administrators' webhooks, their secrets and delivery logs. */
export default function WebhooksPage() {
  const token = useAdminToken();
  if (!token) {
    return (
      <Page title="Webhooks" width="narrow">
        <Meta name="robots" content="noindex" />
        <OfflineNotice what="The webhooks page" />
        <div className="py-12">
          <AdminLoginForm title="Sign in to manage webhooks" headingLevel={1} />
        </div>
      </Page>
    );
  }
  return (
    <QueryProvider>
      <Webhooks />
    </QueryProvider>
  );
}

function Webhooks() {
  const expire = useSessionExpiry();
  const account = useTeamQuery(accountKey(useAdminToken()), teamApi.account, expire);
  return (
    <Page title="Webhooks" width="wide">
      <Meta name="robots" content="noindex" />
      <OfflineNotice what="The webhooks page" onRetry={() => void account.refetch()} />
      <h1 className={`${ui.heading} mb-6`}>Webhooks</h1>
      {account.isPending ? (
        <p role="status" className={ui.muted}>
          Loading your account…
        </p>
      ) : account.isError ? (
        <LoadFailed what="your account" message={account.error.message} onRetry={() => void account.refetch()} />
      ) : (
        <WebhooksFor account={account.data} onExpired={expire} />
      )}
    </Page>
  );
}

function WebhooksFor({ account, onExpired }: { account: Account; onExpired: () => void }) {
  if (account.grants['webhooks:read'] === undefined) {
    return (
      <p className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
        Your role ({ROLE_LABELS[account.role]}) does not include webhooks. The Owner or an Administrator manages them.
      </p>
    );
  }
  return (
    <div className="grid gap-10">
      <p className={ui.muted}>
        Each delivery is signed in its Toolvault-Signature header with the webhook&apos;s secret; see the API
        documentation for how to verify it.
      </p>
      <WebhookForm onExpired={onExpired} />
      <WebhookList onExpired={onExpired} />
    </div>
  );
}
