import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Shortlink } from '@toolvault/shared';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterDebounce,
  field,
  flush,
  go,
  json,
  link,
  listCalls,
  NO_TAGS,
  ORIGIN,
  pageOf,
  query,
  renderTool,
  settle,
  stubApi,
  stubObjectUrls,
  summaryOf,
  tab,
  TOKEN,
  type,
  type Call,
  type Handler,
} from './manager-testing';
import { GUEST_LAST_CREATED_KEY, GUEST_LINK_KEY } from './shortlink-manager.service';
import { linkAnalytics, MAY_30_DAYS, siteAnalytics } from './analytics-testing';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => void vi.unstubAllGlobals());

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

  it('refuses an empty form without a call, then creates with a generated 6-character code', async () => {
    const calls = stubApi({
      'GET /api/shortlinks/summary': json(summaryOf([])),
      'POST /api/shortlinks': (body) => json(link(5, { ...(body as object) }), 201)(),
    });
    renderTool();
    await settle();
    fireEvent.click(tab('Create Link'));
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Title and Target URL are required');
    expect(toast.error).toHaveBeenCalledWith('Title and Target URL are required');
    expect(calls.some((call) => call.key === 'POST /api/shortlinks')).toBe(false);

    type(/^Title/, 'OWASP');
    type(/^Target URL/, 'https://owasp.org/');
    type(/^Tags/, 'owasp, top-ten ,');
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    await settle();
    const post = calls.find((call) => call.key === 'POST /api/shortlinks');
    expect(post?.auth).toBe(`Bearer ${TOKEN}`);
    const sent = post?.body as Shortlink;
    expect(sent.shortCode).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(sent.tags).toEqual(['owasp', 'top-ten']);
    expect(sent.redirectMode).toBe('preview');
    expect(toast.success).toHaveBeenCalledWith('Shortlink created', { description: `${ORIGIN}/${sent.shortCode}` });
    expect(field(/^Title/)).toHaveValue('');
  });

  it('retries with a new code when the server says it exists', async () => {
    let attempts = 0;
    const calls = stubApi({
      'GET /api/shortlinks/summary': json(summaryOf([])),
      'POST /api/shortlinks': (body) =>
        ++attempts < 3
          ? json({ error: 'Short code already exists', code: 'SHORT_CODE_TAKEN' }, 409)()
          : json(link(5, body as Partial<Shortlink>), 201)(),
    });
    renderTool();
    await settle();
    fireEvent.click(tab('Create Link'));
    type(/^Title/, 'x');
    type(/^Target URL/, 'https://a.example/');
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    await settle();
    const codes = calls
      .filter((call) => call.key === 'POST /api/shortlinks')
      .map((call) => (call.body as Shortlink).shortCode);
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);
    expect(toast.success).toHaveBeenCalledWith('Shortlink created', expect.anything());
  });

  it('edits: Cancel Edit returns to an empty form on Overview; Update saves and goes to Overview', async () => {
    const existing = link(1, { title: 'Old', tags: ['a', 'b'] });
    const calls = stubApi({
      'GET /api/shortlinks/summary': json(summaryOf([existing])),
      'GET /api/shortlinks': json(pageOf([existing])),
      'GET /api/shortlinks/tags': json(NO_TAGS),
      'PUT /api/shortlinks/1': (body) => json({ ...existing, ...(body as object) })(),
    });
    renderTool();
    await settle();
    fireEvent.click(tab('Manage Links'));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: `Edit ${existing.shortCode}` }));
    expect(tab('Create Link')).toHaveAttribute('aria-selected', 'true');
    expect(field(/^Title/)).toHaveValue('Old');
    expect(field(/^Title/)).toHaveFocus();
    expect(field(/^Tags/)).toHaveValue('a, b');
    expect(field(/^Short code/)).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Edit' }));
    expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(tab('Create Link'));
    expect(field(/^Title/)).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Cancel Edit' })).not.toBeInTheDocument();

    fireEvent.click(tab('Manage Links'));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: `Edit ${existing.shortCode}` }));
    type(/^Title/, 'New');
    fireEvent.click(screen.getByRole('button', { name: 'Update Shortlink' }));
    await settle();
    const put = calls.find((call) => call.key === 'PUT /api/shortlinks/1');
    expect(put?.body).toEqual({
      title: 'New',
      targetUrl: existing.targetUrl,
      description: '',
      metaImage: '',
      tags: ['a', 'b'],
      redirectMode: 'preview',
      // The link has no rules, and the form sends them as they are (none).
      validFrom: null,
      validUntil: null,
      maxVisits: null,
      fallbackUrl: null,
      redirectStatus: 302,
      // Nor a folder.
      folderId: null,
    });
    expect(toast.success).toHaveBeenCalledWith('Shortlink updated successfully');
    expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
    // Back on Manage Links, the row shows the new title from the update's answer, without a new list request.
    const before = listCalls(calls).length;
    fireEvent.click(tab('Manage Links'));
    await settle();
    expect(screen.getByRole('cell', { name: /^New/ })).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(before);
  });

  it('deletes only after the confirm dialog; Escape cancels', async () => {
    const existing = link(1);
    let list = [existing];
    const calls = stubApi({
      'GET /api/shortlinks/summary': () => json(summaryOf(list))(),
      'GET /api/shortlinks': () => json(pageOf(list))(),
      'GET /api/shortlinks/tags': json(NO_TAGS),
      'DELETE /api/shortlinks/1': () => {
        list = [];
        return new Response(null, { status: 204 });
      },
    });
    renderTool();
    await settle();
    fireEvent.click(tab('Manage Links'));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: `Delete ${existing.shortCode}` }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this shortlink?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: `Delete ${existing.shortCode}` }));
    // Tab from the last button wraps to the first.
    const buttons = within(screen.getByRole('alertdialog')).getAllByRole('button');
    buttons.at(-1)!.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(buttons[0]).toHaveFocus();
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await settle();
    expect(calls.find((call) => call.key === 'DELETE /api/shortlinks/1')?.auth).toBe(`Bearer ${TOKEN}`);
    expect(toast.success).toHaveBeenCalledWith('Shortlink deleted successfully');
    expect(screen.getByText('No shortlinks yet')).toBeInTheDocument();
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

  it.each([
    ['not JSON', '{nope', 'Invalid JSON file format'],
    ['an object', '{"title":"x"}', 'Invalid JSON file format'],
  ])('refuses an import file that is %s without a call', async (_name, text, message) => {
    const calls = stubApi({
      'GET /api/shortlinks/summary': json(summaryOf([])),
      'GET /api/shortlinks': json(pageOf([])),
      'GET /api/shortlinks/tags': json(NO_TAGS),
    });
    renderTool();
    await settle();
    fireEvent.click(tab('Manage Links'));
    const file = new File([text], 'links.json', { type: 'application/json' });
    fireEvent.change(screen.getByLabelText('Import shortlinks from a JSON or CSV file'), { target: { files: [file] } });
    await settle();
    expect(toast.error).toHaveBeenCalledWith(message);
    expect(calls.some((call) => call.key === 'POST /api/shortlinks/import')).toBe(false);
  });

  it('imports an array and shows the server count; a bad row shows the server error', async () => {
    let reply = json({ imported: 2 }, 201);
    const calls = stubApi({
      'GET /api/shortlinks/summary': json(summaryOf([])),
      'GET /api/shortlinks': json(pageOf([])),
      'GET /api/shortlinks/tags': json(NO_TAGS),
      'POST /api/shortlinks/import': () => reply(),
    });
    renderTool();
    await settle();
    fireEvent.click(tab('Manage Links'));
    const rows = [
      { title: 'a', targetUrl: 'https://a.example' },
      { title: 'b', targetUrl: 'https://b.example' },
    ];
    const input = screen.getByLabelText('Import shortlinks from a JSON or CSV file');
    fireEvent.change(input, { target: { files: [new File([JSON.stringify(rows)], 'x.json')] } });
    await settle();
    expect(calls.find((call) => call.key === 'POST /api/shortlinks/import')?.body).toEqual(rows);
    expect(toast.success).toHaveBeenCalledWith('Imported', { description: '2 shortlinks imported successfully' });

    reply = json({ error: 'Row 2: Title and Target URL are required' }, 400);
    fireEvent.change(input, { target: { files: [new File([JSON.stringify(rows)], 'x.json')] } });
    await settle();
    expect(toast.error).toHaveBeenCalledWith('Failed to import shortlinks', {
      description: 'Row 2: Title and Target URL are required',
    });
  });

  it('loads the sample data through the import', async () => {
    const sample = [{ title: 'a', targetUrl: 'https://a.example', metaImage: '', description: '', tags: [] }];
    const calls = stubApi({
      'GET /api/shortlinks/summary': json(summaryOf([])),
      'GET /sample-shortlinks.json': json(sample),
      'POST /api/shortlinks/import': json({ imported: 1 }, 201),
    });
    renderTool();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Load sample data' }));
    await settle();
    expect(calls.find((call) => call.key === 'POST /api/shortlinks/import')?.body).toEqual(sample);
    expect(toast.success).toHaveBeenCalledWith('Loaded', { description: '1 sample shortlink loaded' });
  });

  it('shows analytics: chart with its data table, top lists and breakdowns', async () => {
    const data = siteAnalytics(MAY_30_DAYS, { '2024-05-30': 3 });
    data.topLinks = [link(1, { clickCount: 3 })];
    data.topReferrers = [{ host: '(direct)', clicks: 3 }];
    data.topCountries = [{ country: 'Unknown', clicks: 3 }];
    data.devices = [{ device: 'desktop', clicks: 3 }];
    data.totals = { clicks: 500, deduplicated: 1, uniques: 1 };
    const calls = stubApi({
      'GET /api/shortlinks/summary': json(summaryOf([])),
      'GET /api/shortlinks/analytics': json(data),
    });
    renderTool();
    await settle();
    fireEvent.click(tab('Analytics'));
    expect(screen.getByText('Loading analytics...')).toBeInTheDocument();
    await settle();
    expect(screen.getByRole('img', { name: /3 clicks in total/ })).toBeInTheDocument();
    // Raw, deduplicated and unique figures side by side.
    const figures = within(screen.getByText('Raw clicks').closest('dl')!);
    expect(figures.getByText('Raw clicks').nextSibling).toHaveTextContent('500');
    expect(figures.getByText('Deduplicated').nextSibling).toHaveTextContent('1');
    expect(figures.getByText('Unique visitors').nextSibling).toHaveTextContent('1');
    const table = screen.getByRole('table', { name: /Clicks per day/ });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('rowheader', { name: '2024-05-30' }).nextSibling).toHaveTextContent('3');
    expect(within(screen.getByRole('list', { name: 'Top Referrers' })).getByText('(direct)')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Top Countries' })).getByText('Unknown')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Devices' })).getByText('Desktop')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'GET /api/shortlinks/analytics')?.params.get('range')).toBe('30d');

    // The range is asked of the server and kept in the URL.
    fireEvent.change(field('Date range'), { target: { value: '7d' } });
    await settle();
    expect(query().get('range')).toBe('7d');
    expect(
      calls
        .filter((call) => call.key === 'GET /api/shortlinks/analytics')
        .at(-1)
        ?.params.get('range'),
    ).toBe('7d');
  });

  it('opens the Analytics tab and its range from the URL', async () => {
    const calls = stubApi({ 'GET /api/shortlinks/analytics': json(siteAnalytics({ ...MAY_30_DAYS, range: 'all' })) });
    renderTool('/shortlink-manager?tab=analytics&range=all');
    await settle();
    expect(tab('Analytics')).toHaveAttribute('aria-selected', 'true');
    expect(field('Date range')).toHaveValue('all');
    expect(calls.map((call) => `${call.key}?${call.params.toString()}`)).toEqual([
      'GET /api/account?',
      'GET /api/shortlinks/analytics?range=all',
    ]);
    expect(screen.getByText('All time, 30 days (UTC)')).toBeInTheDocument();
  });
});

