import { fireEvent, screen, within } from '@testing-library/react';
import { ROLE_GRANTS, type Account, type Role } from '@toolvault/shared';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN_KEY } from '../../features/auth/admin-session';
import {
  field,
  json,
  link,
  listCalls,
  NO_TAGS,
  pageOf,
  query,
  renderTool,
  settle,
  stubApi,
  summaryOf,
  TOKEN,
  type Call,
} from './manager-testing';

/*
 * The manager as each role sees it: only the tabs, filters and actions the role may use, who made
 * each link, and no request the server would refuse.
 */

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const account = (role: Exclude<Role, 'owner'>, displayName: string): Account => ({
  id: 7,
  login: role,
  displayName,
  role,
  grants: ROLE_GRANTS[role],
});

const ADA = { id: 7, name: 'Ada Author' };
const EDDIE = { id: 3, name: 'Eddie Editor' };

const tabNames = () => screen.queryAllByRole('tab').map((tab) => tab.textContent);
const table = () => screen.getByRole('table', { name: /^Shortlinks, page/ });
const rows = () => within(table()).getAllByRole('row').slice(1);
const keys = (calls: Call[]) => calls.map((call) => call.key);

beforeEach(() => {
  localStorage.setItem(ADMIN_TOKEN_KEY, TOKEN);
});
afterEach(() => {
  localStorage.clear();
});

