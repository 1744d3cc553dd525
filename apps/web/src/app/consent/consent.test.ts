import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCEPT_ALL,
  CONSENT_STORAGE_KEY,
  DECLINE_ALL,
  getConsentState,
  openConsentPreferences,
  readConsent,
  resetConsentStore,
  saveConsent,
  subscribeConsent,
  type CookieConsent,
} from './consent';

/** An in-memory Storage, so each row starts from a known state. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

beforeEach(() => {
  localStorage.clear();
  resetConsentStore();
});
afterEach(() => {
  localStorage.clear();
  resetConsentStore();
});

describe('readConsent', () => {
  it.each<[string, string | undefined, CookieConsent | null]>([
    ['nothing stored', undefined, null],
    ['empty string', '', null],
    ['corrupt JSON', '{"analytics": tru', null],
    ['JSON that is not an object', '"yes"', null],
    ['JSON null', 'null', null],
    ['an array', '[true, true]', null],
    [
      'necessary stored as false is forced true',
      '{"necessary":false,"analytics":false,"advertising":false,"functional":false}',
      { necessary: true, analytics: false, advertising: false, functional: false },
    ],
    [
      'missing categories count as declined',
      '{"analytics":true}',
      { necessary: true, analytics: true, advertising: false, functional: false },
    ],
    [
      'only a real true grants a category',
      '{"analytics":"true","advertising":1,"functional":true}',
      { necessary: true, analytics: false, advertising: false, functional: true },
    ],
    ['accept all', JSON.stringify(ACCEPT_ALL), { ...ACCEPT_ALL }],
    ['decline all', JSON.stringify(DECLINE_ALL), { ...DECLINE_ALL }],
  ])('%s', (_name, stored, expected) => {
    const storage = memoryStorage(stored === undefined ? {} : { [CONSENT_STORAGE_KEY]: stored });
    expect(readConsent(storage)).toEqual(expected);
  });

  it('returns null when the storage itself throws', () => {
    const storage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readConsent(storage)).toBeNull();
  });

  it('returns null without any storage', () => {
    expect(readConsent(null)).toBeNull();
  });
});

describe('saveConsent', () => {
  it.each<[string, CookieConsent, CookieConsent]>([
    ['accept all', ACCEPT_ALL, { necessary: true, analytics: true, advertising: true, functional: true }],
    ['decline all', DECLINE_ALL, { necessary: true, analytics: false, advertising: false, functional: false }],
    [
      'a custom choice',
      { necessary: true, analytics: false, advertising: true, functional: false },
      { necessary: true, analytics: false, advertising: true, functional: false },
    ],
  ])('round-trips %s through storage under "cookie-consent"', (_name, consent, expected) => {
    const storage = memoryStorage();
    saveConsent(consent, storage);
    expect(JSON.parse(storage.getItem(CONSENT_STORAGE_KEY) ?? 'null')).toEqual(expected);
    expect(readConsent(storage)).toEqual(expected);
  });

  it('uses localStorage by default and updates the shared snapshot', () => {
    expect(getConsentState().consent).toBeNull();
    saveConsent({ ...ACCEPT_ALL });
    expect(JSON.parse(localStorage.getItem('cookie-consent') ?? 'null')).toEqual(ACCEPT_ALL);
    expect(getConsentState().consent).toEqual(ACCEPT_ALL);
  });

  it('keeps the choice for this visit when storage refuses it', () => {
    const storage = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => saveConsent({ ...DECLINE_ALL }, storage)).not.toThrow();
    expect(getConsentState().consent).toEqual(DECLINE_ALL);
  });
});

describe('store', () => {
  it('reads the stored choice on first use', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(DECLINE_ALL));
    resetConsentStore();
    expect(getConsentState().consent).toEqual(DECLINE_ALL);
  });

  it('notifies subscribers on save and on openConsentPreferences', () => {
    let calls = 0;
    const unsubscribe = subscribeConsent(() => calls++);
    saveConsent({ ...DECLINE_ALL });
    openConsentPreferences();
    unsubscribe();
    saveConsent({ ...ACCEPT_ALL });
    expect(calls).toBe(2);
  });

  it('openConsentPreferences opens the preferences view and asks for focus; saving closes it', () => {
    saveConsent({ ...DECLINE_ALL });
    const before = getConsentState().focusRequest;
    openConsentPreferences();
    expect(getConsentState()).toMatchObject({ bannerOpen: true, view: 'preferences', focusRequest: before + 1 });
    saveConsent({ ...ACCEPT_ALL });
    expect(getConsentState()).toMatchObject({ bannerOpen: false, view: 'main', consent: ACCEPT_ALL });
  });
});
