import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';

const Page = () => <h1>The page</h1>;

function renderInSuspense(Screen: () => React.ReactElement) {
  return render(
    <Suspense fallback={<p>Loading…</p>}>
      <Screen />
    </Suspense>,
  );
}

describe('lazyScreen', () => {
  it('suspends at its first render when nothing preloaded it, then shows the screen', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const Screen = lazyScreen(load);
    renderInSuspense(Screen);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders the screen in its first render once preloaded, and fetches the chunk once', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const Screen = lazyScreen(load);
    await Screen.preload();
    // Synchronously, inside one act: a suspension would have committed the fallback instead.
    act(() => {
      renderInSuspense(Screen);
    });
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    await Screen.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed preload', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => React.ReactElement }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ default: Page });
    const Screen = lazyScreen(load);
    await expect(Screen.preload()).rejects.toThrow('chunk failed');
    renderInSuspense(Screen);
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
