import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Toaster } from 'sonner';
import { AdSlot } from './ads/AdSlot';
import { CookieConsent } from './consent/CookieConsent';
import { Footer } from './Footer';
import { Header } from './Header';
import { PwaUpdater } from './pwa/PwaUpdater';

/** Every page sits inside the shared header and footer (spec 000 §2). */
export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-indigo-600 px-3 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header />
      {/* Ad slots render nothing unless the page is enabled and advertising was consented to (DECISIONS P7). */}
      <AdSlot slot="header" />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <AdSlot slot="footer" />
      <Footer />
      <CookieConsent />
      <PwaUpdater />
      {/* Spec 000 §9 notifications: one visible at a time, 5 s, Alt+T, region "Notifications". */}
      <Toaster
        visibleToasts={1}
        duration={5000}
        hotkey={['altKey', 'KeyT']}
        containerAriaLabel="Notifications"
        closeButton
        theme="system"
        position="bottom-right"
      />
      <ScrollRestoration />
    </div>
  );
}
