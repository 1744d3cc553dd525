// The manager's way in for an admin: the login gate, the overview and tabs it opens, a load that
// fails, a 401 and logging out.
import { fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  link,
  listCalls,
  NO_TAGS,
  pageOf,
  renderTool,
  settle,
  stubApi,
  summaryOf,
  tab,
  TOKEN,
  type,
} from './manager-testing';
import { siteAnalytics } from './analytics-testing';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

describe('login gate', () => {
  it('offers the admin password and Continue as Guest', () => {
    stubApi({});
    renderTool();
    expect(screen.getByLabelText('Admin Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue as Guest' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it.each([
    [
      'a wrong password',
      json({ error: 'Invalid admin password' }, 401),
      'Invalid password',
      ['Access Denied', { description: 'Invalid admin password' }],
    ],
    [
      'no connection',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Connection error',
      ['Failed to connect to server'],
    ],
  ] as const)('refuses %s with the designed messages', async (_name, answer, inline, toastArgs) => {
    stubApi({ 'POST /api/admin/login': answer });
    renderTool();
    type('Admin Password', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(inline);
    expect(toast.error).toHaveBeenCalledWith(...toastArgs);
    expect(localStorage.getItem('shortlinkAdminToken')).toBeNull();
  });

  it('logs in, stores the token and opens the admin tabs', async () => {
    const calls = stubApi({
      'POST /api/admin/login': json({ token: TOKEN }),
      'GET /api/shortlinks/summary': json(summaryOf([])),
    });
    renderTool();
    type('Admin Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await settle();
    expect(toast.success).toHaveBeenCalledWith('Admin Access Granted');
    expect(localStorage.getItem('shortlinkAdminToken')).toBe(TOKEN);
    expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
    expect(calls.find((call) => call.key === 'GET /api/shortlinks/summary')?.auth).toBe(`Bearer ${TOKEN}`);
    // The Overview reads the summary only, never the list.
    expect(listCalls(calls)).toHaveLength(0);
    expect(screen.getByText('No shortlinks yet')).toBeInTheDocument();
  });
});

describe('admin', () => {
  beforeEach(() => localStorage.setItem('shortlinkAdminToken', TOKEN));

  it('skips the gate with a stored token and shows the overview figures from the summary', async () => {
    // Eleven links today, of which the summary lists only the 5 newest: "Today" is the server's count.
    const recent = [1, 2, 3, 4, 5].map((id) => link(id, { clickCount: id }));
    const calls = stubApi({
      'GET /api/shortlinks/summary': json(
        summaryOf(recent, {
          totalLinks: 20_000,
          totalClicks: 1_100_000,
          createdToday: 11,
          today: { clicks: 500, deduplicated: 3, uniques: 2 },
        }),
      ),
    });
    renderTool();
    expect(screen.queryByLabelText('Admin Password')).not.toBeInTheDocument();
    await settle();
    const stat = (label: string) => within(screen.getByText(label).closest('div')!).getByRole('definition');
    expect(stat('Total Links')).toHaveTextContent('20,000');
    expect(stat('Total Clicks')).toHaveTextContent('1,100,000');
    expect(stat('Today')).toHaveTextContent(/^11$/);
    expect(stat('Avg. Clicks')).toHaveTextContent('55');
    // Today's clicks beside their deduplicated clicks and unique visitors.
    const today = within(screen.getByLabelText('Visits today'));
    const figure = (label: string) => today.getByText(label).closest('div')!;
    expect(figure('Raw clicks')).toHaveTextContent('500');
    expect(figure('Deduplicated')).toHaveTextContent('3');
    expect(figure('Unique visitors')).toHaveTextContent('2');
    expect(within(screen.getByRole('list', { name: 'Recent links' })).getAllByRole('listitem')).toHaveLength(5);
    expect(listCalls(calls)).toHaveLength(0);
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    stubApi({
      'GET /api/shortlinks/summary': json(summaryOf([])),
      'GET /api/shortlinks': json(pageOf([])),
      'GET /api/shortlinks/tags': json(NO_TAGS),
      'GET /api/shortlinks/analytics': json(siteAnalytics()),
    });
    renderTool();
    await settle();
    tab('Overview').focus();
    fireEvent.keyDown(tab('Overview'), { key: 'ArrowRight' });
    expect(tab('Create Link')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Create Link')).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Create Link' })).toBeInTheDocument();
    fireEvent.keyDown(tab('Create Link'), { key: 'End' });
    expect(tab('Analytics')).toHaveFocus();
    fireEvent.keyDown(tab('Analytics'), { key: 'ArrowRight' });
    expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Analytics')).toHaveAttribute('tabindex', '-1');
    await settle();
  });

  it('returns to the gate and clears the token on a 401', async () => {
    stubApi({ 'GET /api/shortlinks/summary': json({ error: 'Unauthorized' }, 401) });
    renderTool();
    await settle();
    expect(localStorage.getItem('shortlinkAdminToken')).toBeNull();
    expect(screen.getByLabelText('Admin Password')).toBeInTheDocument();
  });

  it('toasts Failed to load shortlinks and offers a retry', async () => {
    let fail = true;
    stubApi({
      'GET /api/shortlinks/summary': () => (fail ? json({ error: 'Boom' }, 500)() : json(summaryOf([link(1)]))()),
    });
    renderTool();
    await settle();
    expect(toast.error).toHaveBeenCalledWith('Failed to load shortlinks', { description: 'Boom' });
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.getByText('Link 1')).toBeInTheDocument();
  });

  it('logs out: toast, token cleared, back to the gate', async () => {
    stubApi({ 'GET /api/shortlinks/summary': json(summaryOf([])) });
    renderTool();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(toast.success).toHaveBeenCalledWith('Logged Out', { description: 'Admin access revoked' });
    expect(localStorage.getItem('shortlinkAdminToken')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Shortlink Manager Access' })).toHaveFocus();
  });
});
