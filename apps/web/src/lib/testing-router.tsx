/** Test helper: renders a tool screen inside a router, as the app does (imported by tests only). */
import { render as renderInDom, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';

/** Testing Library's render, inside a MemoryRouter at `url` (settings live in its query). */
export function render(ui: ReactElement, { url = '/', ...options }: RenderOptions & { url?: string } = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderInDom(ui, { wrapper, ...options });
}
