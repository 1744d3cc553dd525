import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { urlField } from './url-state';
import { useUrlState } from './use-url-state';

const SHAPE = {
  format: urlField.choice(['png', 'jpg'], 'png'),
  quality: urlField.integer({ min: 10, max: 100, fallback: 90 }),
};

function Demo() {
  const [settings, update] = useUrlState(SHAPE);
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div>
      <p>format {settings.format}</p>
      <p>quality {settings.quality}</p>
      <p>search {location.search}</p>
      <button onClick={() => update({ format: 'jpg' })}>jpg</button>
      <button onClick={() => update({ quality: settings.quality + 1 }, 'replace')}>more</button>
      <button onClick={() => navigate(-1)}>back</button>
      <button onClick={() => navigate(1)}>forward</button>
    </div>
  );
}

function setup(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '/tool', element: <Demo /> },
    ],
    { initialEntries: ['/', url], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const click = (name: string) => act(() => fireEvent.click(screen.getByRole('button', { name })));

describe('useUrlState', () => {
  it('reads the query, and falls back to defaults for bad values', () => {
    setup('/tool?format=gif&quality=55');
    expect(screen.getByText('format png')).toBeInTheDocument();
    expect(screen.getByText('quality 55')).toBeInTheDocument();
  });

  it('pushes choices (Back restores them) and replaces small steps', async () => {
    const router = setup('/tool?x=keep');
    await click('more');
    await click('more');
    expect(screen.getByText('search ?x=keep&quality=92')).toBeInTheDocument();
    await click('jpg');
    expect(screen.getByText('search ?x=keep&format=jpg&quality=92')).toBeInTheDocument();
    await click('back');
    expect(screen.getByText('format png')).toBeInTheDocument();
    expect(screen.getByText('quality 92')).toBeInTheDocument();
    await click('forward');
    expect(screen.getByText('format jpg')).toBeInTheDocument();
    // The two "more" steps replaced the entry they started on: one Back from there leaves the tool.
    await click('back');
    await click('back');
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('home')).toBeInTheDocument();
  });
});
