import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { Shortlink, ShortlinkAnalytics } from '@toolvault/shared';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ShortlinkManagerTool from './ShortlinkManagerTool';
import { GUEST_LAST_CREATED_KEY, GUEST_LINK_KEY } from './shortlink-manager.service';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const TOKEN = 'header.payload.signature';
const ORIGIN = window.location.origin;

const link = (id: number, extra: Partial<Shortlink> = {}): Shortlink => ({
  id,
  shortCode: `code0${id}`,
  targetUrl: `https://example.com/${id}`,
  title: `Link ${id}`,
  description: '',
  metaImage: '',
  tags: ['demo'],
  clickCount: id * 2,
  createdAt: new Date().toISOString(),
  ...extra,
});

type Handler = (body: unknown, init: RequestInit) => Response | Promise<Response>;

/** A fetch that answers `METHOD /path` from a table and records every call. */
function stubApi(routes: Record<string, Handler>) {
  const calls: { key: string; body: unknown; auth: string | null }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${String(input)}`;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ key, body, auth: headers.Authorization ?? null });
    const handler = routes[key];
    if (!handler) return Response.json({ error: `no route ${key}` }, { status: 500 });
    return handler(body, init);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const json =
  (body: unknown, status = 200) =>
  () =>
    Response.json(body, { status });
const flush = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));
const settle = async () => {
  for (let i = 0; i < 5; i++) await flush();
};

const tab = (name: string) => screen.getByRole('tab', { name });
const field = (name: RegExp | string) => screen.getByLabelText(name);
const type = (name: RegExp | string, value: string) => fireEvent.change(field(name), { target: { value } });

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => void vi.unstubAllGlobals());

describe('login gate', () => {
  it('offers the admin password and Continue as Guest', () => {
    stubApi({});
    render(<ShortlinkManagerTool />);
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
  ] as const)('refuses %s with the spec messages', async (_name, answer, inline, toastArgs) => {
    stubApi({ 'POST /api/admin/login': answer });
    render(<ShortlinkManagerTool />);
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
      'GET /api/shortlinks': json([]),
    });
    render(<ShortlinkManagerTool />);
    type('Admin Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await settle();
    expect(toast.success).toHaveBeenCalledWith('Admin Access Granted');
    expect(localStorage.getItem('shortlinkAdminToken')).toBe(TOKEN);
    expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
    expect(calls.find((call) => call.key === 'GET /api/shortlinks')?.auth).toBe(`Bearer ${TOKEN}`);
    expect(screen.getByText('No shortlinks yet')).toBeInTheDocument();
  });
});

describe('admin', () => {
  beforeEach(() => localStorage.setItem('shortlinkAdminToken', TOKEN));

  it('skips the gate with a stored token and shows the overview figures', async () => {
    const yesterday = new Date(Date.now() - 86_400_000 * 2).toISOString();
    stubApi({
      'GET /api/shortlinks': json([link(1, { clickCount: 3 }), link(2, { clickCount: 4, createdAt: yesterday })]),
    });
    render(<ShortlinkManagerTool />);
    expect(screen.queryByLabelText('Admin Password')).not.toBeInTheDocument();
    await settle();
    const stat = (label: string) => within(screen.getByText(label).closest('div')!).getByRole('definition');
    expect(stat('Total Links')).toHaveTextContent('2');
    expect(stat('Total Clicks')).toHaveTextContent('7');
    expect(stat('Today')).toHaveTextContent('1');
    expect(stat('Avg. Clicks')).toHaveTextContent('4');
    expect(within(screen.getByRole('list', { name: 'Recent links' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    stubApi({ 'GET /api/shortlinks': json([]), 'GET /api/shortlinks/analytics': json(emptyAnalytics()) });
    render(<ShortlinkManagerTool />);
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
      'GET /api/shortlinks': json([]),
      'POST /api/shortlinks': (body) => json(link(5, { ...(body as object) }), 201)(),
    });
    render(<ShortlinkManagerTool />);
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
    expect(toast.success).toHaveBeenCalledWith('Shortlink created', { description: `${ORIGIN}/${sent.shortCode}` });
    expect(field(/^Title/)).toHaveValue('');
  });

  it('retries with a new code when the server says it exists', async () => {
    let attempts = 0;
    const calls = stubApi({
      'GET /api/shortlinks': json([]),
      'POST /api/shortlinks': (body) =>
        ++attempts < 3
          ? json({ error: 'Short code already exists', code: 'SHORT_CODE_TAKEN' }, 409)()
          : json(link(5, body as Partial<Shortlink>), 201)(),
    });
    render(<ShortlinkManagerTool />);
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
      'GET /api/shortlinks': json([existing]),
      'PUT /api/shortlinks/1': (body) => json({ ...existing, ...(body as object) })(),
    });
    render(<ShortlinkManagerTool />);
    await settle();
    fireEvent.click(tab('Manage Links'));
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
    });
    expect(toast.success).toHaveBeenCalledWith('Shortlink updated successfully');
    expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
  });

  it('deletes only after the confirm dialog; Escape cancels', async () => {
    const existing = link(1);
    let list = [existing];
    const calls = stubApi({
      'GET /api/shortlinks': () => json(list)(),
      'DELETE /api/shortlinks/1': () => {
        list = [];
        return new Response(null, { status: 204 });
      },
    });
    render(<ShortlinkManagerTool />);
    await settle();
    fireEvent.click(tab('Manage Links'));
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
    stubApi({ 'GET /api/shortlinks': json({ error: 'Unauthorized' }, 401) });
    render(<ShortlinkManagerTool />);
    await settle();
    expect(localStorage.getItem('shortlinkAdminToken')).toBeNull();
    expect(screen.getByLabelText('Admin Password')).toBeInTheDocument();
  });

  it('toasts Failed to load shortlinks and offers a retry', async () => {
    let fail = true;
    stubApi({
      'GET /api/shortlinks': () => (fail ? json({ error: 'Boom' }, 500)() : json([link(1)])()),
    });
    render(<ShortlinkManagerTool />);
    await settle();
    expect(toast.error).toHaveBeenCalledWith('Failed to load shortlinks', { description: 'Boom' });
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.getByText('Link 1')).toBeInTheDocument();
  });

  it('logs out: toast, token cleared, back to the gate', async () => {
    stubApi({ 'GET /api/shortlinks': json([]) });
    render(<ShortlinkManagerTool />);
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
    const calls = stubApi({ 'GET /api/shortlinks': json([]) });
    render(<ShortlinkManagerTool />);
    await settle();
    fireEvent.click(tab('Manage Links'));
    const file = new File([text], 'links.json', { type: 'application/json' });
    fireEvent.change(screen.getByLabelText('Import shortlinks from a JSON file'), { target: { files: [file] } });
    await settle();
    expect(toast.error).toHaveBeenCalledWith(message);
    expect(calls.some((call) => call.key === 'POST /api/shortlinks/import')).toBe(false);
  });

  it('imports an array and shows the server count; a bad row shows the server error', async () => {
    let reply = json({ imported: 2 }, 201);
    const calls = stubApi({ 'GET /api/shortlinks': json([]), 'POST /api/shortlinks/import': () => reply() });
    render(<ShortlinkManagerTool />);
    await settle();
    fireEvent.click(tab('Manage Links'));
    const rows = [
      { title: 'a', targetUrl: 'https://a.example' },
      { title: 'b', targetUrl: 'https://b.example' },
    ];
    const input = screen.getByLabelText('Import shortlinks from a JSON file');
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
      'GET /api/shortlinks': json([]),
      'GET /sample-shortlinks.json': json(sample),
      'POST /api/shortlinks/import': json({ imported: 1 }, 201),
    });
    render(<ShortlinkManagerTool />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Load sample data' }));
    await settle();
    expect(calls.find((call) => call.key === 'POST /api/shortlinks/import')?.body).toEqual(sample);
    expect(toast.success).toHaveBeenCalledWith('Loaded', { description: '1 sample shortlink loaded' });
  });

  it('shows analytics: chart with its data table, top lists and breakdowns', async () => {
    const data = emptyAnalytics();
    data.clicksPerDay[29] = { date: data.clicksPerDay[29]!.date, clicks: 3 };
    data.topLinks = [link(1, { clickCount: 3 })];
    data.topReferrers = [{ host: '(direct)', clicks: 3 }];
    data.topCountries = [{ country: 'Unknown', clicks: 3 }];
    data.devices = [{ device: 'desktop', clicks: 3 }];
    stubApi({ 'GET /api/shortlinks': json([]), 'GET /api/shortlinks/analytics': json(data) });
    render(<ShortlinkManagerTool />);
    await settle();
    fireEvent.click(tab('Analytics'));
    expect(screen.getByText('Loading analytics...')).toBeInTheDocument();
    await settle();
    expect(screen.getByRole('img', { name: /3 clicks in total/ })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /Clicks per day/ });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('rowheader', { name: data.clicksPerDay[29]!.date }).nextSibling).toHaveTextContent(
      '3',
    );
    expect(within(screen.getByRole('list', { name: 'Top Referrers' })).getByText('(direct)')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Top Countries' })).getByText('Unknown')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Devices' })).getByText('Desktop')).toBeInTheDocument();
  });
});

function emptyAnalytics(): ShortlinkAnalytics {
  const day = (offset: number) => new Date(Date.UTC(2024, 4, 1 + offset)).toISOString().slice(0, 10);
  return {
    totalLinks: 0,
    totalClicks: 0,
    createdToday: 0,
    averageClicks: 0,
    topLinks: [],
    recentLinks: [],
    clicksPerDay: Array.from({ length: 30 }, (_, index) => ({ date: day(index), clicks: 0 })),
    topReferrers: [],
    topCountries: [],
    devices: [],
  };
}

describe('guest', () => {
  const openGuest = async () => {
    render(<ShortlinkManagerTool />);
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
    render(<ShortlinkManagerTool />);
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
