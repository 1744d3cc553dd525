import { useEffect } from 'react';
import { toasterMounted } from '../../lib/toaster-request';

/**
 * Registers the service worker from the bundle (no inline script: CSP) and,
 * when a new deployment is waiting, offers to reload into it, so a visitor never runs a stale build without knowing.
 * Loaded lazily so the home page's first-load JavaScript barely grows.
 */
export function PwaUpdater() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let cancelled = false;
    import('virtual:pwa-register')
      .then(({ registerSW }) => {
        if (cancelled) return;
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
