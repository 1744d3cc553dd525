import { LINK_PASSWORD_MESSAGES, type PublicShortlink } from '@toolvault/shared';
import { Loader2, Lock } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Meta } from '../../components/Head';
import { Card, Page } from '../../components/Page';
import { ui } from '../../components/ui';
import { openLockedLink, sendLinkPassword, type OpenResult } from './link-unlock.service';

export interface PasswordGateProps {
  shortCode: string;
  /** The link, once the server opened it (and counted the click). */
  onOpen: (link: PublicShortlink) => void;
  /** After a right password: the page is asked again, so a direct link's server redirect happens too. */
  reload: () => void;
  open?: (shortCode: string) => Promise<OpenResult>;
  send?: (shortCode: string, password: string) => Promise<string | null>;
}

/**
 * A password link's page: first asks the server whether this browser's unlock cookie opens it; if
 * not, a labelled password field, its error read out beside it, usable by keyboard alone.
 */
export function PasswordGate({
  shortCode,
  onOpen,
  reload,
  open = openLockedLink,
  send = sendLinkPassword,
}: PasswordGateProps) {
  const [phase, setPhase] = useState<'checking' | 'form' | 'sending'>('checking');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    let live = true;
    void open(shortCode).then((result) => {
      if (!live) return;
      if (result.kind === 'open') onOpen(result.link);
      else setPhase('form');
    });
    return () => {
      live = false;
    };
  }, [open, onOpen, shortCode]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPhase('sending');
    const problem = await send(shortCode, password);
    if (problem === null) return reload();
    setError(problem);
    setPhase('form');
  };

  return (
    <Page title={LINK_PASSWORD_MESSAGES.previewTitle} width="narrow">
      <Meta name="robots" content="noindex" />
      <Card className="p-6">
        <Lock aria-hidden="true" className="size-10 text-slate-500" />
        <h1 className={`mt-4 ${ui.heading}`}>{LINK_PASSWORD_MESSAGES.previewTitle}</h1>
        {phase === 'checking' ? (
          <p role="status" className="mt-4 flex items-center gap-2 text-slate-700 dark:text-slate-300">
            <Loader2 aria-hidden="true" className="size-5 animate-spin" />
            Checking access...
          </p>
        ) : (
          <form className="mt-4" onSubmit={(event) => void submit(event)} noValidate>
            <p className={ui.muted}>{LINK_PASSWORD_MESSAGES.previewDescription}</p>
            <label htmlFor={`${id}-password`} className={`mt-4 ${ui.label}`}>
              Password
            </label>
            <input
              id={`${id}-password`}
              type="password"
              autoComplete="off"
              required
              className={ui.input}
              value={password}
              aria-invalid={error !== null}
              aria-describedby={error === null ? undefined : `${id}-error`}
              onChange={(event) => setPassword(event.target.value)}
            />
            <p id={`${id}-error`} role="alert" className={`mt-2 ${ui.error}`}>
              {error}
            </p>
            <button type="submit" className={`mt-4 ${ui.button}`} disabled={phase === 'sending'}>
              {phase === 'sending' ? 'Unlocking...' : 'Unlock'}
            </button>
          </form>
        )}
      </Card>
    </Page>
  );
}