describe('click export', () => {
  beforeEach(() => localStorage.setItem('shortlinkAdminToken', TOKEN));

  const CLICKS = 'GET /api/shortlinks/clicks/export';
  const exportButtons = () => within(screen.getByRole('group', { name: 'Export clicks' })).getAllByRole('button');
  /** Opens Analytics and presses `button`; the server answers the export with `answer`. */
  const exportClicks = async (button: string, answer: Handler) => {
    const calls = stubApi({ 'GET /api/shortlinks/analytics': json(siteAnalytics()), [CLICKS]: answer });
    renderTool('/shortlink-manager?tab=analytics');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: button }));
    await settle();
    return calls;
  };

  it.each([
    ['CSV', 'csv'],
    ['JSON', 'json'],
  ])('exports the clicks as %s from Analytics, busy until the file arrives', async (label, format) => {
    const createObjectURL = stubObjectUrls();
    let answer: (response: Response) => void = () => undefined;
    const calls = await exportClicks(
      `Export clicks ${label}`,
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    // Both buttons wait for the one file.
    expect(exportButtons().map((button) => [button.textContent, (button as HTMLButtonElement).disabled])).toEqual([
      ['Exporting...', true],
      ['Exporting...', true],
    ]);
    const call = calls.find((item) => item.key === CLICKS);
    expect(call?.params.get('format')).toBe(format);
    expect(call?.auth).toBe(`Bearer ${TOKEN}`);

    answer(new Response('shortCode,clickedAt,referrerHost,country,device\r\n'));
    await settle();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith('Exported', {
      description: expect.stringMatching(new RegExp(`^shortlink-clicks-\\d{4}-\\d{2}-\\d{2}\\.${format}$`)),
    });
    expect(screen.getByRole('button', { name: `Export clicks ${label}` })).toBeEnabled();
  });

  it('toasts the server error and saves nothing when the export fails', async () => {
    const createObjectURL = stubObjectUrls();
    await exportClicks('Export clicks CSV', json({ error: 'Database unavailable' }, 503));
    expect(toast.error).toHaveBeenCalledWith('Failed to export clicks', { description: 'Database unavailable' });
    expect(toast.success).not.toHaveBeenCalled();
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Export clicks CSV' })).toBeEnabled();
  });

  it('ends the session on a 401, like every other call', async () => {
    await exportClicks('Export clicks JSON', json({ error: 'Unauthorized' }, 401));
    expect(toast.error).toHaveBeenCalledWith('Session expired', { description: 'Please log in again.' });
    expect(toast.error).not.toHaveBeenCalledWith('Failed to export clicks', expect.anything());
    expect(localStorage.getItem('shortlinkAdminToken')).toBeNull();
    expect(screen.getByLabelText('Admin Password')).toBeInTheDocument();
  });
});

