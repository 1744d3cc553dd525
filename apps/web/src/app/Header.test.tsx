import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Header } from './Header';

const current = (entry: string) => {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Header />
    </MemoryRouter>,
  );
  return within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
};

describe('Header marks one current item', () => {
  it.each<[string, string[]]>([
    ['/', ['Home']],
    ['/#tools', ['Tools']],
    ['/blog', ['Blog']],
    ['/about', ['About']],
    ['/hash-generator', []],
  ])('%s → %j', (entry, items) => {
    expect(current(entry)).toEqual(items);
  });
});
