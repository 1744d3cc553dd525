import { fireEvent, render, screen, within } from '@testing-library/react';
import { ROLE_GRANTS, type Account, type Role, type Webhook } from '@toolvault/shared';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, refuse, settle, stubApi, type FakeRoute } from '../../lib/testing-api';
import { QueryWrapper } from '../../lib/testing-query';
import { ADMIN_TOKEN_KEY } from '../auth/admin-session';
import WebhooksPage from './WebhooksPage';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const TOKEN = 'header.payload.signature';
const account = (role: Role): Account => ({
  id: 1,
  login: role,
  displayName: role,
  role,
  grants: { ...ROLE_GRANTS[role] },
});
const HOOK: Webhook = {
  id: 3,
  url: 'https://crm.example.com/in',
  description: 'CRM',
  events: ['link.created', 'click'],
  active: true,
  secret: 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  createdAt: '2025-03-15T12:00:00.000Z',
  updatedAt: '2025-03-15T12:00:00.000Z',
};

function renderPage() {
  localStorage.setItem(ADMIN_TOKEN_KEY, TOKEN);
  const router = createMemoryRouter(
    [
      { path: '/webhooks', element: <WebhooksPage /> },
      { path: '/login', element: <h1>Login route</h1> },
    ],
    { initialEntries: ['/webhooks'] },
  );
  render(<RouterProvider router={router} />, { wrapper: QueryWrapper });
}

const routes = (role: Role, extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> => ({
  'GET /api/account': json(account(role)),
  'GET /api/webhooks': json({ webhooks: [HOOK] }),
  ...extra,
});

afterEach(() => {
  localStorage.clear();
});

describe('the Webhooks page', () => {
  it('asks for a login without a session', () => {
    stubApi({});
    render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <WebhooksPage /> }])} />, {
      wrapper: QueryWrapper,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to manage webhooks' })).toBeInTheDocument();
  });

  it('tells an Editor that webhooks are not theirs, and asks for none', async () => {
    const calls = stubApi(routes('editor'));
    renderPage();
    await settle();
    expect(screen.getByText(/Your role \(Editor\) does not include webhooks/)).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(['GET /api/account']);
  });

  it('lists webhooks with the secret hidden until asked for', async () => {
    stubApi(routes('administrator'));
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
    await settle();
    expect(screen.getByText('https://crm.example.com/in')).toBeInTheDocument();
    expect(screen.getByText('Events: Link created, Clicks (batched)')).toBeInTheDocument();
    expect(screen.queryByText(HOOK.secret)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show secret' }));
    expect(screen.getByText(HOOK.secret)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide secret' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows an empty list', async () => {
    stubApi(routes('owner', { 'GET /api/webhooks': json({ webhooks: [] }) }));
    renderPage();
    await settle();
    expect(screen.getByText('No webhooks yet.')).toBeInTheDocument();
  });

  it('says why the server refused a new webhook', async () => {
    const calls = stubApi(
      routes('owner', {
        'POST /api/webhooks': refuse(
          400,
          'WEBHOOK_TARGET_REFUSED',
          'This address is on this host or a private network',
        ),
      }),
    );
    renderPage();
    await settle();
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'http://127.0.0.1/' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Clicks (batched)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('This address is on this host or a private network');
    expect(calls.find((c) => c.key === 'POST /api/webhooks')?.body).toEqual({
      url: 'http://127.0.0.1/',
      description: '',
      events: ['link.created', 'click'],
    });
  });

  it('shows the delivery log and sends one again', async () => {
    const calls = stubApi(
      routes('owner', {
        'GET /api/webhooks/3/deliveries': json({
          deliveries: [
            {
              id: 9,
              webhookId: 3,
              event: 'click',
              status: 'pending',
              attempts: 2,
              responseStatus: 500,
              lastError: 'HTTP 500',
              nextAttemptAt: '2025-03-15T12:01:00.000Z',
              createdAt: '2025-03-15T12:00:00.000Z',
              updatedAt: '2025-03-15T12:00:30.000Z',
            },
          ],
          nextCursor: null,
        }),
        'POST /api/webhooks/3/deliveries/9/resend': json({}, 201),
      }),
    );
    renderPage();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Deliveries' }));
    await settle();
    const table = screen.getByRole('table', { name: 'Deliveries to https://crm.example.com/in, newest first' });
    expect(within(table).getByText('HTTP 500')).toBeInTheDocument();
    fireEvent.click(within(table).getByRole('button', { name: /Send again/ }));
    await settle();
    expect(calls.map((c) => c.key)).toContain('POST /api/webhooks/3/deliveries/9/resend');
    expect(toast.success).toHaveBeenCalledWith('Delivery queued again');
  });
});
