import { useSyncExternalStore } from 'react';

/**
 * Whether the page needs its toaster yet. Sonner is not part of the home page's first load
 * (docs/decisions/0013-performance-goals.md): the Layout mounts the toaster once a module that can
 * show a toast has loaded, which lib/toast.tsx reports here as it loads. This file stays tiny
 * because the Layout, and so every first load, imports it.
 */
let requested = false;
const listeners = new Set<() => void>();
let reportMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  reportMounted = resolve;
});

/** Asks the Layout to mount the toaster (once; later calls change nothing). */
export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True from the first requestToaster() on. */
export function useToasterRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => requested,
    () => requested,
  );
}

/** Called by the toaster once its notifications region is in the page. */
export function reportToasterMounted(): void {
  reportMounted();
}

/**
 * Resolves once the notifications region is in the page. A toast shown after that is an addition to
 * a live region that was already there, which screen readers announce; a region that appears with
 * its first toast may go unannounced.
 */
export function toasterMounted(): Promise<void> {
  return mounted;
}
