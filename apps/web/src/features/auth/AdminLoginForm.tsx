import { LockKeyhole, LogIn } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { setAdminToken } from './admin-session';
import { INVALID_PASSWORD, login } from './login';

/** The inline message beside the 'Failed to connect to server' toast. */
const INLINE_CONNECTION_ERROR = 'Connection error';

interface AdminLoginFormProps {
  /** 'Admin Login' on /login and the logged-out blog admin; the shortlink manager names itself. */
  title: string;
  /** 1 where the card is the page's main content, 2 inside a tool page that has its own h1. */
  headingLevel: 1 | 2;
  /** A line under the heading. */
  intro?: ReactNode;
  /** Moves focus to the heading once shown (after the view switched to the form). */
  focusOnMount?: boolean;
  /** Runs once the token is known, just before it is stored (which switches the admin views). */
  onLoggedIn?: () => void;
  /** Shown below the form (the shortlink manager's guest choice). */
  children?: ReactNode;
}

/** The site's one admin login form: the blog admin, /login and the shortlink manager all use it. */
export function AdminLoginForm({
  title,
  headingLevel,
  intro,
  focusOnMount = false,
  onLoggedIn,
  children,
}: AdminLoginFormProps) {
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const errorId = useId();
  const passwordId = useId();
  const accountId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

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
    const outcome = await login({ account, password });
    setBusy(false);
    if (outcome.ok) {
      setPassword('');
      toast.success('Admin Access Granted');
      onLoggedIn?.();
      setAdminToken(outcome.value);
      return;
    }
    const { reason, message } = outcome.error;
    if (reason === 'invalid-password') {
      setError(INVALID_PASSWORD);
      toast.error('Access Denied', { description: 'Invalid admin password' });
    } else if (reason === 'network') {
      setError(INLINE_CONNECTION_ERROR);
      toast.error('Failed to connect to server');
    } else {
      // Throttled logins keep the server's text.
      setError(message);
      toast.error('Access Denied', { description: message });
    }
  };

  return (
    <Card className="mx-auto w-full max-w-md">
      <div className="flex items-center gap-2">
        <LockKeyhole aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />
        <Heading ref={heading} tabIndex={-1} className={`${ui.subheading} focus:outline-none`}>
          {title}
        </Heading>
      </div>
      {intro ? <p className={`mt-1 ${ui.muted}`}>{intro}</p> : null}
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5" aria-label="Admin login">
        {/* Optional: empty signs in the Owner, as the password-only login of a one-person site always has. */}
        <label htmlFor={accountId} className={ui.label}>
          Account <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
        </label>
        <input
          id={accountId}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={account}
          onChange={(event) => {
            setAccount(event.target.value);
            setError(null);
          }}
          aria-describedby={`${accountId}-hint`}
          className={ui.input}
        />
        <p id={`${accountId}-hint`} className={`mt-1 mb-4 ${ui.muted}`}>
          Your login name or email. Leave it empty to sign in as the site’s Owner.
        </p>
        <label htmlFor={passwordId} className={ui.label}>
          Admin Password
        </label>
        <input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          placeholder="Admin Password"
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
      {children}
    </Card>
  );
}
