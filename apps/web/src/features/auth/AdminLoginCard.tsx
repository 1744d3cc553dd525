import { LockKeyhole } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { setAdminToken } from './admin-session';
import { login } from './login';

/** The centred Admin Login card of spec 001 (/login and the logged-out blog admin). */
export function AdminLoginCard({ onSuccess }: { onSuccess?: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const outcome = await login(password);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.error.message);
      return;
    }
    setAdminToken(outcome.value);
    setPassword('');
    toast.success('Admin Access Granted');
    onSuccess?.();
  };

  return (
    <Card className="mx-auto w-full max-w-sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="mb-4 flex items-center gap-2">
          <LockKeyhole aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-400" />
          <h1 className={ui.subheading}>Admin Login</h1>
        </div>
        <label htmlFor="admin-password" className="sr-only">
          Admin Password
        </label>
        <input
          id="admin-password"
          type="password"
          required
          autoComplete="current-password"
          placeholder="Admin Password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={ui.input}
        />
        {error ? (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <button type="submit" className={`mt-4 w-full ${ui.button}`} disabled={busy || password === ''}>
          {busy ? 'Logging in...' : 'Login'}
        </button>
      </form>
    </Card>
  );
}
