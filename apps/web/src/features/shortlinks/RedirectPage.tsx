import { Link2Off, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Card, Page } from '../../components/Page';
import { ui } from '../../components/ui';
import { apiFetch } from '../../lib/api';

type State = { status: 'loading' } | { status: 'error'; message: string };

/** /{shortCode}: loads the link by code (spec 001 §2 redirect page). */
export default function RedirectPage() {
  const { shortCode } = useParams();
  const [state, setState] = useState<State>(
    shortCode ? { status: 'loading' } : { status: 'error', message: 'Invalid shortlink' },
  );

  useEffect(() => {
    if (!shortCode) return;
    const controller = new AbortController();
    apiFetch<{ targetUrl: string }>(`/api/shortlink/${encodeURIComponent(shortCode)}`, { signal: controller.signal })
      .then((result) => {
        if (result.ok) return;
        setState({ status: 'error', message: result.status === 0 ? 'Network error' : 'Shortlink not found' });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [shortCode]);

  return (
    <Page title={state.status === 'loading' ? 'Opening link' : 'Shortlink not found'} width="narrow">
      <Card className="py-12 text-center">
        {state.status === 'loading' ? (
          <p role="status" className="flex items-center justify-center gap-2 text-slate-700 dark:text-slate-300">
            <Loader2 aria-hidden="true" className="size-5 animate-spin" />
            Loading shortlink...
          </p>
        ) : (
          <>
            <Link2Off aria-hidden="true" className="mx-auto size-10 text-slate-500" />
            <h1 className={`mt-4 ${ui.heading}`}>{state.message}</h1>
            <p className={`mt-2 ${ui.muted}`}>The link may have been removed or mistyped.</p>
            <Link to="/" className={`mt-6 ${ui.button}`}>
              Return to Home
            </Link>
          </>
        )}
      </Card>
    </Page>
  );
}
