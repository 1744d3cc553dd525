import { fireEvent, render, screen, within } from '@testing-library/react';
import { ROLE_GRANTS, type Account, type Invitation, type Person, type Role } from '@toolvault/shared';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, networkDown, settle, stubApi, type FakeRoute } from '../../lib/testing-api';
import { QueryWrapper } from '../../lib/testing-query';
import { ADMIN_TOKEN_KEY } from '../auth/admin-session';
import TeamPage from './TeamPage';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const TOKEN = 'header.payload.signature';
const account = (role: Role, id = 1): Account => ({
  id,
  login: role,
  displayName: `Me the ${role}`,
  role,
  grants: { ...ROLE_GRANTS[role] },
});
const person = (id: number, role: Role, extra: Partial<Person> = {}): Person => ({
  id,
  login: `${role}${id}`,
  displayName: `${role[0]!.toUpperCase()}${role.slice(1)} ${id}`,
  role,
  disabled: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...extra,
});
const PEOPLE = [person(1, 'owner'), person(2, 'administrator'), person(3, 'author'), person(4, 'editor')];
const invitation = (id: number, extra: Partial<Invitation> = {}): Invitation => ({
  id,
  role: 'author',
  label: `guest${id}@example.com`,
  createdAt: '2025-01-01T00:00:00.000Z',
  expiresAt: '2025-01-08T00:00:00.000Z',
  createdBy: 'Owner 1',
  status: 'pending',
  ...extra,
});

