import { ROLE_LABELS, type Account } from '@toolvault/shared';
import { ui } from '../../components/ui';
import { WebhookForm } from './WebhookForm';
import { WebhookList } from './WebhookList';
import { AccountPage } from '../team/AccountPage';

/** /webhooks: the Owner's and Administrators' webhooks, their secrets and delivery logs. */
export default function WebhooksPage() {
  return (
    <AccountPage title="Webhooks" what="The webhooks page" signInTitle="Sign in to manage webhooks">
      {(account, onExpired) => <WebhooksFor account={account} onExpired={onExpired} />}
    </AccountPage>
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
