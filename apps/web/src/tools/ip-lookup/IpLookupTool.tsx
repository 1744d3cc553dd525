import type { IpLookupResult } from '@toolvault/shared';
import { Info, LoaderCircle, MapPin, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { OfflineNotice } from '../../components/OfflineNotice';
import { apiFetch } from '../../lib/api';
import { useCancellableRun } from '../../lib/use-cancellable-run';
import { lookupPath, MY_IP_PATH, reservedNote, resultRows, validateIpInput } from './ip-lookup.service';

type Running = 'lookup' | 'me' | null;

const link =
  'font-medium text-indigo-700 underline hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200';

export default function IpLookupTool() {
  const [input, setInput] = useState('');
  const [result, setResult] = useState<IpLookupResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  // What Try again repeats after a request that never reached the server; its kind names the busy button.
  const [lastRun, setLastRun] = useState<{ kind: Exclude<Running, null>; path: string } | null>(null);
  // Leaving the page abandons a lookup in flight; a newer lookup replaces it.
  const lookup = useCancellableRun();
  const running: Running = lookup.running && lastRun ? lastRun.kind : null;

  const run = async (kind: Exclude<Running, null>, path: string) => {
    // Results are cleared at the start of every run.
    setResult(null);
    setError(null);
    setLastRun({ kind, path });
    const response = await lookup.run((signal) => apiFetch<IpLookupResult>(path, { signal }));
    if (!response) return;
    if (response.ok) {
      setResult(response.value);
      if (kind === 'me') setInput(response.value.ip);
    } else {
      setError(response.error.message);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running || input.trim() === '') return;
    const valid = validateIpInput(input);
    if (!valid.ok) {
      setResult(null);
      setError(valid.error);
      return;
    }
    void run('lookup', lookupPath(valid.value));
  };

  const note = result ? reservedNote(result) : null;
  return (
    <div className="space-y-6">
      <OfflineNotice
        what="IP lookup"
        onRetry={lastRun && running === null ? () => void run(lastRun.kind, lastRun.path) : undefined}
      />
      <Card>
        <h2 className={ui.subheading}>Look up an address</h2>
        <form onSubmit={onSubmit} noValidate className="mt-4" aria-label="IP lookup">
          <label htmlFor="ip-lookup-input" className={ui.label}>
            IP Address
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <input
              id="ip-lookup-input"
              type="text"
              inputMode="text"
              value={input}
              onChange={(event) => {
                setInput(event.target.value);
                setError(null);
              }}
              placeholder="8.8.8.8 or 2001:4860:4860::8888"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'ip-lookup-error' : undefined}
              className={`${ui.input} font-mono aria-invalid:border-red-600 dark:aria-invalid:border-red-400`}
            />
            <div className="flex shrink-0 gap-3">
              <button
                type="submit"
                className={`${ui.button} flex-1`}
                disabled={running !== null || input.trim() === ''}
              >
                {running === 'lookup' ? (
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                ) : (
                  <Search aria-hidden="true" className="size-4" />
                )}
                {running === 'lookup' ? 'Looking up...' : 'Lookup'}
              </button>
              <button
                type="button"
                className={`${ui.buttonSecondary} flex-1`}
                disabled={running !== null}
                onClick={() => void run('me', MY_IP_PATH)}
              >
                {running === 'me' ? (
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                ) : (
                  <MapPin aria-hidden="true" className="size-4" />
                )}
                My IP
              </button>
            </div>
          </div>
          {error ? (
            <p id="ip-lookup-error" role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
        </form>
        <p className={`mt-4 ${ui.muted}`}>
          Looked up on our own server in an offline database: the address is never sent to a third party. ISP is the
          network (autonomous system) that announces the address. Locations are approximate, and “—” means the database
          holds nothing for that field.
        </p>
      </Card>

      <div aria-live="polite">
        {result ? (
          <Card>
            <h2 className={ui.subheading}>Lookup Results</h2>
            {note ? (
              <p
                role="note"
                className="mt-4 flex items-start gap-2 rounded-lg border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100"
              >
                <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>{note}</span>
              </p>
            ) : null}
            <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
              {resultRows(result).map((row) => (
                <div key={row.label} className="min-w-0">
                  <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{row.label}</dt>
                  <dd className="font-mono break-words text-slate-900 dark:text-white">{row.value}</dd>
                </div>
              ))}
            </dl>
          </Card>
        ) : null}
      </div>

      <p className={ui.muted}>
        This product includes GeoLite2 data created by MaxMind, available from{' '}
        <a className={link} href="https://www.maxmind.com" rel="noopener noreferrer">
          maxmind.com
        </a>{' '}
        (CC BY-SA 4.0). Network names: RouteViews, NRO and{' '}
        <a className={link} href="https://db-ip.com" rel="noopener noreferrer">
          IP Geolocation by DB-IP
        </a>{' '}
        (CC BY 4.0).
      </p>
    </div>
  );
}
