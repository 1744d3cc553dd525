import { Link } from 'react-router-dom';
import type { FallbackProps } from 'react-error-boundary';
import { DocumentTitle } from '../components/Head';
import { ui } from '../components/ui';

/** A chunk that a newer deployment removed, or that could not be fetched: fixed by a reload. */
export function isStaleChunkError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

/** What a page that crashed shows instead ("Unexpected Application Error!" with the message, as designed). */
export function RouteErrorPage({ error }: Pick<FallbackProps, 'error'>) {
  const detail = error instanceof Error ? error.message : 'Unknown error';
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <DocumentTitle>Error — Toolvault</DocumentTitle>
      <h1 className={ui.heading}>Unexpected Application Error!</h1>
      <p className={`mt-3 ${ui.muted}`}>{detail}</p>
      <div className="mt-8 flex justify-center gap-3">
        {isStaleChunkError(error) ? (
          <button type="button" className={ui.button} onClick={() => window.location.reload()}>
            Reload
          </button>
        ) : null}
        <Link to="/" className={ui.buttonSecondary} reloadDocument>
          Return to Home
        </Link>
      </div>
    </div>
  );
}