const routes = (me: Account, extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> => ({
  'GET /api/account': json(me),
  'GET /api/team': json({ people: PEOPLE }),
  'GET /api/team/invitations': json({ invitations: [invitation(1), invitation(2, { status: 'accepted', label: '' })] }),
  ...extra,
});

function renderTeam(loggedIn = true) {
  if (loggedIn) localStorage.setItem(ADMIN_TOKEN_KEY, TOKEN);
  const router = createMemoryRouter(
    [
      { path: '/team', element: <TeamPage /> },
      { path: '/login', element: <h1>Login route</h1> },
    ],
    { initialEntries: ['/team'] },
  );
  render(<RouterProvider router={router} />, { wrapper: QueryWrapper });
  return router;
}

const peopleTable = () => screen.getByRole('table', { name: 'The people of the team, oldest first' });
/** The row of a person, found by their display name (buttons repeat it for screen readers). */
const rowOf = (name: string) => within(peopleTable()).getAllByText(name)[0]!.closest('tr')!;
const dialog = () => screen.getByRole('alertdialog');

afterEach(() => {
  localStorage.clear();
});

describe('the Team page', () => {
  it('asks for a login without a session, and calls nothing', async () => {
    const calls = stubApi({});
    renderTeam(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to see the team' })).toBeInTheDocument();
    await settle();
    expect(calls).toEqual([]);
  });

  it('shows the people with their roles and status, and the invitations with their badges', async () => {
    const calls = stubApi(routes(account('owner')));
    renderTeam();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Team' })).toBeInTheDocument();
    const owner = rowOf('Owner 1');
    expect(owner).toHaveTextContent('(you)');
    expect(owner).toHaveTextContent('Owner');
    // The Owner is marked, never editable.
    expect(within(owner).queryByRole('combobox')).toBeNull();
    expect(within(owner).queryByRole('button')).toBeNull();
    expect(within(rowOf('Author 3')).getByRole('combobox', { name: 'Role of Author 3' })).toHaveValue('author');
    expect(within(rowOf('Author 3')).getByText('Active')).toBeInTheDocument();

    const invitations = screen.getByRole('table', { name: 'Invitations, newest first' });
    expect(within(invitations).getByText('guest1@example.com').closest('tr')).toHaveTextContent('Pending');
    const accepted = within(invitations).getByText('Accepted').closest('tr')!;
    expect(accepted).toHaveTextContent('No label');
    expect(within(accepted).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(calls.every((call) => call.auth === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('changes a role after confirmation, and not on Cancel', async () => {
    const calls = stubApi(
      routes(account('administrator', 2), {
        'PUT /api/team/people/3': json(person(3, 'editor')),
      }),
    );
    renderTeam();
    await settle();
    const select = within(rowOf('Author 3')).getByRole('combobox', { name: 'Role of Author 3' });
    fireEvent.change(select, { target: { value: 'viewer' } });
    expect(dialog()).toHaveTextContent('Author 3 becomes Viewer (now Author)');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.change(select, { target: { value: 'editor' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Change role' }));
    await settle();
    expect(calls.filter((call) => call.key.startsWith('PUT'))).toMatchObject([
      { key: 'PUT /api/team/people/3', body: { role: 'editor' }, auth: `Bearer ${TOKEN}` },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Role changed', { description: 'Author 3' });
    expect(calls.filter((call) => call.key === 'GET /api/team')).toHaveLength(2);
  });

  it('disables a person after confirmation, never the signed-in one, and shows a refusal', async () => {
    const calls = stubApi(
      routes(account('administrator', 2), {
        'PUT /api/team/people/4': json({ error: 'Your role or key does not allow this', code: 'FORBIDDEN' }, 403),
      }),
    );
    renderTeam();
    await settle();
    expect(within(rowOf('Administrator 2')).queryByRole('button', { name: /Disable/ })).toBeNull();
    fireEvent.click(within(rowOf('Editor 4')).getByRole('button', { name: 'Disable Editor 4' }));
    expect(dialog()).toHaveTextContent('signed out everywhere at once');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Disable' }));
    await settle();
    expect(calls.find((call) => call.key === 'PUT /api/team/people/4')?.body).toEqual({ disabled: true });
    expect(toast.error).toHaveBeenCalledWith('The change was refused', {
      description: 'Your role or key does not allow this',
    });
  });

  it('offers Enable for a disabled person', async () => {
    stubApi(
      routes(account('owner'), {
        'GET /api/team': json({ people: [person(1, 'owner'), person(5, 'viewer', { disabled: true })] }),
      }),
    );
    renderTeam();
    await settle();
    expect(within(rowOf('Viewer 5')).getByText('Disabled')).toBeInTheDocument();
    expect(within(rowOf('Viewer 5')).getByRole('button', { name: 'Enable Viewer 5' })).toBeInTheDocument();
  });

  it('hands ownership over only once the new Owner’s login is typed', async () => {
    const calls = stubApi(routes(account('owner'), { 'POST /api/team/ownership': json(null, 204) }));
    renderTeam();
    await settle();
    // Only to an Administrator.
    expect(within(rowOf('Editor 4')).queryByRole('button', { name: /Make Owner/ })).toBeNull();
    fireEvent.click(within(rowOf('Administrator 2')).getByRole('button', { name: 'Make Owner Administrator 2' }));
    const confirm = within(dialog()).getByRole('button', { name: 'Make Owner' });
    fireEvent.click(confirm);
    expect(within(dialog()).getByText('Type administrator2 to confirm.')).toBeInTheDocument();
    fireEvent.change(within(dialog()).getByLabelText(/to confirm/), { target: { value: 'administrator2' } });
    fireEvent.click(confirm);
    await settle();
    expect(calls.filter((call) => call.key === 'POST /api/team/ownership')).toMatchObject([
      { key: 'POST /api/team/ownership', body: { userId: 2 }, auth: `Bearer ${TOKEN}` },
    ]);
    // The page asks again who the signed-in person is now.
    expect(calls.filter((call) => call.key === 'GET /api/account')).toHaveLength(2);
  });

  it('gives an Editor no role or disable controls, and only Author and Contributor to invite', async () => {
    stubApi(routes(account('editor', 4)));
    renderTeam();
    await settle();
    expect(within(peopleTable()).queryByRole('combobox')).toBeNull();
    expect(within(peopleTable()).queryByRole('button')).toBeNull();
    const role = screen.getByRole('combobox', { name: 'Role' });
    expect([...role.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Author', 'Contributor']);
  });

  it('tells an Author the team is not for their role, and loads no list', async () => {
    const calls = stubApi(routes(account('author', 3)));
    renderTeam();
    await settle();
    expect(screen.getByText(/Your role \(Author\) does not include the team/)).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toEqual(['GET /api/account']);
  });

  it('shows a failed list with Try again, and an empty one', async () => {
    let attempts = 0;
    stubApi(
      routes(account('owner'), {
        'GET /api/team': () => (++attempts === 1 ? networkDown(undefined) : json({ people: PEOPLE })(undefined)),
        'GET /api/team/invitations': json({ invitations: [] }),
      }),
    );
    renderTeam();
    await settle();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load the team');
    expect(screen.getByText('No invitations yet.')).toBeInTheDocument();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await settle();
    expect(peopleTable()).toBeInTheDocument();
  });

  it('goes to /login when the session has ended', async () => {
    stubApi({ 'GET /api/account': json({ error: 'Unauthorized', code: 'UNAUTHORIZED' }, 401) });
    const router = renderTeam();
    await settle();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
  });
});

describe('invitations', () => {
  const created = {
    invitation: invitation(9, { label: 'ada@example.com', role: 'contributor' }),
    url: 'https://tools.example.org/invite/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde',
  };

  it('checks the expiry before asking the server', async () => {
    const calls = stubApi(routes(account('owner')));
    renderTeam();
    await settle();
    fireEvent.change(screen.getByLabelText('Expires after (days)'), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create invitation' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The expiry must be a whole number of days from 1 to 14');
    await settle();
    expect(calls.filter((call) => call.key.startsWith('POST'))).toEqual([]);
  });

  it('creates one and shows its link once, with a copy button, until Done', async () => {
    const calls = stubApi(routes(account('owner'), { 'POST /api/team/invitations': json(created, 201) }));
    renderTeam();
    await settle();
    expect(screen.getByLabelText('Expires after (days)')).toHaveValue(7);
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'contributor' } });
    fireEvent.change(screen.getByLabelText('Who it is for (optional)'), { target: { value: ' ada@example.com ' } });
    fireEvent.change(screen.getByLabelText('Expires after (days)'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create invitation' }));
    await settle();
    expect(calls.find((call) => call.key === 'POST /api/team/invitations')?.body).toEqual({
      role: 'contributor',
      label: 'ada@example.com',
      expiresInDays: 3,
    });
    const box = screen.getByRole('region', { name: 'Invitation link: shown once' });
    expect(within(box).getByLabelText('Invitation link')).toHaveValue(created.url);
    expect(within(box).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(box).toHaveTextContent('cannot be shown again');
    // The form is empty again and the list asked anew.
    expect(screen.getByLabelText('Who it is for (optional)')).toHaveValue('');
    expect(calls.filter((call) => call.key === 'GET /api/team/invitations')).toHaveLength(2);
    fireEvent.click(within(box).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: 'Invitation link: shown once' })).toBeNull();
  });

  it('shows the server’s refusal of a role', async () => {
    stubApi(
      routes(account('owner'), {
        'POST /api/team/invitations': json(
          { error: 'Your role cannot give this role', code: 'ROLE_NOT_GRANTABLE' },
          403,
        ),
      }),
    );
    renderTeam();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Create invitation' }));
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Your role cannot give this role');
  });

  it('revokes a pending one after confirmation', async () => {
    const calls = stubApi(routes(account('editor', 4), { 'DELETE /api/team/invitations/1': json(null, 204) }));
    renderTeam();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /Revoke the invitation for guest1@example.com/ }));
    expect(dialog()).toHaveTextContent('stops working at once');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Revoke' }));
    await settle();
    expect(calls.filter((call) => call.key === 'DELETE /api/team/invitations/1')).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('Invitation revoked', { description: 'guest1@example.com' });
  });
});
