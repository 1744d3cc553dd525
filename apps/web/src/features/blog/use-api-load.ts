import { useCallback, useEffect, useRef, useState } from 'react';
import { NETWORK_ERROR, type ApiResult } from '../../lib/api';
import { isAbortError } from '../../lib/simulation';

export type Loadable<T> =
  { status: 'loading' } | { status: 'error'; error: string; httpStatus: number } | { status: 'ready'; data: T };

const LOADING = { status: 'loading' } as const;

/**
 * Loads one API resource for `key` (blog: loading → list or error).
 * A new key starts from loading; `reload()` fetches again and keeps showing the
 * previous data meanwhile. The request is aborted when the key changes or the
 * component unmounts.
 */
export function useApiLoad<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<ApiResult<T>>,
): [Loadable<T>, () => void] {
  const [state, setState] = useState<{ key: string; value: Loadable<T> }>({ key, value: LOADING });
  const [generation, setGeneration] = useState(0);
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });

  useEffect(() => {
    const controller = new AbortController();
    latestLoad.current(controller.signal).then(
      (result) =>
        setState({
          key,
          value: result.ok
            ? { status: 'ready', data: result.data }
            : { status: 'error', error: result.error, httpStatus: result.status },
        }),
      (error: unknown) => {
        if (isAbortError(error)) return;
        setState({ key, value: { status: 'error', error: NETWORK_ERROR, httpStatus: 0 } });
      },
    );
    return () => controller.abort();
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return [state.key === key ? state.value : LOADING, reload];
}

/** An API answer that must be a list: anything else counts as a failed load. */
export function asList<T>(result: ApiResult<T[]>): ApiResult<T[]> {
  if (!result.ok || Array.isArray(result.data)) return result;
  return { ok: false, status: result.status, error: 'Unexpected answer' };
}
