import { ROLE_LABELS, type Account } from '@toolvault/shared';
import { ShieldCheck } from 'lucide-react';
import { LogoutButton } from '../../features/auth/LogoutButton';

/** Who is signed in, with their role, and Logout (which ends the session on the server too). */
export function SignedInBanner({ account, onExit }: { account: Account; onExit: () => void }) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-emerald-900 dark:bg-emerald-950">
      <p className="flex items-center gap-2 text-sm font-medium text-emerald-900 dark:text-emerald-100">
        <ShieldCheck aria-hidden="true" className="size-5" />
        Logged in as {account.displayName} ({ROLE_LABELS[account.role]})
      </p>
      <LogoutButton onDone={onExit} />
    </div>
  );
}
