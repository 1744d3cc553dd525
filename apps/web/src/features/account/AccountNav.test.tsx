import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Role } from '@toolvault/shared';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Header } from '../../app/Header';
import { QueryWrapper } from '../../lib/testing-query';
import { json, refuse, settle, stubApi } from '../../lib/testing-api';
import { ADMIN_TOKEN_KEY, getAdminToken } from '../auth/admin-session';
import { accountOf, TOKEN } from './account-fixtures';

function renderHeader({ signedIn = true, at = '/' } = {}) {
  if (signedIn) localStorage.setItem(ADMIN_TOKEN_KEY, TOKEN);
  render(
    <MemoryRouter initialEntries={[at]}>
      <Header />
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
}

const main = () => screen.getByRole('navigation', { name: 'Main' });
const menuButton = () => within(main()).getByRole('button', { name: /^Admin menu of/ });
const menuLinks = () => {
  fireEvent.click(menuButton());
  const list = document.getElementById(menuButton().getAttribute('aria-controls')!)!;
  return within(list)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
};

describe('the header’s admin navigation', () => {
  it('is not there for a visitor, who asks the API nothing', async () => {
    const calls = stubApi({});
    renderHeader({ signedIn: false });
    await settle();
    expect(within(main()).queryByRole('button', { name: /Admin menu/ })).toBeNull();
    expect(calls).toEqual([]);
  });

  it.each<[Role, [string, string][]]>([
    [
      'owner',
      [
        ['Manage links', '/shortlink-manager'],
        ['Blog admin', '/blog-admin'],
        ['Team', '/team'],
        ['Audit', '/audit'],
        ['Webhooks', '/webhooks'],
        ['Account', '/account'],
      ],
    ],
    [
      'editor',
      [
        ['Manage links', '/shortlink-manager'],
        ['Blog admin', '/blog-admin'],
        ['Team', '/team'],
        ['Account', '/account'],
      ],
    ],
    [
      'contributor',
      [
        ['Blog admin', '/blog-admin'],
        ['Account', '/account'],
      ],
    ],
    [
      'viewer',
      [
        ['Manage links', '/shortlink-manager'],
        ['Blog admin', '/blog-admin'],
        ['Account', '/account'],
      ],
    ],
  ])('shows a signed-in %s only the links their role may use', async (role, links) => {
    const calls = stubApi({ 'GET /api/account': json(accountOf(role)) });
    renderHeader();
    expect(await within(main()).findByRole('button', { name: 'Admin menu of Ada Lovelace' })).toBeInTheDocument();
    expect(menuLinks()).toEqual(links);
    expect(calls.map(({ key, body, auth }) => ({ key, body, auth }))).toEqual([
      { key: 'GET /api/account', body: undefined, auth: `Bearer ${TOKEN}` },
    ]);
  });

  it('opens and closes by keyboard: the button toggles, Escape closes and gives focus back', async () => {
    stubApi({ 'GET /api/account': json(accountOf('author')) });
    renderHeader();
    const button = await within(main()).findByRole('button', { name: /^Admin menu of/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('marks the page it is on', async () => {
    stubApi({ 'GET /api/account': json(accountOf('author')) });
    renderHeader({ at: '/account' });
    fireEvent.click(await within(main()).findByRole('button', { name: /^Admin menu of/ }));
    expect(within(main()).getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
  });

  it('lists the same links in the mobile menu', async () => {
    stubApi({ 'GET /api/account': json(accountOf('contributor')) });
    renderHeader();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const admin = await screen.findByRole('list', { name: 'Admin' });
    expect(
      within(admin)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Blog admin', 'Account']);
    expect(screen.getByText('Signed in as Ada Lovelace')).toBeInTheDocument();
  });

  it('shows no admin links when the session has ended (401), and leaves the sign-out to the admin page', async () => {
    const calls = stubApi({ 'GET /api/account': refuse(401, 'UNAUTHORIZED', 'Unauthorized') });
    renderHeader();
    await settle();
    expect(calls.map((call) => call.key)).toContain('GET /api/account');
    expect(within(main()).queryByRole('button', { name: /Admin menu/ })).toBeNull();
    // The page beside the header says "Session expired" and goes to /login; forgetting the token here
    // first would take that page's signed-in half away before it could.
    expect(getAdminToken()).toBe(TOKEN);
  });

  it('shows no admin links while the account cannot be loaded, and keeps the session', async () => {
    stubApi({ 'GET /api/account': refuse(500, 'INTERNAL', 'Internal server error') });
    renderHeader();
    await settle();
    expect(within(main()).queryByRole('button', { name: /Admin menu/ })).toBeNull();
    expect(getAdminToken()).toBe(TOKEN);
  });
});
