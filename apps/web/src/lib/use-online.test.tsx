import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineNotice } from '../components/OfflineNotice';
import { noteNetworkSuccess, trackedFetch, useOnline } from './use-online';

function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

/** fetch as a browser gives it when the network (or a service worker's network) refuses. */
function networkDown() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
}

function answering(response: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(response())),
  );
}

async function request() {
  await act(async () => {
    await trackedFetch('/api/health').catch(() => undefined);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  noteNetworkSuccess();
});

describe('useOnline', () => {
  it.each([
    [true, true],
    [false, false],
  ])('starts from navigator.onLine = %s', (initial, expected) => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(initial);
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(expected);
  });

  it('follows the offline and online events', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { result } = renderHook(() => useOnline());
    goOnline(false);
    expect(result.current).toBe(false);
    goOnline(true);
    expect(result.current).toBe(true);
  });

  it('is false after a request fails at the network level although navigator.onLine stays true', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { result } = renderHook(() => useOnline());
    networkDown();
    await request();
    expect(result.current).toBe(false);
  });

  it.each([
    ['a success', () => Response.json({ status: 'ok' })],
    ['an error status (the server answered)', () => Response.json({ error: 'Nope' }, { status: 500 })],
  ])('clears after the next request gets %s', async (_name, response) => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { result } = renderHook(() => useOnline());
    networkDown();
    await request();
    answering(response);
    await request();
    expect(result.current).toBe(true);
  });

  it('clears on the online event', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { result } = renderHook(() => useOnline());
    networkDown();
    await request();
    expect(result.current).toBe(false);
    goOnline(true);
    expect(result.current).toBe(true);
  });

  it('counts a network error answered by a service worker (Response.error()) as unreachable', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { result } = renderHook(() => useOnline());
    answering(() => Response.error());
    await request();
    expect(result.current).toBe(false);
  });

  it('does not count a request we aborted ourselves', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { result } = renderHook(() => useOnline());
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError'))),
    );
    await request();
    expect(result.current).toBe(true);
  });

  it('passes the answer and the failure through unchanged', async () => {
    answering(() => Response.json({ n: 1 }, { status: 201 }));
    const response = await trackedFetch('/api/x', { method: 'POST' });
    expect(response.status).toBe(201);
    expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/x', { method: 'POST' });
    networkDown();
    await expect(trackedFetch('/api/x')).rejects.toThrow('Failed to fetch');
  });

  it('stops listening when unmounted', () => {
    const remove = vi.spyOn(window, 'removeEventListener');
    const { unmount } = renderHook(() => useOnline());
    unmount();
    expect(remove.mock.calls.map(([type]) => type)).toEqual(expect.arrayContaining(['online', 'offline']));
  });
});

describe('OfflineNotice', () => {
  it('says nothing while online and explains the need for a connection while offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineNotice what="IP lookup" />);
    expect(screen.queryByRole('status')).toBeNull();
    goOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. IP lookup needs an internet connection; it will work again once you are back online.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    goOnline(true);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the server cannot be reached after a failed request, and Try again calls the retry', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const retry = vi.fn();
    render(<OfflineNotice what="The blog" onRetry={retry} />);
    networkDown();
    await request();
    expect(screen.getByRole('status')).toHaveTextContent(
      'The server cannot be reached. The blog needs an internet connection; it will work again once you are back online.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
