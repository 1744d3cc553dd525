import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes, preloadScreen } from './app/router';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The first render waits for the screen of the address (its chunks are already on their way: the
// server's modulepreload links), so the first paint is the page and not an empty layout that a
// second render fills. Should its chunk fail, the app renders anyway and the route shows the error.
// The render is a transition: React then renders in slices of a few milliseconds and lets the
// browser in between, instead of one long task that blocks input on a slow phone.
void preloadScreen(window.location.pathname)
  .catch(() => undefined)
  .then(() =>
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </StrictMode>,
      );
    }),
  );
