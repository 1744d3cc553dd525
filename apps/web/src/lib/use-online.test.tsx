import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineNotice } from '../components/OfflineNotice';
import { useOnline } from './use-online';

function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
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
    goOnline(true);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
