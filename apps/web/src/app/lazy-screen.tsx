import { lazy, type ComponentType, type ReactElement } from 'react';

/** A route's screen in its own chunk, which can be fetched before it is first rendered. */
export interface LazyScreen {
  (): ReactElement;
  /** Fetches the screen's chunk; once it has loaded, the screen renders at once. */
  preload(): Promise<void>;
}

/**
 * React's `lazy`, plus a `preload` after which the screen renders without suspending. `lazy` alone
 * suspends at its first render even when its chunk is already in: the Suspense fallback (the layout
 * with nothing in it) is painted, and the page only in a second render. For the address the page
 * opens on, main.tsx preloads the screen before the first render, so that first paint is the page
 * itself; the server's modulepreload links have the chunk on its way by then.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let Loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const fetchOnce = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // Asked again next time (a deploy replaced the chunk, a dropped connection).
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(fetchOnce);
  const Screen = () => (Loaded ? <Loaded /> : <Lazy />);
  return Object.assign(Screen, { preload: () => fetchOnce().then(() => undefined) });
}
