import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Result } from './result';
import { readUrlSettings, writeUrlSettings, type UrlSettings, type UrlShape } from './url-state';

/**
 * How a change enters the browser's history: `push` for a deliberate choice
 * (a select, a checkbox), so Back returns to the previous setup; `replace`
 * for values that change in many small steps (sliders, typed numbers), so
 * one drag is not fifty Back presses.
 */
export type UrlHistory = 'push' | 'replace';

/**
 * A tool's settings, read from and written to the address's query
 * (lib/url-state). Back and Forward restore them, because the query is the
 * only copy. The shape must be a module-level constant.
 */
interface Shown<T> {
  /** The router's query at the last render. */
  seen: string;
  /** Queries written here that the router has not applied yet, oldest first. */
  pending: string[];
  settings: T;
}

export function useUrlState<S extends UrlShape>(shape: S) {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const fromUrl = useMemo(() => readUrlSettings(shape, new URLSearchParams(query)), [shape, query]);
  // The screen reads a copy that changes at once: the router applies a new query a moment later,
  // and a controlled checkbox or slider must not snap back in between. A query this hook wrote
  // arriving changes nothing; any other (Back, Forward, a pasted link) replaces the copy.
  const [shown, setShown] = useState<Shown<UrlSettings<S>>>({ seen: query, pending: [], settings: fromUrl });
  let current = shown;
  if (shown.seen !== query) {
    const at = shown.pending.indexOf(query);
    current =
      at >= 0
        ? { seen: query, pending: shown.pending.slice(at + 1), settings: shown.settings }
        : { seen: query, pending: [], settings: fromUrl };
    setShown(current);
  }
  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
  });
  // BrowserRouter renders each history change in a transition, so on a loaded machine a choice
  // and a quick Back can reach the screen in one render whose query is the one already shown:
  // nothing above would notice that the choice was undone. Back and Forward fire popstate at
  // once, though, so they drop the writes still on their way and show the address as it is.
  useEffect(() => {
    const popped = () => {
      const settings = readUrlSettings(shape, new URLSearchParams(window.location.search));
      latest.current = { ...latest.current, pending: [], settings };
      setShown(latest.current);
    };
    window.addEventListener('popstate', popped);
    return () => window.removeEventListener('popstate', popped);
  }, [shape]);
  const update = useCallback(
    (patch: Partial<UrlSettings<S>>, history: UrlHistory = 'push') => {
      const base = latest.current;
      const settings = { ...base.settings, ...patch };
      const last = base.pending.at(-1) ?? base.seen;
      const next = writeUrlSettings(shape, new URLSearchParams(last), settings).toString();
      latest.current = { ...base, pending: next === last ? base.pending : [...base.pending, next], settings };
      setShown(latest.current);
      if (next !== last) setParams(next, { replace: history === 'replace', preventScrollReset: true });
    },
    [shape, setParams],
  );
  return [current.settings, update] as const;
}

/**
 * A text field whose valid values live in the query: the field keeps what the
 * user types (even "-" or "" on the way to a number), `commit` writes each
 * valid value, and when the query changes from outside (Back, Forward, a
 * pasted link) the field shows the new value.
 */
export function useUrlText<T extends string | number>(
  value: T,
  parse: (text: string) => Result<T>,
  commit: (value: T) => void,
) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // Adjusting state while rendering (React's pattern for props that change): no extra paint.
    setShown(value);
    const parsed = parse(text);
    if (!parsed.ok || parsed.value !== value) setText(String(value));
  }
  const change = (next: string) => {
    setText(next);
    const parsed = parse(next);
    if (parsed.ok) commit(parsed.value);
  };
  return [text, change] as const;
}
