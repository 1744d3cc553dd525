import { render, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, useNavigationType, type Location, type NavigationType } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { tools } from '../tools';
import { AppRoutes } from './router';

// The service worker's module exists only in a Vite build; the routes do not need it.
vi.mock('./pwa/PwaUpdater', () => ({ PwaUpdater: () => null }));

let location: Location;
let navigationType: NavigationType;
function Probe() {
  const current = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    location = current;
    navigationType = type;
  });
  return null;
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={['/previous', url]} initialIndex={1}>
      <AppRoutes />
      <Probe />
    </MemoryRouter>,
  );
}

describe('AppRoutes', () => {
  const title = (slug: string) => tools.find((tool) => tool.slug === slug)!.title;

  it.each([
    ['/tools/hash-generator', '/hash-generator', ''],
    ['/tools/base64?text=abc#out', '/base64', '?text=abc'],
  ])('sends the guessed address %s to the tool at %s, replacing it in the history', async (url, path, search) => {
    renderAt(url);
    const heading = await screen.findByRole('heading', { level: 1, name: title(path.slice(1)) });
    expect(heading).toBeInTheDocument();
    expect(location.pathname).toBe(path);
    expect(location.search).toBe(search);
    // Replaced, not pushed: Back leads to where the visitor was before the guess.
    expect(navigationType).toBe('REPLACE');
  });

  it('serves the Team page at /team (sign-in first) and an invitation at /invite/<token>', async () => {
    renderAt('/team');
    // Lazy screens: their first import here transforms them, which can take a few seconds.
    const wait = { timeout: 10_000 };
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to see the team' }, wait)).toBeInTheDocument();

    const fetch = vi.fn(async () =>
      Response.json({ error: 'This invitation has expired', code: 'INVITATION_EXPIRED' }, { status: 410 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderAt('/invite/some-token');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation has expired' }, wait),
    ).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/invitations/some-token', expect.anything());
  }, 30_000);

  it.each([
    ['/tools/no-such-tool', 'Oops! Page not found', 'Page not found — Toolvault'],
    ['/no/such/page', 'Oops! Page not found', 'Page not found — Toolvault'],
  ])('%s is the 404 page', async (url, heading, title) => {
    renderAt(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('404')).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(main.getByRole('link', { name: 'Tools' })).toHaveAttribute('href', '/#tools');
    expect(document.title).toBe(title);
    expect(location.pathname).toBe(url);
    expect(navigationType).toBe('POP');
  });
});
