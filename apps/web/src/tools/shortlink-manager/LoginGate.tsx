import { KeyRound, LogIn, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { setAdminToken } from '../../features/auth/admin-session';
import { INVALID_PASSWORD, login } from '../../features/auth/login';

/** Spec 001 §8 inline messages beside the toasts. */
const INLINE_CONNECTION_ERROR = 'Connection error';

interface LoginGateProps {
  onGuest: () => void;
  onLoggedIn?: () => void;
  focusOnMount?: boolean;
}

/** The locked state of spec 001 §4: admin password, or continue as guest. */
export function LoginGate({ onGuest, onLoggedIn, focusOnMount = false }: LoginGateProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const errorId = useId();
  const passwordId = useId();

  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setError('Password is required');
      return;
    }
    setBusy(true);
    setError(null);
    const outcome = await login(password);
    setBusy(false);
    if (outcome.ok) {
      setPassword('');
      toast.success('Admin Access Granted');
      onLoggedIn?.();
      // The stored token switches the manager to the admin view.
      setAdminToken(outcome.value);
      return;
    }
    if (outcome.error.reason === 'invalid-password') {
      setError(INVALID_PASSWORD);
      toast.error('Access Denied', { description: 'Invalid admin password' });
    } else if (outcome.error.reason === 'network') {
      setError(INLINE_CONNECTION_ERROR);
      toast.error('Failed to connect to server');
    } else {
      // Throttled logins keep the server's text.
      setError(outcome.error.message);
      toast.error('Access Denied', { description: outcome.error.message });
    }
  };

  return (
    <Card className="mx-auto w-full max-w-md">
      <div className="flex items-center gap-2">
        <KeyRound aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />
        <h2 ref={heading} tabIndex={-1} className={`${ui.subheading} focus:outline-none`}>
          Shortlink Manager Access
        </h2>
      </div>
      <p className={`mt-1 ${ui.muted}`}>
        Log in as the administrator to manage every link, or continue as a guest to create one link.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5" aria-label="Admin login">
        <label htmlFor={passwordId} className={ui.label}>
          Admin Password
        </label>
        <input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          placeholder="Enter admin password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={ui.input}
        />
        {error ? (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <button type="submit" className={`mt-4 w-full ${ui.button}`} disabled={busy}>
          <LogIn aria-hidden="true" className="size-4" />
          {busy ? 'Logging in...' : 'Login'}
        </button>
      </form>
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
    </Card>
  );
}
