import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Role } from '@toolvault/shared';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { QueryWrapper } from '../../lib/testing-query';
import { json, refuse, settle, stubApi, type FakeRoute } from '../../lib/testing-api';
import { ADMIN_TOKEN_KEY, getAdminToken } from '../auth/admin-session';
import { accountOf, apiKey, IPHONE, session, TOKEN } from './account-fixtures';
import AccountPage from './AccountPage';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const CURRENT = session('current', { current: true, lastSeenAt: null });
const PHONE = session('phone', { userAgent: IPHONE, ip: '198.51.100.4' });

const routes = (role: Role = 'author', extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> => ({
  'GET /api/account': json(accountOf(role)),
  'GET /api/account/sessions': json({ sessions: [PHONE, CURRENT] }),
  'GET /api/account/keys': json({ keys: [apiKey(3, { lastUsedAt: '2030-06-01T11:30:00.000Z' })] }),
  ...extra,
});

function renderPage(signedIn = true) {
  if (signedIn) localStorage.setItem(ADMIN_TOKEN_KEY, TOKEN);
  const router = createMemoryRouter(
    [
      { path: '/account', element: <AccountPage /> },
      { path: '/login', element: <h1>Login route</h1> },
    ],
    { initialEntries: ['/account'] },
  );
  render(<RouterProvider router={router} />, { wrapper: QueryWrapper });
  return router;
}

const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section')!;
const type = (scope: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('the Account page: signed out, loading, loaded, failing', () => {
  it('sends a signed-out visitor to /login, remembering to come back, and asks nothing', async () => {
    const calls = stubApi({});
    const router = renderPage(false);
    expect(await screen.findByRole('heading', { name: 'Login route' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/account' });
    expect(calls).toEqual([]);
  });

  it('shows loading, then the profile, the sessions and the keys, with the session’s token', async () => {
    const calls = stubApi(routes());
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Loading...');
    await settle();

    const profile = section('Profile');
    expect(within(profile).getByText('ada')).toBeInTheDocument();
    expect(within(profile).getByText('Author')).toBeInTheDocument();
    expect(within(profile).getByLabelText('Display name')).toHaveValue('Ada Lovelace');

    const devices = within(section('Signed-in devices')).getAllByRole('listitem');
    expect(devices.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Safari on iPhone',
      'Firefox on LinuxThis device',
    ]);
    expect(devices[0]).toHaveTextContent('198.51.100.4');
    expect(devices[1]).toHaveTextContent('203.0.113.7');
    expect(devices[1]).toHaveTextContent('Signed in');
    // Only another session can be ended here; this one has Logout.
    expect(within(devices[0]!).getByRole('button', { name: /^End/ })).toBeInTheDocument();
    expect(within(devices[1]!).queryByRole('button')).toBeNull();

    const keys = within(section('API keys')).getByRole('list', { name: 'Your API keys' });
    expect(keys).toHaveTextContent('Key 3');
    expect(keys).toHaveTextContent('tv_abc3xy…');
    expect(keys).toHaveTextContent('Read links');
    expect(keys).toHaveTextContent('60 requests a minute');
    expect(within(keys).getAllByText('Never')).toHaveLength(1);

    expect(new Set(calls.map((call) => call.auth))).toEqual(new Set([`Bearer ${TOKEN}`]));
  });

  it('says when there are no keys yet', async () => {
    stubApi(routes('viewer', { 'GET /api/account/keys': json({ keys: [] }) }));
    renderPage();
    await settle();
    expect(within(section('API keys')).getByText('No API keys yet.')).toBeInTheDocument();
  });

  it('shows an error with Try again for a list that fails, and loads it again', async () => {
    let sessionsAnswer: FakeRoute = refuse(500, 'INTERNAL', 'Internal server error');
    const calls = stubApi(routes('author', { 'GET /api/account/sessions': (body) => sessionsAnswer(body) }));
    renderPage();
    await settle();
    const devices = section('Signed-in devices');
    expect(within(devices).getByRole('alert')).toHaveTextContent('Could not load your sessions. Internal server error');
    sessionsAnswer = json({ sessions: [CURRENT] });
    fireEvent.click(within(devices).getByRole('button', { name: 'Try again' }));
    await settle();
    expect(within(devices).getAllByRole('listitem')).toHaveLength(1);
    expect(calls.filter((call) => call.key === 'GET /api/account/sessions')).toHaveLength(2);
  });

  it('logs out on a 401: the token is forgotten, a toast says why, and the page goes to /login', async () => {
    stubApi(routes('author', { 'GET /api/account/keys': refuse(401, 'UNAUTHORIZED', 'Unauthorized') }));
    const router = renderPage();
    await settle();
    expect(getAdminToken()).toBeNull();
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Session expired', { description: 'Please log in again.' });
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('the Account page: profile and password', () => {
  it('saves a new display name, trimmed', async () => {
    const calls = stubApi(
      routes('author', { 'PUT /api/account': json(accountOf('author', { displayName: 'Ada King' })) }),
    );
    renderPage();
    await settle();
    const profile = section('Profile');
    type(profile, 'Display name', '  Ada King ');
    fireEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    await settle();
    expect(calls.find((call) => call.key === 'PUT /api/account')?.body).toEqual({ displayName: 'Ada King' });
    expect(toast.success).toHaveBeenCalledWith('Display name saved', { description: 'Ada King' });
    expect(within(section('Profile')).getByLabelText('Display name')).toHaveValue('Ada King');
  });

  it('refuses a blank display name without asking the server', async () => {
    const calls = stubApi(routes());
    renderPage();
    await settle();
    const profile = section('Profile');
    type(profile, 'Display name', '   ');
    fireEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    expect(within(profile).getByText('Display name is required')).toBeInTheDocument();
    expect(within(profile).getByLabelText('Display name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.key === 'PUT /api/account')).toBe(false);
  });

  const fillPassword = (current: string, next: string, confirm = next) => {
    const form = section('Password');
    type(form, 'Current password', current);
    type(form, 'New password', next);
    type(form, 'Confirm new password', confirm);
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    return form;
  };

  it.each([
    [
      'a short new password',
      'old password',
      'short',
      'short',
      'New password',
      'Password must be at least 12 characters',
    ],
    [
      'a confirmation that differs',
      'old password',
      'a long new password',
      'a long new passw0rd',
      'Confirm new password',
      'The two new passwords do not match',
    ],
    [
      'no current password',
      '',
      'a long new password',
      'a long new password',
      'Current password',
      'Current password is required',
    ],
  ])('shows %s inline, on its field, and sends nothing', async (_label, current, next, confirm, field, message) => {
    const calls = stubApi(routes());
    renderPage();
    await settle();
    const form = fillPassword(current, next, confirm);
    expect(within(form).getByText(message)).toBeInTheDocument();
    expect(within(form).getByLabelText(field)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText(field)).toHaveFocus();
    expect(calls.some((call) => call.key === 'PUT /api/account/password')).toBe(false);
  });

  it('changes the password, clears the form and lists the sessions again', async () => {
    const calls = stubApi(routes('author', { 'PUT /api/account/password': json(null, 204) }));
    renderPage();
    await settle();
    const form = fillPassword('old password', 'a long new password');
    await settle();
    expect(calls.find((call) => call.key === 'PUT /api/account/password')?.body).toEqual({
      currentPassword: 'old password',
      newPassword: 'a long new password',
    });
    expect(toast.success).toHaveBeenCalledWith('Password changed', {
      description: 'Your other sessions have been signed out.',
    });
    expect(within(form).getByLabelText('New password')).toHaveValue('');
    expect(calls.filter((call) => call.key === 'GET /api/account/sessions')).toHaveLength(2);
  });

  it('puts a wrong current password on its field, and keeps the person signed in', async () => {
    stubApi(
      routes('author', {
        'PUT /api/account/password': refuse(400, 'WRONG_PASSWORD', 'Current password is incorrect'),
      }),
    );
    renderPage();
    await settle();
    const form = fillPassword('not it', 'a long new password');
    await settle();
    expect(within(form).getByText('Current password is incorrect')).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(getAdminToken()).toBe(TOKEN);
  });

  it('shows the server’s reason when the operator sets the Owner’s password', async () => {
    const reason = "The Owner's password is set by the server's ADMIN_PASSWORD setting.";
    stubApi(routes('owner', { 'PUT /api/account/password': refuse(409, 'PASSWORD_SET_BY_OPERATOR', reason) }));
    renderPage();
    await settle();
    const form = fillPassword('the password', 'a long new password');
    await settle();
    expect(within(form).getByRole('alert')).toHaveTextContent(reason);
  });
});

describe('the Account page: ending a session', () => {
  it('asks first, then ends the session and lists them again', async () => {
    const calls = stubApi(routes('author', { [`DELETE /api/account/sessions/${PHONE.id}`]: json(null, 204) }));
    renderPage();
    await settle();
    const devices = section('Signed-in devices');
    fireEvent.click(
      within(devices).getByRole('button', { name: 'End the session of Safari on iPhone at 198.51.100.4' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'End this session?' });
    expect(dialog).toHaveTextContent('Safari on iPhone at 198.51.100.4 will be signed out');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    fireEvent.click(within(dialog).getByRole('button', { name: 'End session' }));
    await settle();
    expect(calls.filter((call) => call.key.startsWith('DELETE'))).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('Session ended', { description: 'Safari on iPhone is signed out.' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((call) => call.key === 'GET /api/account/sessions')).toHaveLength(2);
  });

  it('ends nothing on Cancel or Escape', async () => {
    const calls = stubApi(routes());
    renderPage();
    await settle();
    const end = within(section('Signed-in devices')).getByRole('button', { name: /^End the session/ });
    fireEvent.click(end);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(end);
    fireEvent.keyDown(document, { key: 'Escape' });
    await settle();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);
  });

  it('says so when the session could not be ended', async () => {
    stubApi(
      routes('author', {
        [`DELETE /api/account/sessions/${PHONE.id}`]: refuse(404, 'SESSION_NOT_FOUND', 'Session not found'),
      }),
    );
    renderPage();
    await settle();
    fireEvent.click(within(section('Signed-in devices')).getByRole('button', { name: /^End the session/ }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'End session' }));
    await settle();
    expect(toast.error).toHaveBeenCalledWith('Could not end the session', { description: 'Session not found' });
  });
});
