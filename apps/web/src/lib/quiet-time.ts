/**
 * Background work that should wait for the visitor: the service worker's first install fetches and
 * stores every precached file of the app (over a megabyte, over a hundred requests) and competes
 * for the network and the cores with whatever the visitor just started. A first OCR run took
 * 1.22–1.52× the engine's own time while that install ran beside it, 0.87–0.98× without it; a
 * speed test measured during it would measure the install too.
 *
 * So the visitor's tasks hold the page (`holdQuiet`, which every long task takes through
 * lib/use-cancellable-run), and background work starts once the page has loaded, nothing has held
 * it for QUIET_MS and the browser reports itself idle (`whenQuiet`).
 */

/** How long the page must go without a visitor's task, from its load or the last task's end. */
export const QUIET_MS = 3000;
/** While held, how often the gate looks again: a timer this slow costs nothing. */
const RECHECK_MS = 500;
/** The longest the idle callback may wait: a page that is never idle still gets its turn. */
const IDLE_TIMEOUT_MS = 2000;

export interface QuietGate {
  /** Marks a visitor's task as running; call what it returns when the task ends (twice is harmless). */
  hold(): () => void;
  /** True while any task holds the page. */
  held(): boolean;
  /** Resolves once the page has loaded and no task has held it for `quietMs`, at an idle moment. */
  whenQuiet(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function loaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function idle(): Promise<void> {
  // Safari has no requestIdleCallback: a timer then stands in for it.
  if (typeof window.requestIdleCallback !== 'function') return sleep(0);
  return new Promise((resolve) => window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS }));
}

export function createQuietGate(quietMs = QUIET_MS, now: () => number = () => performance.now()): QuietGate {
  let holders = 0;
  /** When the page last became free: its load, or the end of the last task. */
  let freeSince: number | undefined;

  return {
    hold() {
      holders += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holders -= 1;
        freeSince = now();
      };
    },
    held: () => holders > 0,
    async whenQuiet() {
      await loaded();
      freeSince ??= now();
      for (;;) {
        if (holders > 0) {
          await sleep(RECHECK_MS);
          continue;
        }
        const left = freeSince + quietMs - now();
        if (left > 0) {
          await sleep(left);
          continue;
        }
        await idle();
        // A task may have started while the browser was getting idle.
        if (holders === 0) return;
      }
    },
  };
}

const page = createQuietGate();

/** Marks a visitor's task as running on this page (see the module's comment). */
export const holdQuiet = (): (() => void) => page.hold();
/** True while a visitor's task runs on this page. */
export const quietHeld = (): boolean => page.held();
/** Resolves when background work may start on this page. */
export const whenQuiet = (): Promise<void> => page.whenQuiet();
