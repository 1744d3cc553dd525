import { ROLE_LABELS, type Account } from '@toolvault/shared';
import { InvitationsSection } from './InvitationsSection';
import { PeopleSection } from './PeopleSection';
import { AccountPage } from './AccountPage';

/** /team: the people of the team and its invitations, for those whose role lets them see it. */
export default function TeamPage() {
  return (
    <AccountPage title="Team" what="The team page" signInTitle="Sign in to see the team">
      {(account, onExpired) => <TeamFor account={account} onExpired={onExpired} />}
    </AccountPage>
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
