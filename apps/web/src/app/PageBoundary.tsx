import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router-dom';
import { ui } from '../components/ui';
import { RouteErrorPage } from './RouteErrorPage';

/** Shown while a page's chunk loads (the first time it is opened). */
const loadingPage = (
  <p role="status" className={`mx-auto max-w-6xl px-4 py-12 ${ui.muted}`}>
    Loading…
  </p>
);

/**
 * Around the current page: its lazy chunk's loading state, and the error page
 * in place of a page that crashed. Moving to another page clears the error.
 */
export function PageBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={RouteErrorPage} resetKeys={[pathname]}>
      <Suspense fallback={loadingPage}>{children}</Suspense>
    </ErrorBoundary>
  );
}
