import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageBoundary } from './PageBoundary';

function Crash({ error }: { error: unknown }): never {
  throw error;
}

function renderAt(path: string, element: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Link to="/fine">Somewhere else</Link>
      <PageBoundary>
        <Routes>
          <Route path="/broken" element={element} />
          <Route path="/fine" element={<h1>Fine page</h1>} />
        </Routes>
      </PageBoundary>
    </MemoryRouter>,
  );
}

describe('PageBoundary', () => {
  // React reports every error a boundary catches on the console.
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('replaces a page that crashed with the designed error page and its message', () => {
    renderAt('/broken', <Crash error={new Error('Something broke')} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Something broke')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  it('says "Unknown error" for a thrown value that is not an Error', () => {
    renderAt('/broken', <Crash error="plain string" />);
    expect(screen.getByText('Unknown error')).toBeInTheDocument();
  });

  it('offers a reload when a page chunk could not be loaded (a newer deployment removed it)', async () => {
    const Missing = lazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Gone-abc.js')),
    );
    renderAt('/broken', <Missing />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByText(/Failed to fetch dynamically imported module/)).toBeInTheDocument();
  });

  it('clears the error when the visitor moves to another page', async () => {
    renderAt('/broken', <Crash error={new Error('Something broke')} />);
    await act(async () => screen.getByRole('link', { name: 'Somewhere else' }).click());
    expect(screen.getByRole('heading', { level: 1, name: 'Fine page' })).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
  });
});
