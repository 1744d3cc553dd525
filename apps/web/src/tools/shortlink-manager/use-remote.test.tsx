import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../lib/api';
import { useRemote } from './use-remote';

/** A loader whose answers the test releases one by one. */
function deferredLoader() {
  const pending: { key: string; signal: AbortSignal; resolve: (result: ApiResult<string>) => void }[] = [];
  const load = (key: string) => (signal: AbortSignal) =>
    new Promise<ApiResult<string>>((resolve) => pending.push({ key, signal, resolve }));
  return { pending, load };
}
const ok = (data: string): ApiResult<string> => ({ ok: true, status: 200, data });
const flush = () => act(async () => void (await Promise.resolve()));

describe('useRemote', () => {
  it('loads a key, keeps the old data (stale) while the next key loads, and aborts what it no longer needs', async () => {
    const { pending, load } = deferredLoader();
    const { result, rerender } = renderHook(
      ({ key }: { key: string | null }) => useRemote(key, load(key ?? ''), vi.fn()),
      {
        initialProps: { key: 'a' as string | null },
      },
    );
    expect(result.current.state).toEqual({ status: 'loading' });
    pending[0]!.resolve(ok('A'));
    await flush();
    expect(result.current.state).toEqual({ status: 'ready', data: 'A', stale: false });

    rerender({ key: 'b' });
    expect(result.current.state).toEqual({ status: 'ready', data: 'A', stale: true });
    rerender({ key: 'c' });
    expect(pending[1]!.signal.aborted).toBe(true);
    pending[1]!.resolve(ok('B'));
    pending[2]!.resolve(ok('C'));
    await flush();
    expect(result.current.state).toEqual({ status: 'ready', data: 'C', stale: false });
  });

  it('pauses on a null key and does not ask again for the key it already holds', async () => {
    const { pending, load } = deferredLoader();
    const { result, rerender } = renderHook(
      ({ key }: { key: string | null }) => useRemote(key, load(key ?? ''), vi.fn()),
      {
        initialProps: { key: 'a' as string | null },
      },
    );
    pending[0]!.resolve(ok('A'));
    await flush();
    rerender({ key: null });
    rerender({ key: 'a' });
    expect(pending).toHaveLength(1);
    expect(result.current.state).toEqual({ status: 'ready', data: 'A', stale: false });

    act(() => result.current.reload());
    expect(pending).toHaveLength(2);
    act(() => result.current.mutate((data) => `${data}!`));
    expect(result.current.state).toEqual({ status: 'ready', data: 'A!', stale: true });
  });

  it('shows an error, and calls onUnauthorized for a 401 instead', async () => {
    const onUnauthorized = vi.fn();
    const answers: ApiResult<string>[] = [
      { ok: false, status: 500, error: 'Boom' },
      { ok: false, status: 401, error: 'Unauthorized' },
    ];
    const { result, rerender } = renderHook(
      ({ key }: { key: string }) => useRemote(key, () => Promise.resolve(answers.shift()!), onUnauthorized),
      { initialProps: { key: 'a' } },
    );
    await flush();
    expect(result.current.state).toEqual({ status: 'error', error: 'Boom' });
    rerender({ key: 'b' });
    await flush();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('answers a network failure with the network message', async () => {
    const { result } = renderHook(() => useRemote('a', () => Promise.reject(new TypeError('offline')), vi.fn()));
    await flush();
    expect(result.current.state).toEqual({ status: 'error', error: 'Network error. Please try again.' });
  });
});
