import { useSyncExternalStore } from 'react';

/**
 * One administrator token serves the shortlink manager and the blog admin
 * (docs/decisions/0004-one-administrator.md); it lives under the shortlink manager's original key, so an existing login keeps working.
 */
export const ADMIN_TOKEN_KEY = 'shortlinkAdminToken';

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function getAdminToken(): string | null {
  try {
    return localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setAdminToken(token: string): void {
  localStorage.setItem(ADMIN_TOKEN_KEY, token);
  notify();
}

export function clearAdminToken(): void {
  localStorage.removeItem(ADMIN_TOKEN_KEY);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === ADMIN_TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored admin token, kept in sync across components and tabs. */
export function useAdminToken(): string | null {
  return useSyncExternalStore(subscribe, getAdminToken, () => null);
}
