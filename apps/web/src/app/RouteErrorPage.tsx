import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { ui } from '../components/ui';

/** Router error boundary (spec 000 §8: "Unexpected Application Error!" with the status or message). */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  // A failed chunk load after a deployment is fixed by a reload.
  const staleChunk =
    error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <title>Error — Toolvault</title>
      <h1 className={ui.heading}>Unexpected Application Error!</h1>
      <p className={`mt-3 ${ui.muted}`}>{detail}</p>
      <div className="mt-8 flex justify-center gap-3">
        {staleChunk ? (
          <button type="button" className={ui.button} onClick={() => window.location.reload()}>
            Reload
          </button>
        ) : null}
        <Link to="/" className={ui.buttonSecondary} reloadDocument>
          Return to Home
        </Link>
      </div>
    </main>
  );
}
