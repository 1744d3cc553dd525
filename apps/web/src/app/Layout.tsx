import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { useToasterRequested } from '../lib/toaster-request';
import { AdSlot } from './ads/AdSlot';
import { CookieConsent } from './consent/CookieConsent';
import { Footer } from './Footer';
import { Header } from './Header';
import { PwaUpdater } from './pwa/PwaUpdater';
import { PageBoundary } from './PageBoundary';

// Sonner loads with the first module that can show a toast, not with every first load (lib/toast.tsx).
const AppToaster = lazy(() => import('../lib/toast').then(({ AppToaster }) => ({ default: AppToaster })));

/** A new page starts at the top; Back and Forward leave the position to the browser. */
function ScrollToTop({ pathname }: { pathname: string }) {
  const navigationType = useNavigationType();
  // Only a change of page scrolls: a tool that keeps its settings in the query navigates on
  // every change, and must not jump to the top while the user moves a slider.
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

/** Every page sits inside the shared header and footer. */
export function Layout() {
  const { pathname } = useLocation();
  const toasterRequested = useToasterRequested();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-indigo-600 px-3 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header />
      {/* Ad slots render nothing unless the page is enabled and advertising was consented to (docs/decisions/0007-privacy.md). */}
      <AdSlot slot="header" />
      {/* At least a screen tall: the footer starts below the first screen, so pages and data
          arriving after the first paint never push it around in view (no layout shift: docs/decisions/0013-performance-goals.md). */}
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        <PageBoundary>
          <Outlet />
        </PageBoundary>
      </main>
      <AdSlot slot="footer" />
      <Footer />
      <CookieConsent />
      <PwaUpdater />
      {/* Notifications: fixed in a corner, so mounting it later moves nothing on the page. */}
      {toasterRequested && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
      <ScrollToTop pathname={pathname} />
    </div>
  );
}