describe('the shortlink manager for each role', () => {
  it('gives an Author their own links only: no Overview, Analytics, tags, export or import', async () => {
    const calls = stubApi({
      'GET /api/account': json(account('author', 'Ada Author')),
      'GET /api/shortlinks': json(pageOf([link(1, { createdBy: ADA, updatedBy: EDDIE })])),
    });
    renderTool('/shortlink-manager');
    await settle();
    expect(tabNames()).toEqual(['Create Link', 'Manage Links']);
    expect(screen.getByRole('tab', { name: 'Manage Links' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Logged in as Ada Author (Author)')).toBeInTheDocument();
    // Every call the role may make, and none it may not (summary, tags, all-links analytics). The
    // folders are the team's, listed to anyone who reads links (the filter names them).
    expect(new Set(keys(calls))).toEqual(
      new Set(['GET /api/account', 'GET /api/shortlinks', 'GET /api/shortlinks/folders']),
    );
    expect(listCalls(calls).at(-1)?.params.has('createdBy')).toBe(false);

    expect(screen.queryByRole('group', { name: 'Bulk actions' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Created by')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Tag')).not.toBeInTheDocument();
    const [row] = rows();
    expect(within(row!).getByText('Ada Author')).toBeInTheDocument();
    expect(within(row!).getByText('Changed by Eddie Editor')).toBeInTheDocument();
    expect(within(row!).getByRole('button', { name: 'Edit code01' })).toBeInTheDocument();
    expect(within(row!).getByRole('link', { name: 'Analytics code01' })).toBeInTheDocument();
  });

  it('lets the Owner list everyone’s links or their own, and names who made each', async () => {
    const calls = stubApi({
      'GET /api/shortlinks/tags': json(NO_TAGS),
      'GET /api/shortlinks': (_body, _init, params) =>
        json(pageOf(params.get('createdBy') === 'me' ? [link(2)] : [link(1, { createdBy: ADA }), link(2)]))(),
    });
    renderTool('/shortlink-manager?tab=manage');
    await settle();
    expect(tabNames()).toEqual(['Overview', 'Create Link', 'Manage Links', 'Analytics']);
    // The first cell is the row's check box.
    expect(rows().map((row) => within(row).getAllByRole('cell')[4]?.textContent)).toEqual([
      'Ada Author',
      'Not recorded',
    ]);
    expect(field('Created by')).toHaveValue('all');

    fireEvent.change(field('Created by'), { target: { value: 'me' } });
    await settle();
    expect(listCalls(calls).at(-1)?.params.get('createdBy')).toBe('me');
    expect(query().get('by')).toBe('me');
    expect(rows()).toHaveLength(1);
  });

  it('lets the Owner pick anyone on the team by name in Created by', async () => {
    const people = [
      {
        id: 1,
        displayName: 'Olive Owner',
        login: 'olive',
        role: 'owner',
        disabled: false,
        createdAt: '2025-01-01T00:00:00.000Z',
      },
      {
        id: 3,
        displayName: 'Ada Author',
        login: 'ada',
        role: 'author',
        disabled: true,
        createdAt: '2025-01-02T00:00:00.000Z',
      },
    ];
    const calls = stubApi({
      'GET /api/shortlinks/tags': json(NO_TAGS),
      'GET /api/team': json({ people }),
      'GET /api/shortlinks': (_body, _init, params) =>
        json(pageOf(params.get('createdBy') === '3' ? [link(1, { createdBy: ADA })] : [link(1), link(2)]))(),
    });
    renderTool('/shortlink-manager?tab=manage');
    await settle();
    const options = within(field('Created by')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Everyone',
      'Me',
      'Olive Owner (olive)',
      'Ada Author (ada), disabled',
    ]);
    fireEvent.change(field('Created by'), { target: { value: '3' } });
    await settle();
    expect(listCalls(calls).at(-1)?.params.get('createdBy')).toBe('3');
    expect(query().get('by')).toBe('3');
    expect(rows()).toHaveLength(1);
  });

  it('keeps a person of the address who is not on the team as what is applied', async () => {
    stubApi({
      'GET /api/shortlinks/tags': json(NO_TAGS),
      'GET /api/team': json({ people: [] }),
      'GET /api/shortlinks': json(pageOf([])),
    });
    renderTool('/shortlink-manager?tab=manage&by=42');
    await settle();
    expect(field('Created by')).toHaveValue('42');
    expect(within(field('Created by')).getByRole('option', { name: 'Person 42' })).toBeInTheDocument();
  });

  it('shows a Viewer the links and their analytics, and nothing that changes them', async () => {
    const calls = stubApi({
      'GET /api/account': json(account('viewer', 'Vera Viewer')),
      'GET /api/shortlinks/summary': json(summaryOf([link(1)])),
      'GET /api/shortlinks/tags': json(NO_TAGS),
      'GET /api/shortlinks': json(pageOf([link(1)])),
    });
    renderTool('/shortlink-manager?tab=create');
    await settle();
    expect(tabNames()).toEqual(['Overview', 'Manage Links', 'Analytics']);
    // The Create tab of the address is not theirs: Manage Links shows instead.
    expect(screen.getByRole('tab', { name: 'Manage Links' })).toHaveAttribute('aria-selected', 'true');
    const [row] = rows();
    expect(within(row!).queryByRole('button', { name: 'Edit code01' })).not.toBeInTheDocument();
    expect(within(row!).queryByRole('button', { name: 'Delete code01' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
    expect(keys(calls)).not.toContain('POST /api/shortlinks');
  });

  it('tells a Contributor their role has no short links, and asks for none', async () => {
    const calls = stubApi({ 'GET /api/account': json(account('contributor', 'Cleo Contributor')) });
    renderTool('/shortlink-manager');
    await settle();
    expect(screen.getByRole('heading', { name: 'No short links for your role' })).toBeInTheDocument();
    expect(screen.getByText('Logged in as Cleo Contributor (Contributor)')).toBeInTheDocument();
    expect(screen.getByText(/Your role \(Contributor\) does not include short links/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(keys(calls)).toEqual(['GET /api/account']);
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('says so when the account cannot be read, and tries again on request', async () => {
    let fail = true;
    const calls = stubApi({
      'GET /api/account': () =>
        fail
          ? json({ error: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' }, 503)()
          : json(account('author', 'Ada'))(),
      'GET /api/shortlinks': json(pageOf([])),
    });
    renderTool('/shortlink-manager');
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Your account could not be loaded: Service unavailable');
    expect(listCalls(calls)).toHaveLength(0);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.getByRole('tab', { name: 'Manage Links' })).toBeInTheDocument();
  });

  it('logs out when the account answers 401', async () => {
    stubApi({ 'GET /api/account': json({ error: 'Unauthorized', code: 'UNAUTHORIZED' }, 401) });
    renderTool('/shortlink-manager');
    await settle();
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(toast.error).toHaveBeenCalledWith('Session expired', { description: 'Please log in again.' });
    expect(screen.getByRole('button', { name: 'Continue as Guest' })).toBeInTheDocument();
  });
});
