import { fireEvent, render, screen } from '@testing-library/react';
import type { PublicInvitation } from '@toolvault/shared';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, networkDown, settle, stubApi, type FakeRoute } from '../../lib/testing-api';
import { QueryWrapper } from '../../lib/testing-query';
import { ADMIN_TOKEN_KEY } from '../auth/admin-session';
import InvitePage from './InvitePage';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const INVITE = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const READ = `GET /api/invitations/${INVITE}`;
const ACCEPT = `POST /api/invitations/${INVITE}/accept`;
const PENDING: PublicInvitation = {
  role: 'author',
  label: 'ada@example.com',
  expiresAt: '2025-05-08T09:00:00.000Z',
  invitedBy: 'Grace',
};
const PASSWORD = 'a long enough password';

function renderInvite(routes: Record<string, FakeRoute>) {
  const calls = stubApi(routes);
  const router = createMemoryRouter(
    [
      { path: '/invite/:token', element: <InvitePage /> },
      { path: '/blog-admin', element: <h1>Blog admin route</h1> },
      { path: '/login', element: <h1>Login route</h1> },
    ],
    { initialEntries: [`/invite/${INVITE}`] },
  );
  render(<RouterProvider router={router} />, { wrapper: QueryWrapper });
  return { calls, router };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
function fill(values: { login?: string; name?: string; password?: string; confirm?: string } = {}) {
  type('Login', values.login ?? 'ada@example.com');
  type('Display name', values.name ?? 'Ada Lovelace');
  type('Password', values.password ?? PASSWORD);
  type('Confirm password', values.confirm ?? values.password ?? PASSWORD);
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create account and sign in' }));

beforeEach(() => {
  localStorage.clear();
});

describe('the invitation page', () => {
  it('says what the invitation offers, then signs the new person in and goes to the blog admin', async () => {
    const { calls, router } = renderInvite({
      [READ]: json(PENDING),
      [ACCEPT]: json({ token: 'new.session.token' }, 201),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the invitation…');
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Join the team' })).toBeInTheDocument();
    expect(screen.getByText(/Grace invited ada@example.com to join as/)).toHaveTextContent('Author');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    fill({ login: '  Ada@Example.com ', name: ' Ada Lovelace ' });
    submit();
    await settle();
    expect(calls.find((call) => call.key === ACCEPT)).toMatchObject({
      key: ACCEPT,
      body: { login: 'Ada@Example.com', displayName: 'Ada Lovelace', password: PASSWORD },
      auth: null,
    });
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBe('new.session.token');
    expect(router.state.location.pathname).toBe('/blog-admin');
    expect(toast.success).toHaveBeenCalledWith('Welcome to the team', { description: 'Signed in as Ada Lovelace' });
  });

  it('checks the form before sending: every field named, passwords matched, focus on the first', async () => {
    const { calls } = renderInvite({ [READ]: json(PENDING) });
    await settle();
    submit();
    expect(screen.getByText('Login is required')).toBeInTheDocument();
    expect(screen.getByText('Display name is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 12 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Login')).toHaveFocus();
    expect(screen.getByLabelText('Login')).toHaveAttribute('aria-invalid', 'true');

    fill({ confirm: 'not the same password' });
    submit();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveFocus();
    await settle();
    expect(calls.filter((call) => call.key === ACCEPT)).toEqual([]);
  });

  it('marks a login already taken on its field', async () => {
    renderInvite({
      [READ]: json(PENDING),
      [ACCEPT]: json({ error: 'This login is already taken', code: 'LOGIN_TAKEN' }, 409),
    });
    await settle();
    fill();
    submit();
    await settle();
    expect(screen.getByLabelText('Login')).toHaveAccessibleDescription(/This login is already taken/);
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
  });

  it('shows a refusal it cannot place beside the button (too many tries)', async () => {
    renderInvite({
      [READ]: json(PENDING),
      [ACCEPT]: json({ error: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' }, 429),
    });
    await settle();
    fill();
    submit();
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
  });

  it('says so when the invitation was used meanwhile', async () => {
    renderInvite({
      [READ]: json(PENDING),
      [ACCEPT]: json({ error: 'This invitation has already been used', code: 'INVITATION_USED' }, 410),
    });
    await settle();
    fill();
    submit();
    await settle();
    expect(
      screen.getByRole('heading', { level: 1, name: 'This invitation has already been used' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it.each([
    ['INVITATION_EXPIRED', 410, 'This invitation has expired'],
    ['INVITATION_USED', 410, 'This invitation has already been used'],
    ['INVITATION_REVOKED', 410, 'This invitation was revoked'],
    ['INVITATION_NOT_FOUND', 404, 'This invitation link is not valid'],
  ])('a link answered %s says so, with no form', async (code, status, title) => {
    renderInvite({ [READ]: json({ error: title, code }, status) });
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('offers to try again when the server could not be reached', async () => {
    let attempts = 0;
    renderInvite({ [READ]: () => (++attempts === 1 ? networkDown(undefined) : json(PENDING)(undefined)) });
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Could not load the invitation' })).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Join the team' })).toBeInTheDocument();
  });
});