describe('manage links', () => {
  beforeEach(() => localStorage.setItem('shortlinkAdminToken', TOKEN));

  const table = () => screen.getByRole('table', { name: /^Shortlinks, page/ });
  const rows = () => within(table()).getAllByRole('row').slice(1);
  const lastList = (calls: Call[]) => Object.fromEntries(listCalls(calls).at(-1)?.params ?? []);
  const manage = (extra: Record<string, Handler> = {}) => ({
    'GET /api/shortlinks/tags': json({
      tags: [
        { tag: 'xss', count: 3 },
        { tag: 'owasp', count: 1 },
      ],
    }),
    ...extra,
  });

  it('shows one server page as a table with a count, and pages with the server cursor', async () => {
    const calls = stubApi(
      manage({
        'GET /api/shortlinks': (_body, _init, params) =>
          params.get('cursor') === 'c2'
            ? json(pageOf([link(3)], { total: 120 }))()
            : json(pageOf([link(1), link(2, { redirectMode: 'direct' })], { nextCursor: 'c2', total: 120 }))(),
      }),
    );
    renderTool('/shortlink-manager?tab=manage');
    await settle();
    expect(lastList(calls)).toEqual({ limit: '50', sort: 'newest' });
    expect(screen.getByRole('status')).toHaveTextContent('120 links · Page 1 of 3');
    expect(rows()).toHaveLength(2);
    expect(within(rows()[0]!).getByText('Link 1')).toBeInTheDocument();
    expect(within(rows()[0]!).getByText('Preview page')).toBeInTheDocument();
    expect(within(rows()[1]!).getByText('Redirect at once')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await settle();
    expect(query().getAll('after')).toEqual(['c2']);
    expect(lastList(calls)).toEqual({ limit: '50', sort: 'newest', cursor: 'c2' });
    expect(table()).toHaveAccessibleName('Shortlinks, page 2');
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    expect(screen.getByRole('region', { name: 'Shortlinks, page 2' })).toHaveFocus();

    // Back shows page 1 again; Previous from page 2 does the same as a new entry.
    act(() => void go(-1));
    await settle();
    expect(table()).toHaveAccessibleName('Shortlinks, page 1');
    expect(lastList(calls)).toEqual({ limit: '50', sort: 'newest' });
    act(() => void go(1));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await settle();
    expect(query().getAll('after')).toEqual([]);
    expect(table()).toHaveAccessibleName('Shortlinks, page 1');

    // A bigger page starts from the first page again.
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await settle();
    fireEvent.change(field('Rows per page'), { target: { value: '100' } });
    await settle();
    expect(lastList(calls)).toEqual({ limit: '100', sort: 'newest' });
    expect(Object.fromEntries(query())).toEqual({ tab: 'manage', size: '100' });
    expect(screen.getByRole('status')).toHaveTextContent('120 links · Page 1 of 2');
  });

  it('searches after a pause or on Enter, sorts and filters by tag: each goes to the server and the URL', async () => {
    const calls = stubApi(
      manage({
        'GET /api/shortlinks': (_body, _init, params) =>
          json(params.get('q') === 'nothing' ? pageOf([]) : pageOf([link(1)], { nextCursor: 'c2', total: 80 }))(),
      }),
    );
    renderTool('/shortlink-manager?tab=manage&after=c2');
    await settle();
    const before = listCalls(calls).length;

    type('Search links', 'owasp');
    await flush();
    expect(listCalls(calls)).toHaveLength(before);
    await afterDebounce();
    // A new search starts from the first page.
    expect(lastList(calls)).toEqual({ limit: '50', sort: 'newest', q: 'owasp' });
    expect(query().get('q')).toBe('owasp');
    expect(query().getAll('after')).toEqual([]);

    fireEvent.change(field('Sort by'), { target: { value: 'clicks' } });
    await settle();
    expect(lastList(calls)).toEqual({ limit: '50', sort: 'clicks', q: 'owasp' });
    expect(within(field('Tag')).getByRole('option', { name: 'xss (3)' })).toBeInTheDocument();
    fireEvent.change(field('Tag'), { target: { value: 'xss' } });
    await settle();
    expect(lastList(calls)).toEqual({ limit: '50', sort: 'clicks', q: 'owasp', tag: 'xss' });
    expect(Object.fromEntries(query())).toEqual({ tab: 'manage', q: 'owasp', sort: 'clicks', tag: 'xss' });

    type('Search links', 'nothing');
    fireEvent.keyDown(field('Search links'), { key: 'Enter' });
    await settle();
    expect(lastList(calls)).toMatchObject({ q: 'nothing' });
    expect(screen.getByText('No links match your search')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 links');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await settle();
    expect(Object.fromEntries(query())).toEqual({ tab: 'manage', sort: 'clicks' });
    expect(field('Search links')).toHaveValue('');
  });

  it('keeps a search sent just before a sort change that comes before the page re-renders', async () => {
    const calls = stubApi(manage({ 'GET /api/shortlinks': json(pageOf([link(1)])) }));
    renderTool('/shortlink-manager?tab=manage');
    await settle();
    type('Search links', 'owasp');
    // Both in one batch: the sort's handler runs before a render shows the search.
    act(() => {
      fireEvent.keyDown(field('Search links'), { key: 'Enter' });
      fireEvent.change(field('Sort by'), { target: { value: 'title' } });
    });
    await settle();
    expect(Object.fromEntries(query())).toEqual({ tab: 'manage', q: 'owasp', sort: 'title' });
    expect(lastList(calls)).toEqual({ limit: '50', sort: 'title', q: 'owasp' });
  });

  it("opens a row's analytics clicked before the search typed a moment earlier reached the URL, and keeps the search", async () => {
    stubApi(
      manage({
        'GET /api/shortlinks': json(pageOf([link(1)])),
        'GET /api/shortlinks/1/analytics': json(linkAnalytics(link(1), MAY_30_DAYS, {})),
      }),
    );
    renderTool('/shortlink-manager?tab=manage');
    await settle();
    type('Search links', 'owasp');
    // One batch: the search goes out before any render has put it in the row's href.
    act(() => {
      fireEvent.keyDown(field('Search links'), { key: 'Enter' });
      fireEvent.click(screen.getByRole('link', { name: 'Analytics code01' }));
    });
    await settle();
    expect(Object.fromEntries(query())).toEqual({ tab: 'manage', q: 'owasp', link: '1' });
    expect(screen.getByRole('heading', { name: 'Analytics for “Link 1”' })).toBeInTheDocument();
  });

  it('restores search, tag, sort and page from the URL; Back returns to the previous search', async () => {
    const calls = stubApi(manage({ 'GET /api/shortlinks': json(pageOf([link(7)], { total: 200 })) }));
    renderTool('/shortlink-manager?tab=manage&q=rfc&tag=tls&sort=title&after=c2&after=c3');
    await settle();
    expect(tab('Manage Links')).toHaveAttribute('aria-selected', 'true');
    expect(lastList(calls)).toEqual({ limit: '50', sort: 'title', q: 'rfc', tag: 'tls', cursor: 'c3' });
    expect(field('Search links')).toHaveValue('rfc');
    expect(field('Sort by')).toHaveValue('title');
    // A tag missing from the tag list (a shared URL) is still shown as chosen.
    expect(field('Tag')).toHaveValue('tls');
    expect(screen.getByRole('status')).toHaveTextContent('200 links · Page 3 of 4');

    type('Search links', 'tls 1.3');
    await afterDebounce();
    expect(query().get('q')).toBe('tls 1.3');
    // The new search has been asked for and the old page's cache entry dropped (gcTime 0, on a
    // zero timer) before going Back; on a busy machine the debounce can fire late in its wait.
    await waitFor(() => expect(lastList(calls)).toMatchObject({ q: 'tls 1.3' }));
    await settle();
    act(() => void go(-1));
    await settle();
    expect(field('Search links')).toHaveValue('rfc');
    expect(lastList(calls)).toMatchObject({ q: 'rfc', cursor: 'c3' });
  });

  it('deletes from a later page: the row leaves and the count drops without loading the list again', async () => {
    const calls = stubApi(
      manage({
        'GET /api/shortlinks': json(pageOf([link(3), link(4)], { total: 52 })),
        'DELETE /api/shortlinks/3': () => new Response(null, { status: 204 }),
      }),
    );
    renderTool('/shortlink-manager?tab=manage&after=c2');
    await settle();
    const before = listCalls(calls).length;
    fireEvent.click(screen.getByRole('button', { name: 'Delete code03' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await settle();
    expect(toast.success).toHaveBeenCalledWith('Shortlink deleted successfully');
    expect(screen.queryByRole('button', { name: 'Delete code03' })).not.toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('51 links');
    expect(listCalls(calls)).toHaveLength(before);
  });

  it('shows a count the server capped as "10,000+ links" without a page count, and keeps it after a delete', async () => {
    stubApi(
      manage({
        'GET /api/shortlinks': json(pageOf([link(3), link(4)], { nextCursor: 'c3', total: 10_000, totalCapped: true })),
        'DELETE /api/shortlinks/3': () => new Response(null, { status: 204 }),
      }),
    );
    renderTool('/shortlink-manager?tab=manage&q=s&after=c2');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent(/^10,000\+ links · Page 2$/);
    fireEvent.click(screen.getByRole('button', { name: 'Delete code03' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await settle();
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent(/^10,000\+ links · Page 2$/);
  });

  it('asks for the rows after it when the last row of a page is deleted', async () => {
    let deleted = false;
    const calls = stubApi(
      manage({
        'GET /api/shortlinks': () =>
          json(deleted ? pageOf([link(9)], { total: 60 }) : pageOf([link(3)], { total: 61 }))(),
        'DELETE /api/shortlinks/3': () => {
          deleted = true;
          return new Response(null, { status: 204 });
        },
      }),
    );
    renderTool('/shortlink-manager?tab=manage&after=c2');
    await settle();
    const before = listCalls(calls).length;
    fireEvent.click(screen.getByRole('button', { name: 'Delete code03' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await settle();
    expect(listCalls(calls)).toHaveLength(before + 1);
    expect(lastList(calls)).toMatchObject({ cursor: 'c2' });
    expect(within(rows()[0]!).getByText('Link 9')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('60 links');
  });

  it('shows the error with Try again and First page when a page fails', async () => {
    let fail = true;
    stubApi(
      manage({
        'GET /api/shortlinks': () =>
          fail ? json({ error: 'Invalid cursor', code: 'VALIDATION' }, 400)() : json(pageOf([link(1)]))(),
      }),
    );
    renderTool('/shortlink-manager?tab=manage&after=bogus');
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load shortlinks: Invalid cursor');
    expect(toast.error).toHaveBeenCalledWith('Failed to load shortlinks', { description: 'Invalid cursor' });
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    await settle();
    expect(query().getAll('after')).toEqual([]);
    expect(rows()).toHaveLength(1);
  });

  it("opens a link's own analytics from its row, changes the range, and goes back to the row", async () => {
    const target = link(1, { redirectMode: 'direct', clickCount: 9 });
    const perLink = (range: string) => ({
      ...linkAnalytics(
        target,
        { range: range as '30d', from: '2024-05-01', to: '2024-05-02', step: 'day' },
        {
          '2024-05-02': 5,
        },
      ),
      totals: { clicks: 5, deduplicated: 3, uniques: 2 },
      referrers: [{ host: 'news.ycombinator.com', clicks: 5 }],
      countries: [{ country: 'DE', clicks: 5 }],
      devices: [{ device: 'mobile', clicks: 5 }],
    });
    const calls = stubApi(
      manage({
        'GET /api/shortlinks': json(pageOf([target])),
        'GET /api/shortlinks/1/analytics': (_body, _init, params) => json(perLink(params.get('range') ?? ''))(),
      }),
    );
    renderTool('/shortlink-manager?tab=manage&q=code');
    await settle();
    fireEvent.click(screen.getByRole('link', { name: 'Analytics code01' }));
    await settle();
    expect(Object.fromEntries(query())).toEqual({ tab: 'manage', q: 'code', link: '1' });
    const perLinkCalls = () => calls.filter((call) => call.key === 'GET /api/shortlinks/1/analytics');
    expect(perLinkCalls().at(-1)?.params.get('range')).toBe('30d');
    expect(screen.getByRole('heading', { name: 'Analytics for “Link 1”' })).toHaveFocus();
    expect(screen.getByRole('img', { name: /5 clicks in total/ })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Top Referrers' })).getByText('news.ycombinator.com'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Top Countries' })).getByText('DE')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Devices' })).getByText('Mobile')).toBeInTheDocument();
    expect(screen.getByText('Redirect at once')).toBeInTheDocument();

    fireEvent.change(field('Date range'), { target: { value: '90d' } });
    await settle();
    expect(query().get('range')).toBe('90d');
    expect(perLinkCalls().at(-1)?.params.get('range')).toBe('90d');

    fireEvent.click(screen.getByRole('button', { name: 'Back to Manage Links' }));
    await settle();
    expect(query().get('link')).toBeNull();
    expect(query().get('q')).toBe('code');
    expect(screen.getByRole('link', { name: 'Analytics code01' })).toHaveFocus();
  });

  it("opens a link's analytics straight from its URL, and says so when the link is gone", async () => {
    const calls = stubApi({
      'GET /api/shortlinks/8/analytics': json({ error: 'Shortlink not found', code: 'SHORTLINK_NOT_FOUND' }, 404),
    });
    renderTool('/shortlink-manager?tab=manage&link=8&range=all');
    await settle();
    expect(calls.map((call) => `${call.key}?${call.params.toString()}`)).toEqual([
      'GET /api/account?',
      'GET /api/shortlinks/8/analytics?range=all',
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load analytics: Shortlink not found');
    expect(screen.getByRole('button', { name: 'Back to Manage Links' })).toBeInTheDocument();
  });

  it('offers the redirect choice: preview by default, sends "Redirect at once", and edit shows the saved one', async () => {
    const direct = link(2, { redirectMode: 'direct' });
    const calls = stubApi(
      manage({
        'GET /api/shortlinks': json(pageOf([direct])),
        'POST /api/shortlinks': (body) => json(link(5, body as Partial<Shortlink>), 201)(),
        'PUT /api/shortlinks/2': (body) => json({ ...direct, ...(body as object) })(),
        'GET /api/shortlinks/summary': json(summaryOf([])),
      }),
    );
    renderTool('/shortlink-manager?tab=create');
    await settle();
    const preview = screen.getByRole('radio', { name: /^Preview page \(8 s\)/ });
    const atOnce = screen.getByRole('radio', { name: /^Redirect at once/ });
    expect(preview).toBeChecked();
    fireEvent.click(atOnce);
    type(/^Title/, 'Fast');
    type(/^Target URL/, 'https://fast.example/');
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    await settle();
    expect((calls.find((call) => call.key === 'POST /api/shortlinks')?.body as Shortlink).redirectMode).toBe('direct');
    expect(screen.getByRole('radio', { name: /^Preview page/ })).toBeChecked();

    fireEvent.click(tab('Manage Links'));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Edit code02' }));
    expect(screen.getByRole('radio', { name: /^Redirect at once/ })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: /^Preview page/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Update Shortlink' }));
    await settle();
    expect(calls.find((call) => call.key === 'PUT /api/shortlinks/2')?.body).toMatchObject({ redirectMode: 'preview' });
  });

  it.each([
    ['JSON', 'json'],
    ['CSV', 'csv'],
  ])('exports %s as a file named by the date', async (label, format) => {
    const createObjectURL = stubObjectUrls();
    const calls = stubApi(
      manage({
        'GET /api/shortlinks': json(pageOf([link(1)])),
        'GET /api/shortlinks/export': () => new Response('shortCode,title\r\ncode01,Link 1\r\n'),
      }),
    );
    renderTool('/shortlink-manager?tab=manage');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: `Export ${label}` }));
    await settle();
    const call = calls.find((item) => item.key === 'GET /api/shortlinks/export');
    expect(call?.params.get('format')).toBe(format);
    expect(call?.auth).toBe(`Bearer ${TOKEN}`);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith('Exported', {
      description: expect.stringMatching(new RegExp(`^shortlinks-\\d{4}-\\d{2}-\\d{2}\\.${format}$`)),
    });
  });
});

describe('guest', () => {
  const openGuest = async () => {
    renderTool();
    fireEvent.click(screen.getByRole('button', { name: 'Continue as Guest' }));
    await settle();
  };
  const fill = (title: string, target: string) => {
    type(/^Title/, title);
    type(/^Target URL/, target);
  };

  it('sees only Create Link with title, target URL and meta image, and can switch to admin', async () => {
    stubApi({});
    await openGuest();
    expect(screen.getByRole('heading', { name: 'Create Link' })).toHaveFocus();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Description/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Tags/)).not.toBeInTheDocument();
    expect(field(/^Meta Image URL/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Admin' }));
    expect(screen.getByLabelText('Admin Password')).toBeInTheDocument();
  });

  it.each([
    ['', '', ['Title and Target URL are required']],
    ['t', 'javascript:alert(1)', ['Invalid URL', { description: 'Only valid http(s) URLs are allowed.' }]],
    ['t', 'example.com', ['Invalid URL', { description: 'Only valid http(s) URLs are allowed.' }]],
  ] as const)('refuses %j → %j without a call', async (title, target, toastArgs) => {
    const calls = stubApi({});
    await openGuest();
    fill(title, target);
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    expect(toast.error).toHaveBeenCalledWith(...toastArgs);
    expect(calls).toHaveLength(0);
  });

  it('creates without a token, stores the link, then limits the next one to a minute', async () => {
    const created = link(7, { shortCode: 'Gst123', title: 'Mine', targetUrl: 'https://a.example/' });
    const calls = stubApi({ 'POST /api/shortlinks': json(created, 201) });
    await openGuest();
    fill('Mine', 'https://a.example/');
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    await settle();
    expect(calls[0]).toMatchObject({ key: 'POST /api/shortlinks', auth: null });
    expect(calls[0]?.body).toEqual({ title: 'Mine', targetUrl: 'https://a.example/', metaImage: '' });
    expect(screen.getByRole('heading', { name: 'Your Shortlink' })).toHaveFocus();
    expect(screen.getByRole('link', { name: `${ORIGIN}/Gst123` })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(GUEST_LINK_KEY)!)).toEqual(created);
    expect(Number(localStorage.getItem(GUEST_LAST_CREATED_KEY))).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Create Another Link' }));
    expect(localStorage.getItem(GUEST_LINK_KEY)).toBeNull();
    fill('Again', 'https://b.example/');
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    expect(toast.error).toHaveBeenCalledWith('Rate Limited', {
      description: 'You can only create one shortlink per minute as a guest.',
    });
    expect(screen.getByRole('alert')).toHaveTextContent(/Try again in (60|59) seconds\./);
    expect(calls).toHaveLength(1);
  });

  it('keeps the link and starts the minute when the guest leaves before the answer comes', async () => {
    const created = link(8, { shortCode: 'Late12' });
    let answer: (response: Response) => void = () => undefined;
    stubApi({ 'POST /api/shortlinks': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await openGuest();
    fill('Late', 'https://a.example/');
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    await flush();
    expect(screen.getByRole('button', { name: 'Creating...' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Admin' }));
    answer(Response.json(created, { status: 201 }));
    await settle();
    expect(JSON.parse(localStorage.getItem(GUEST_LINK_KEY)!)).toEqual(created);
    expect(Number(localStorage.getItem(GUEST_LAST_CREATED_KEY))).toBeGreaterThan(0);
  });

  it('shows the server 429 with the same messages and its Retry-After', async () => {
    stubApi({
      'POST /api/shortlinks': () =>
        Response.json(
          { error: 'You can only create one shortlink per minute as a guest.', code: 'GUEST_RATE_LIMITED' },
          { status: 429, headers: { 'Retry-After': '42' } },
        ),
    });
    await openGuest();
    fill('x', 'https://a.example/');
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    await settle();
    expect(toast.error).toHaveBeenCalledWith('Rate Limited', {
      description: 'You can only create one shortlink per minute as a guest.',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Try again in 42 seconds.');
  });

  it('shows a stored guest link on return', () => {
    stubApi({});
    localStorage.setItem(GUEST_LINK_KEY, JSON.stringify(link(3, { shortCode: 'Back12' })));
    renderTool();
    fireEvent.click(screen.getByRole('button', { name: 'Continue as Guest' }));
    expect(screen.getByRole('link', { name: `${ORIGIN}/Back12` })).toBeInTheDocument();
  });

  it('toasts Failed to create shortlink for other failures', async () => {
    stubApi({ 'POST /api/shortlinks': json({ error: 'Internal error' }, 500) });
    await openGuest();
    fill('x', 'https://a.example/');
    fireEvent.click(screen.getByRole('button', { name: 'Create Shortlink' }));
    await settle();
    expect(toast.error).toHaveBeenCalledWith('Failed to create shortlink', { description: 'Internal error' });
  });
});
