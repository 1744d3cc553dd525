import { fireEvent, render, screen, within } from '@testing-library/react';
import type { AuditEvent, AuditPage as AuditPageBody } from '@toolvault/shared';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadBlob } from '../../lib/download';
import { json, settle, stubApi, type FakeRoute } from '../../lib/testing-api';
import { QueryWrapper } from '../../lib/testing-query';
import { ADMIN_TOKEN_KEY } from '../auth/admin-session';
import AuditPage from './AuditPage';
import { formatEventTime } from './audit.service';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../lib/download', () => ({ downloadBlob: vi.fn() }));

const TOKEN = 'header.payload.signature';

const event = (id: number, extra: Partial<AuditEvent> = {}): AuditEvent => ({
  id,
  at: `2025-03-15T12:00:0${id % 10}.000Z`,
  actor: { id: 2, label: 'eve' },
  action: 'link.updated',
  targetType: 'link',
  targetId: String(40 + id),
  fields: ['title', 'tags'],
  ip: '192.0.2.7',
  ...extra,
});
const page = (events: AuditEvent[], nextCursor: string | null = null): AuditPageBody => ({ events, nextCursor });

function renderAudit({ loggedIn = true, at = '/audit' } = {}) {
  if (loggedIn) localStorage.setItem(ADMIN_TOKEN_KEY, TOKEN);
  const router = createMemoryRouter(
    [
      { path: '/audit', element: <AuditPage /> },
      { path: '/login', element: <h1>Login route</h1> },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />, { wrapper: QueryWrapper });
  return router;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const rows = () =>
  within(screen.getByRole('table', { name: 'Audit events, newest first' }))
    .getAllByRole('row')
    .slice(1);

afterEach(() => {
  localStorage.clear();
});

describe('the Audit page', () => {
  it('sends a signed-out visitor to /login without asking the API', async () => {
    const calls = stubApi({});
    const router = renderAudit({ loggedIn: false });
    await settle();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls).toEqual([]);
  });

  it('shows the events newest first: time, who, action, target, fields and address', async () => {
    const calls = stubApi({
      'GET /api/audit': json(
        page([
          event(2),
          event(1, {
            actor: { id: null, label: 'guest' },
            action: 'link.created',
            fields: [],
            ip: '',
          }),
        ]),
      ),
    });
    renderAudit();
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the audit log…');
    await settle();
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${TOKEN}`);
    const [first, second] = rows();
    const cells = (row: HTMLElement | undefined) =>
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(first)).toEqual([
      formatEventTime('2025-03-15T12:00:02.000Z'),
      'eveperson 2',
      'Link updatedlink.updated',
      'link 42',
      'title, tags',
      '192.0.2.7',
    ]);
    expect(cells(second)).toEqual([
      formatEventTime('2025-03-15T12:00:01.000Z'),
      'guest',
      'Link createdlink.created',
      'link 41',
      '—',
      '—',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when no event matches', async () => {
    stubApi({ 'GET /api/audit': json(page([])) });
    renderAudit();
    await settle();
    expect(screen.getByText('No events match these filters.')).toBeInTheDocument();
  });

  it('loads older events with the cursor, after the ones shown', async () => {
    const calls = stubApi({
      'GET /api/audit?type=link': json(page([event(3), event(2)], 'c1')),
      'GET /api/audit?type=link&cursor=c1': json(page([event(2), event(1)])),
    });
    renderAudit({ at: '/audit?type=link' });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await settle();
    expect(calls.map((call) => call.key).filter((key) => key.startsWith('GET /api/audit'))).toEqual([
      'GET /api/audit?type=link',
      'GET /api/audit?type=link&cursor=c1',
    ]);
    // An event that slid onto the next page meanwhile is shown once.
    expect(rows().map((row) => within(row).getAllByRole('cell')[3]?.textContent)).toEqual([
      'link 43',
      'link 42',
      'link 41',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('applies the filters from the form and keeps them in the address', async () => {
    const from = new Date(2025, 2, 1).toISOString();
    const to = new Date(2025, 2, 15, 23, 59, 59, 999).toISOString();
    const filtered = `GET /api/audit?actor=3&type=post&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const calls = stubApi({ 'GET /api/audit': json(page([event(1)])), [filtered]: json(page([])) });
    const router = renderAudit();
    await settle();
    type('Person id', ' 3 ');
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'post' } });
    type('From', '2025-03-01');
    type('To', '2025-03-15');
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await settle();
    expect(calls.at(-1)?.key).toBe(filtered);
    expect(router.state.location.search).toBe('?actor=3&type=post&from=2025-03-01&to=2025-03-15');
    expect(screen.getByLabelText('Person id')).toHaveValue('3');

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await settle();
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Type')).toHaveValue('');
  });

  it('refuses filters that cannot be asked, beside the field, without a request', async () => {
    const calls = stubApi({ 'GET /api/audit': json(page([])) });
    renderAudit();
    await settle();
    type('Person id', 'ada');
    type('From', '2025-03-16');
    type('To', '2025-03-15');
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await settle();
    expect(screen.getByLabelText('Person id')).toHaveAccessibleDescription(/A person id is a whole number from 1/);
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('The end date must not be before the start date');
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.key.startsWith('GET /api/audit'))).toHaveLength(1);
  });

  it('offers the people of the team by name once the team has loaded', async () => {
    const person = (id: number, displayName: string, login: string, disabled = false) => ({
      id,
      login,
      displayName,
      role: 'editor',
      disabled,
      createdAt: '2025-03-01T00:00:00.000Z',
    });
    const people = [person(1, 'Owner', 'owner'), person(3, 'Ada Lovelace', 'ada', true)];
    const calls = stubApi({
      'GET /api/audit': json(page([event(1)])),
      'GET /api/team': json({ people }),
      'GET /api/audit?actor=3': json(page([])),
    });
    const router = renderAudit();
    await settle();
    const picker = screen.getByLabelText('Person');
    expect([...picker.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Everyone',
      'Owner (owner)',
      'Ada Lovelace (ada), disabled',
    ]);
    fireEvent.change(picker, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await settle();
    expect(calls.at(-1)?.key).toBe('GET /api/audit?actor=3');
    expect(router.state.location.search).toBe('?actor=3');
    expect(screen.getByLabelText('Person')).toHaveValue('3');
  });

  it('shows a failure with the server reason and tries again', async () => {
    let answer: FakeRoute = json({ error: 'The database did not answer', code: 'SERVICE_UNAVAILABLE' }, 503);
    stubApi({ 'GET /api/audit': (body) => answer(body) });
    renderAudit();
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('The database did not answer');
    answer = json(page([event(1)]));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(rows()).toHaveLength(1);
  });

  it('tells a person whose role may not read the log, without a retry', async () => {
    stubApi({ 'GET /api/audit': json({ error: 'Your role or key does not allow this', code: 'FORBIDDEN' }, 403) });
    renderAudit();
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Only the Owner and Administrators can read the audit log.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('logs out and goes to /login when the session has ended', async () => {
    stubApi({ 'GET /api/audit': json({ error: 'Unauthorized', code: 'UNAUTHORIZED' }, 401) });
    const router = renderAudit();
    await settle();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(toast.error).toHaveBeenCalledWith('Session expired', { description: 'Please log in again.' });
  });

  it('exports the filtered log as a CSV file with the token', async () => {
    const csv = 'id,at\r\n1,2025-03-15T12:00:00.000Z\r\n';
    const calls = stubApi({
      'GET /api/audit?type=key': json(page([event(1)])),
      'GET /api/audit/export?type=key': () => new Response(csv, { headers: { 'Content-Type': 'text/csv' } }),
    });
    renderAudit({ at: '/audit?type=key' });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await settle();
    const download = calls.find((call) => call.key === 'GET /api/audit/export?type=key');
    expect(download?.headers).toEqual({ Accept: 'text/csv', Authorization: `Bearer ${TOKEN}` });
    const [blob, name] = vi.mocked(downloadBlob).mock.calls[0] ?? [];
    expect(await (blob as Blob).text()).toBe(csv);
    expect(name).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(toast.success).toHaveBeenCalledWith('Exported', { description: name });
  });

  it('says when the export failed', async () => {
    stubApi({
      'GET /api/audit': json(page([event(1)])),
      'GET /api/audit/export': json({ error: 'Invalid request', code: 'VALIDATION' }, 400),
    });
    renderAudit();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await settle();
    expect(downloadBlob).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('Failed to export the audit log', { description: 'Invalid request' });
  });
});
