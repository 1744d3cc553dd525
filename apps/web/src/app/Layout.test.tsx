import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { toasterMounted } from '../lib/toaster-request';
import { Layout } from './Layout';

// The service worker's module exists only in a Vite build; the layout's toaster does not need it.
vi.mock('./pwa/PwaUpdater', () => ({ PwaUpdater: () => null }));

const notifications = () => screen.queryByRole('region', { name: /^Notifications/ });

describe('Layout', () => {
  it('mounts the toaster only once a module that can toast has loaded, and shows its toasts', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route element={<Layout />}>
            <Route index element={<p>Page content</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Page content')).toBeInTheDocument();
    // The home page imports nothing that toasts: no sonner, no notifications region.
    expect(notifications()).toBeNull();

    const { toast } = await import('../lib/toast');
    await toasterMounted();
    // The region is there before the first toast, so a screen reader announces the toast as an addition.
    const region = notifications();
    expect(region).toBeInTheDocument();
    expect(region).toHaveAttribute('aria-live', 'polite');

    toast('Saved');
    expect(await within(region!).findByText('Saved')).toBeInTheDocument();
  });
});
