import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { noteNetworkSuccess } from '../src/lib/use-online';

afterEach(() => {
  cleanup();
  // Tests of browser APIs Node also has (WebCrypto) run without a DOM, so without localStorage.
  if (typeof localStorage !== 'undefined') localStorage.clear();
  // A request that failed in one test must not leave the next one "offline".
  noteNetworkSuccess();
});

// jsdom has no media queries, and the layout's toaster follows the system's colour scheme: every
// query answers "no match", as in a browser in light mode.
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList;
}
