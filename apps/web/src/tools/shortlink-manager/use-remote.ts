import { useCallback, useEffect, useRef, useState } from 'react';
import { NETWORK_ERROR, type ApiResult } from '../../lib/api';
import { isAbortError } from '../../lib/simulation';

export type Remote<T> =
  | { status: 'loading' }
  | { status: 'error'; error: string }
  /** `stale`: a newer request for another key is under way; the old data stays on screen meanwhile. */
  | { status: 'ready'; data: T; stale: boolean };

const LOADING = { status: 'loading' } as const;

export interface RemoteHandle<T> {
  state: Remote<T>;
  /** Fetches the current key again, keeping the data on screen meanwhile. */
  reload: () => void;
  /** Changes the loaded data in place (a row edited or deleted) without asking the server. */
  mutate: (change: (data: T) => T) => void;
}

/**
 * One server resource per key, for the manager's screens. `key === null`
 * pauses: nothing is fetched and the last answer is kept, so a tab that comes
 * back to the same key shows it at once instead of loading again. A new key
 * keeps the previous data (marked stale) until its answer arrives; requests
 * for older keys are aborted. A 401 calls `onUnauthorized` instead of showing
 * an error.
 */
export function useRemote<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<ApiResult<T>>,
  onUnauthorized: () => void,
): RemoteHandle<T> {
  const [state, setState] = useState<Remote<T>>(LOADING);
  const [generation, setGeneration] = useState(0);
  const loaded = useRef<string | null>(null);
  const latest = useRef({ load, onUnauthorized });
  useEffect(() => {
    latest.current = { load, onUnauthorized };
  });

  useEffect(() => {
    if (key === null) return;
    const request = `${key}#${generation}`;
    if (loaded.current === request) return;
    loaded.current = request;
    const controller = new AbortController();
    let done = false;
    setState((current) => (current.status === 'ready' ? { ...current, stale: true } : LOADING));
    latest.current.load(controller.signal).then(
      (result) => {
        done = true;
        if (controller.signal.aborted) return;
        if (result.ok) setState({ status: 'ready', data: result.data, stale: false });
        else if (result.status === 401) latest.current.onUnauthorized();
        else setState({ status: 'error', error: result.error });
      },
      (error: unknown) => {
        done = true;
        if (isAbortError(error) || controller.signal.aborted) return;
        setState({ status: 'error', error: NETWORK_ERROR });
      },
    );
    return () => {
      if (done) return;
      // Left before it answered: abort, and fetch the same key again next time.
      controller.abort();
      if (loaded.current === request) loaded.current = null;
    };
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const mutate = useCallback(
    (change: (data: T) => T) =>
      setState((current) => (current.status === 'ready' ? { ...current, data: change(current.data) } : current)),
    [],
  );
  return { state, reload, mutate };
}
