import { useEffect } from 'react';
import { whenQuiet } from '../../lib/quiet-time';
import { toasterMounted } from '../../lib/toaster-request';

/**
 * Registers the service worker from the bundle (no inline script: CSP) and,
 * when a new deployment is waiting, offers to reload into it, so a visitor never runs a stale build without knowing.
 * Loaded lazily so the home page's first-load JavaScript barely grows.
 *
 * Registered only once the page is quiet (lib/quiet-time): on a first visit, registering installs the
 * worker, which downloads and stores the whole precache, and that should not compete with the tool
 * the visitor opened the page for. On later visits the installed worker serves the page from the
 * start anyway; registering then only looks for a new deployment.
 */
export function PwaUpdater() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let cancelled = false;
    whenQuiet()
      .then(() => (cancelled ? undefined : import('virtual:pwa-register')))
      .then((module) => {
        if (cancelled || module === undefined) return;
        const { registerSW } = module;
        const updateSW = registerSW({
          async onNeedRefresh() {
            // The toaster is not on every page yet (lib/toast.tsx): loading it mounts it, and the
            // offer waits for its region, so a screen reader announces it.
            const { toast } = await import('../../lib/toast');
            await toasterMounted();
            toast('New version available — reload', {
              duration: Infinity,
              action: { label: 'Reload', onClick: () => void updateSW(true) },
            });
          },
        });
      })
      .catch(() => {
        // No service worker (e.g. tests without the PWA plugin): the site still works online.
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return null;
}
