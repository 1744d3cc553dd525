import { UserRound } from 'lucide-react';
import { ui } from '../../components/ui';
import { AdminLoginForm } from '../../features/auth/AdminLoginForm';

interface LoginGateProps {
  onGuest: () => void;
  onLoggedIn?: () => void;
  focusOnMount?: boolean;
}

/** The manager's locked state: the admin login form, or continue as guest. */
export function LoginGate({ onGuest, onLoggedIn, focusOnMount = false }: LoginGateProps) {
  return (
    <AdminLoginForm
      title="Shortlink Manager Access"
      headingLevel={2}
      intro="Log in as the administrator to manage every link, or continue as a guest to create one link."
      focusOnMount={focusOnMount}
      onLoggedIn={onLoggedIn}
    >
      <div className="my-5 flex items-center gap-3" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        <span className={ui.muted}>or</span>
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <button type="button" className={`w-full ${ui.buttonSecondary}`} onClick={onGuest}>
        <UserRound aria-hidden="true" className="size-4" />
        Continue as Guest
      </button>
      <p className={`mt-2 text-center ${ui.muted}`}>Guests can create one shortlink per minute.</p>
    </AdminLoginForm>
  );
}
