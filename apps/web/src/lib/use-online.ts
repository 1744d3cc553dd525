import { useSyncExternalStore } from 'react';

/**
 * Whether the product's server can be reached, as far as this page knows.
 *
 * `navigator.onLine` alone is not enough: it stays true behind a captive portal, on a Wi-Fi with no
 * uplink, when only our server is down, and (in some Chromium versions) in a page that the service
 * worker served while the browser was offline. So a request to our own server that fails at the
 * network level also counts as offline, until the next request that gets any answer or the browser's
 * `online` event says otherwise.
 */
let lastRequestUnreachable = false;
const listeners = new Set<() => void>();

function setUnreachable(value: boolean): void {
  if (lastRequestUnreachable === value) return;
  lastRequestUnreachable = value;
  listeners.forEach((listener) => listener());
}

/** A request to our server got no answer at all (fetch rejected, not aborted by us). */
export function noteNetworkFailure(): void {
  setUnreachable(true);
}

/** A request to our server got an answer, whatever its status: the server is reachable. */
export function noteNetworkSuccess(): void {
  setUnreachable(false);
}

function subscribe(onChange: () => void): () => void {
  const onOnline = () => {
    // The browser says the connection is back: give the screens a clean slate and a chance to retry.
    lastRequestUnreachable = false;
    onChange();
  };
  listeners.add(onChange);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onChange);
  };
}

const snapshot = () => navigator.onLine && !lastRequestUnreachable;

/** True while the browser has a connection and the last request to our server got an answer. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => true);
}

/** Why `useOnline()` is false: the browser says so, or only our request failed. */
export function offlineReason(): 'browser' | 'unreachable' {
  return navigator.onLine ? 'unreachable' : 'browser';
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * `fetch` for requests to our own server that keeps the reachability above current. Every screen
 * that needs the API goes through it (directly or through `apiFetch`), so one failed request shows
 * the offline notice on all of them.
 */
export async function trackedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    if (!isAbort(error)) noteNetworkFailure();
    throw error;
  }
  // A service worker can answer a network error for us (Response.error()): no server answered.
  if (response.type === 'error') noteNetworkFailure();
  else noteNetworkSuccess();
  return response;
}
