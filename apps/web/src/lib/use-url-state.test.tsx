import { act, fireEvent, render, screen } from '@testing-library/react';
import {
  BrowserRouter,
  createMemoryRouter,
  Route,
  RouterProvider,
  Routes,
  useLocation,
  useNavigate,
} from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { err, ok } from './result';
import { urlField } from './url-state';
import { useUrlState, useUrlText } from './use-url-state';

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
      <button
        onClick={() => {
          update({ format: 'jpg' });
          update({ quality: 33 }, 'replace');
        }}
      >
        both
      </button>
      <button onClick={() => navigate(-1)}>back</button>
      <button onClick={() => navigate(1)}>forward</button>
    </div>
  );
}

const parseQuality = (text: string) =>
  /^\d+$/.test(text) && Number(text) >= 10 && Number(text) <= 100 ? ok(Number(text)) : err('Quality 10 to 100');

function TextDemo() {
  const [settings, update] = useUrlState(SHAPE);
  const [text, setText] = useUrlText(settings.quality, parseQuality, (quality) => update({ quality }));
  const navigate = useNavigate();
  return (
    <div>
      <label>
        Quality
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <p>quality {settings.quality}</p>
      <button onClick={() => navigate(-1)}>back</button>
    </div>
  );
}

function setup(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '/tool', element: <Demo /> },
      { path: '/text', element: <TextDemo /> },
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

  it('useUrlText keeps what is typed, writes valid values, and follows Back', async () => {
    setup('/text?quality=40');
    const field = screen.getByLabelText('Quality');
    expect(field).toHaveValue('40');
    await act(() => fireEvent.change(field, { target: { value: '5' } }));
    expect(field).toHaveValue('5');
    expect(screen.getByText('quality 40')).toBeInTheDocument();
    await act(() => fireEvent.change(field, { target: { value: '55' } }));
    expect(screen.getByText('quality 55')).toBeInTheDocument();
    await click('back');
    expect(screen.getByLabelText('Quality')).toHaveValue('40');
  });

  it('keeps two changes made before the router applies the first', async () => {
    setup('/tool');
    await click('both');
    expect(screen.getByText('format jpg')).toBeInTheDocument();
    expect(screen.getByText('quality 33')).toBeInTheDocument();
    expect(screen.getByText('search ?format=jpg&quality=33')).toBeInTheDocument();
  });

  it('follows a Back the browser router renders together with the choice it undoes', async () => {
    // BrowserRouter (the app's router) renders each history change in a transition, so on a
    // loaded machine a choice and a quick Back can reach the screen in one render: the query is
    // then the one already shown, yet the choice was undone and must not stay on screen.
    window.history.replaceState(null, '', '/');
    window.history.pushState(null, '', '/tool?quality=40');
    render(
      <BrowserRouter>
        <Routes>
          <Route path="/tool" element={<Demo />} />
        </Routes>
      </BrowserRouter>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'jpg' }));
      expect(window.location.search).toBe('?format=jpg&quality=40');
      const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.back();
      await popped;
    });
    expect(window.location.search).toBe('?quality=40');
    expect(screen.getByText('search ?quality=40')).toBeInTheDocument();
    expect(screen.getByText('format png')).toBeInTheDocument();
    await click('jpg');
    expect(screen.getByText('format jpg')).toBeInTheDocument();
  });
});
