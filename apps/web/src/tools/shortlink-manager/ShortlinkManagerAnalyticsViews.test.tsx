// The manager's analytics pages: the Analytics tab's chart, figures and lists with its range in the
// URL, and a link's own analytics opened from its row or straight from its URL.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  field,
  json,
  link,
  manage,
  pageOf,
  query,
  renderTool,
  settle,
  stubApi,
  summaryOf,
  tab,
  TOKEN,
  type,
} from './manager-testing';
import { linkAnalytics, MAY_30_DAYS, siteAnalytics } from './analytics-testing';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

describe('admin', () => {
  beforeEach(() => localStorage.setItem('shortlinkAdminToken', TOKEN));

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

describe('manage links', () => {
  beforeEach(() => localStorage.setItem('shortlinkAdminToken', TOKEN));

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
});
