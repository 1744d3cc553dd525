/**
 * Cookie consent: what the visitor agreed to, where it is kept, and a tiny
 * store so the banner, the footer's "Cookie Settings" button and the ad slots
 * all react to the same choice.
 */
import { useSyncExternalStore } from 'react';

/** Necessary (always true), analytics, advertising, functional. */
export type CookieConsent = {
  necessary: true;
  analytics: boolean;
  advertising: boolean;
  functional: boolean;
};

export type ConsentCategory = Exclude<keyof CookieConsent, 'necessary'>;

/** The choice lives in local storage under this key. */
export const CONSENT_STORAGE_KEY = 'cookie-consent';

export const ACCEPT_ALL: Readonly<CookieConsent> = Object.freeze({
  necessary: true,
  analytics: true,
  advertising: true,
  functional: true,
});

/** Decline all (or the close button): only what the site cannot work without. */
export const DECLINE_ALL: Readonly<CookieConsent> = Object.freeze({
  necessary: true,
  analytics: false,
  advertising: false,
  functional: false,
});

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

/** `localStorage`, or null where the browser refuses it (privacy modes, sandboxed frames, no DOM). */
function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Normalises any parsed value: only a real `true` grants a category, and necessary is always on. */
export function normalizeConsent(value: unknown): CookieConsent | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  return {
    necessary: true,
    analytics: record.analytics === true,
    advertising: record.advertising === true,
    functional: record.functional === true,
  };
}

/** The stored choice, or null when there is none or it cannot be read (corrupt JSON, storage blocked). */
export function readConsent(storage: ReadableStorage | null = browserStorage()): CookieConsent | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    return normalizeConsent(JSON.parse(raw));
  } catch {
    return null;
  }
}

/**
 * Stores the choice and tells every subscriber. If the browser refuses to
 * store it, the choice still holds for this visit.
 */
export function saveConsent(consent: CookieConsent, storage: WritableStorage | null = browserStorage()): CookieConsent {
  const normalized = normalizeConsent(consent) ?? { ...DECLINE_ALL };
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(normalized));
  } catch {
    // Quota exceeded or storage disabled: keep the in-memory choice only.
  }
  setState({ consent: normalized, bannerOpen: false, view: 'main' });
  return normalized;
}

// ---------------------------------------------------------------------------
// Store: one snapshot object, replaced on every change so useSyncExternalStore sees it.

export type BannerView = 'main' | 'preferences';

export interface ConsentState {
  /** The visitor's choice; null until they make one. */
  consent: CookieConsent | null;
  /** Reopened on request (footer "Cookie Settings") even though a choice exists. */
  bannerOpen: boolean;
  view: BannerView;
  /** Increases each time the banner is reopened on request, so it can move focus once per request. */
  focusRequest: number;
}

let state: ConsentState | undefined;
const listeners = new Set<() => void>();

function current(): ConsentState {
  state ??= { consent: readConsent(), bannerOpen: false, view: 'main', focusRequest: 0 };
  return state;
}

function emit() {
  for (const listener of listeners) listener();
}

function setState(patch: Partial<ConsentState>) {
  state = { ...current(), ...patch };
  emit();
}

function onStorage(event: StorageEvent) {
  // Another tab changed (or cleared) the choice.
  if (event.key !== CONSENT_STORAGE_KEY && event.key !== null) return;
  setState({ consent: readConsent() });
}

export function subscribeConsent(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

export function getConsentState(): ConsentState {
  return current();
}

function getServerState(): ConsentState {
  return SERVER_STATE;
}
const SERVER_STATE: ConsentState = { consent: null, bannerOpen: false, view: 'main', focusRequest: 0 };

/** The current choice, or null while the visitor has not made one. Re-renders when it changes. */
export function useConsent(): CookieConsent | null {
  return useSyncExternalStore(
    subscribeConsent,
    () => current().consent,
    () => null,
  );
}

/** The banner's own view of the store. */
export function useConsentState(): ConsentState {
  return useSyncExternalStore(subscribeConsent, current, getServerState);
}

/** Reopens the banner in its preferences view (the footer's "Cookie Settings" button). */
export function openConsentPreferences(): void {
  const s = current();
  setState({ bannerOpen: true, view: 'preferences', focusRequest: s.focusRequest + 1 });
}

/** Switches the banner between its main and preferences views. */
export function setConsentBannerView(view: BannerView): void {
  setState({ view });
}

/** Hides a reopened banner without changing the stored choice. */
export function dismissConsentBanner(): void {
  setState({ bannerOpen: false, view: 'main' });
}

/** Forgets the in-memory snapshot so the next read comes from storage again (tests, and after storage is cleared). */
export function resetConsentStore(): void {
  state = undefined;
  emit();
}
