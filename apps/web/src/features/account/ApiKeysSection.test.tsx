import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Role } from '@toolvault/shared';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { QueryWrapper } from '../../lib/testing-query';
import { json, refuse, settle, stubApi, type FakeRoute } from '../../lib/testing-api';
import { ADMIN_TOKEN_KEY } from '../auth/admin-session';
import { accountOf, apiKey, session, TOKEN } from './account-fixtures';
import AccountPage from './AccountPage';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const NEW_KEY = `tv_${'k'.repeat(43)}`;

const routes = (role: Role, extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> => ({
  'GET /api/account': json(accountOf(role)),
  'GET /api/account/sessions': json({ sessions: [session('current', { current: true })] }),
  'GET /api/account/keys': json({
    keys: [apiKey(3, { expiresAt: '2001-01-01T00:00:00.000Z', scopes: ['links:read', 'analytics:read'] })],
  }),
  ...extra,
});

function renderPage() {
  localStorage.setItem(ADMIN_TOKEN_KEY, TOKEN);
  const router = createMemoryRouter([{ path: '/account', element: <AccountPage /> }], {
    initialEntries: ['/account'],
  });
  render(<RouterProvider router={router} />, { wrapper: QueryWrapper });
}

const keysSection = () => screen.getByRole('heading', { level: 2, name: 'API keys' }).closest('section')!;
const form = () => within(keysSection()).getByRole('form', { name: 'New API key' });
const scopeBoxes = () => within(form()).getAllByRole('checkbox');

describe('API keys on the Account page', () => {
  it.each<[Role, string[]]>([
    ['owner', ['links:read', 'links:write', 'analytics:read', 'blog:read', 'blog:write', 'inbox:read']],
    ['author', ['links:read', 'links:write', 'analytics:read', 'blog:read', 'blog:write']],
    ['contributor', ['blog:read', 'blog:write']],
    ['viewer', ['links:read', 'analytics:read', 'blog:read']],
  ])('offers a %s only the scopes of their role', async (role, scopes) => {
    stubApi(routes(role));
    renderPage();
    await settle();
    expect(scopeBoxes().map((box) => within(box.parentElement!).getByText(/:/).textContent)).toEqual(scopes);
  });

  it('creates a key and shows it once, with a copy button and a warning, until dismissed', async () => {
    const created = apiKey(4, { name: 'Deploy', scopes: ['links:read', 'blog:write'], rateLimit: 120 });
    const calls = stubApi(routes('author', { 'POST /api/account/keys': json({ key: NEW_KEY, apiKey: created }, 201) }));
    renderPage();
    await settle();
    fireEvent.change(within(form()).getByLabelText('Name'), { target: { value: ' Deploy ' } });
    fireEvent.click(within(form()).getByRole('checkbox', { name: /Write the blog/ }));
    fireEvent.click(within(form()).getByRole('checkbox', { name: /Read links/ }));
    fireEvent.change(within(form()).getByLabelText('Rate limit (requests per minute)'), { target: { value: '120' } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Create key' }));
    await settle();

    expect(calls.find((call) => call.key === 'POST /api/account/keys')?.body).toEqual({
      name: 'Deploy',
      scopes: ['links:read', 'blog:write'],
      rateLimit: 120,
    });
    const shown = within(keysSection()).getByRole('heading', { level: 3, name: 'Your new key “Deploy”' });
    expect(shown).toHaveFocus();
    const box = shown.parentElement!;
    expect(within(box).getByLabelText('API key')).toHaveValue(NEW_KEY);
    expect(box).toHaveTextContent('it will not be shown again');
    expect(within(box).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    // The form is ready for another key, and the list is asked again.
    expect(within(form()).getByLabelText('Name')).toHaveValue('');
    expect(calls.filter((call) => call.key === 'GET /api/account/keys')).toHaveLength(2);

    fireEvent.click(within(box).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByDisplayValue(NEW_KEY)).toBeNull();
  });

  it('sends a chosen expiry as the end of that day', async () => {
    const calls = stubApi(
      routes('owner', { 'POST /api/account/keys': json({ key: NEW_KEY, apiKey: apiKey(5) }, 201) }),
    );
    renderPage();
    await settle();
    fireEvent.change(within(form()).getByLabelText('Name'), { target: { value: 'Nightly' } });
    fireEvent.click(scopeBoxes()[0]!);
    fireEvent.change(within(form()).getByLabelText('Expires on (optional)'), { target: { value: '2099-12-31' } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Create key' }));
    await settle();
    expect(calls.find((call) => call.key === 'POST /api/account/keys')?.body).toMatchObject({
      expiresAt: new Date(2100, 0, 1).toISOString(),
    });
  });

  it('asks for a name and a scope before sending anything', async () => {
    const calls = stubApi(routes('owner'));
    renderPage();
    await settle();
    fireEvent.click(within(form()).getByRole('button', { name: 'Create key' }));
    expect(within(form()).getByText('Name is required')).toBeInTheDocument();
    expect(within(form()).getByText('Choose at least one scope')).toBeInTheDocument();
    expect(within(form()).getByLabelText('Name')).toHaveFocus();
    expect(calls.some((call) => call.key === 'POST /api/account/keys')).toBe(false);
  });

  it('shows the server’s refusal of a scope beside the scopes', async () => {
    stubApi(
      routes('author', {
        'POST /api/account/keys': refuse(400, 'SCOPE_NOT_ALLOWED', 'Your role does not allow the scope links:write'),
      }),
    );
    renderPage();
    await settle();
    fireEvent.change(within(form()).getByLabelText('Name'), { target: { value: 'Bot' } });
    fireEvent.click(within(form()).getByRole('checkbox', { name: /Change links/ }));
    fireEvent.click(within(form()).getByRole('button', { name: 'Create key' }));
    await settle();
    expect(within(form()).getByText('Your role does not allow the scope links:write')).toBeInTheDocument();
    expect(within(form()).getByLabelText('Name')).toHaveValue('Bot');
  });

  it('lists a key past its expiry as expired, with its scopes, and revokes a key after asking', async () => {
    const calls = stubApi(routes('owner', { 'DELETE /api/account/keys/3': json(null, 204) }));
    renderPage();
    await settle();
    const list = within(keysSection()).getByRole('list', { name: 'Your API keys' });
    expect(list).toHaveTextContent('Expired');
    expect(within(list).getAllByRole('list', { name: 'Scopes' })[0]).toHaveTextContent('Read linksRead analytics');

    fireEvent.click(within(list).getByRole('button', { name: 'Revoke Key 3' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke this key?' });
    expect(dialog).toHaveTextContent('“Key 3” (tv_abc3xy…) stops working at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await settle();
    expect(calls.filter((call) => call.key === 'DELETE /api/account/keys/3')).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('Key revoked', { description: '“Key 3” no longer works.' });
    expect(calls.filter((call) => call.key === 'GET /api/account/keys')).toHaveLength(2);
  });
});
