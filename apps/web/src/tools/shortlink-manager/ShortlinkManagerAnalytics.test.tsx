import { fireEvent, screen, within } from '@testing-library/react';
import type { AnalyticsStep } from '@toolvault/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { linkAnalytics, siteAnalytics, type WindowOfAnswer } from './analytics-testing';
import { field, json, link, query, renderTool, settle, stubApi, TOKEN, type Call } from './manager-testing';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => localStorage.setItem('shortlinkAdminToken', TOKEN));

const SITE = 'GET /api/shortlinks/analytics';
const LINK = 'GET /api/shortlinks/1/analytics';

/** The window a query asks for, as the server would answer it (presets end on 2024-05-30). */
function windowOf(params: URLSearchParams): WindowOfAnswer {
  const step = (params.get('step') ?? 'day') as AnalyticsStep;
  const from = params.get('from');
  const to = params.get('to');
  if (from && to) return { range: 'custom', from, to, step };
  const range = (params.get('range') ?? '30d') as WindowOfAnswer['range'];
  const days = range === '7d' ? 7 : range === '90d' ? 90 : 30;
  const first = new Date(Date.UTC(2024, 4, 31 - days)).toISOString().slice(0, 10);
  return { range, from: first, to: '2024-05-30', step };
}

const site = (clicks: Record<string, number> = {}) => ({
  [SITE]: (_body: unknown, _init: RequestInit, params: URLSearchParams) =>
    Response.json(siteAnalytics(windowOf(params), clicks)),
});

/** Each analytics call's query, in order. */
const asked = (calls: Call[], key = SITE) =>
  calls.filter((call) => call.key === key).map((call) => call.params.toString());

const choose = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const apply = () => fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
const seriesRows = (name: RegExp) => within(screen.getByRole('table', { name })).getAllByRole('row').length - 1;

describe('analytics window', () => {
  it('offers a custom range from the days on screen, and asks for it with Apply', async () => {
    const calls = stubApi(site({ '2024-05-11': 4 }));
    renderTool('/shortlink-manager?tab=analytics');
    await settle();
    expect(asked(calls)).toEqual(['range=30d']);

    choose('Date range', 'custom');
    await settle();
    const form = screen.getByRole('form', { name: 'Custom range' });
    expect(within(form).getByLabelText('From')).toHaveValue('2024-05-01');
    expect(within(form).getByLabelText('To')).toHaveValue('2024-05-30');
    expect(asked(calls)).toHaveLength(1);

    choose('From', '2024-05-10');
    choose('To', '2024-05-12');
    apply();
    await settle();
    expect(asked(calls).at(-1)).toBe('from=2024-05-10&to=2024-05-12');
    expect(Object.fromEntries(query())).toEqual({
      tab: 'analytics',
      range: 'custom',
      from: '2024-05-10',
      to: '2024-05-12',
    });
    expect(screen.getByRole('heading', { name: 'Clicks per day' })).toBeInTheDocument();
    expect(screen.getAllByText('2024-05-10 to 2024-05-12 (UTC)').length).toBeGreaterThan(0);
    expect(seriesRows(/Clicks per day/)).toBe(3);
    const figures = within(screen.getByText('Raw clicks').closest('dl')!);
    expect(figures.getByText('Raw clicks').nextSibling).toHaveTextContent('4');

    // The step alone is asked at once; the chart and its table follow it.
    choose('Step', 'hour');
    await settle();
    expect(asked(calls).at(-1)).toBe('from=2024-05-10&to=2024-05-12&step=hour');
    expect(query().get('step')).toBe('hour');
    expect(screen.getByRole('heading', { name: 'Clicks per hour' })).toBeInTheDocument();
    expect(seriesRows(/Clicks per hour/)).toBe(72);
    expect(screen.getByRole('columnheader', { name: 'Hour (UTC)' })).toBeInTheDocument();
  });

  it.each([
    ['the first day after the last', '2024-05-12', '2024-05-10', 'day', 'From', /must not be after the last day/],
    ['eight days of hours', '2024-05-01', '2024-05-08', 'hour', 'Step', /at most 7 days\. This range has 8/],
    ['more than ten years', '2014-01-01', '2024-05-08', 'day', 'To', /at most 3,660 days/],
    ['a day before 2000', '1999-12-01', '2000-01-08', 'day', 'From', /cannot be before 2000-01-01/],
  ])('refuses %s in the page and asks nothing', async (_name, from, to, step, where, message) => {
    const calls = stubApi(site());
    renderTool('/shortlink-manager?tab=analytics');
    await settle();
    choose('Date range', 'custom');
    if (step !== 'day') choose('Step', step);
    choose('From', from);
    choose('To', to);
    await settle();
    const invalid = field(where);
    expect(invalid).toHaveAttribute('aria-invalid', 'true');
    const describedBy = invalid.getAttribute('aria-describedby') ?? '';
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent(message);
    expect(describedBy.split(' ')).toContain(error.id);

    apply();
    await settle();
    expect(asked(calls)).toEqual(['range=30d']);
    expect(query().get('range')).toBeNull();
    // Apply leads the keyboard to what needs changing.
    expect(invalid).toHaveFocus();
  });

  it('says which day is missing only once Apply was pressed', async () => {
    const calls = stubApi({ [SITE]: json({ error: 'down', code: 'INTERNAL' }, 500) });
    renderTool('/shortlink-manager?tab=analytics');
    await settle();
    // Nothing loaded, so no days to start from.
    choose('Date range', 'custom');
    expect(field('From')).toHaveValue('');
    expect(screen.queryByText(/Choose the first day/)).not.toBeInTheDocument();
    apply();
    await settle();
    expect(screen.getByText('Choose the first day of the range.')).toBeInTheDocument();
    expect(screen.getByText('Choose the last day of the range.')).toBeInTheDocument();
    expect(field('From')).toHaveFocus();
    expect(asked(calls)).toEqual(['range=30d']);
  });

  it('offers Hour only for a week or less, and falls back to days for a longer preset', async () => {
    const calls = stubApi(site());
    renderTool('/shortlink-manager?tab=analytics');
    await settle();
    const hour = () => within(field('Step') as HTMLElement).getByRole('option', { name: 'Hour' });
    expect(hour()).toBeDisabled();
    expect(field('Step')).toHaveAccessibleDescription('Hour is for ranges of 7 days or less.');

    choose('Date range', '7d');
    await settle();
    expect(hour()).toBeEnabled();
    choose('Step', 'hour');
    await settle();
    expect(asked(calls).slice(1)).toEqual(['range=7d', 'range=7d&step=hour']);
    expect(seriesRows(/Clicks per hour/)).toBe(168);

    choose('Date range', '90d');
    await settle();
    expect(asked(calls).at(-1)).toBe('range=90d');
    expect(field('Step')).toHaveValue('day');
    expect(hour()).toBeDisabled();

    choose('Step', 'month');
    await settle();
    expect(asked(calls).at(-1)).toBe('range=90d&step=month');
    expect(screen.getByRole('heading', { name: 'Clicks per month' })).toBeInTheDocument();
  });

  it('opens a custom window from the URL, and says when it has no clicks', async () => {
    const calls = stubApi(site());
    renderTool('/shortlink-manager?tab=analytics&range=custom&from=2024-04-01&to=2024-05-31&step=month');
    await settle();
    expect(asked(calls)).toEqual(['from=2024-04-01&to=2024-05-31&step=month']);
    expect(field('Date range')).toHaveValue('custom');
    expect(field('From')).toHaveValue('2024-04-01');
    expect(field('To')).toHaveValue('2024-05-31');
    expect(seriesRows(/Clicks per month/)).toBe(2);
    expect(screen.getByText('No clicks in this range.')).toBeInTheDocument();
  });

  it("follows the window in a link's own analytics, and keeps it changeable when the server refuses it", async () => {
    const target = link(1);
    let refuse = true;
    const calls = stubApi({
      [LINK]: (_body, _init, params) =>
        refuse
          ? Response.json({ error: 'from must not be after to', code: 'FIELDS_CONFLICT' }, { status: 400 })
          : Response.json(linkAnalytics(target, windowOf(params), { '2024-05-02T09:00Z': 2 })),
    });
    renderTool('/shortlink-manager?tab=manage&link=1&range=custom&from=2024-05-01&to=2024-05-03&step=hour');
    await settle();
    expect(asked(calls, LINK)).toEqual(['from=2024-05-01&to=2024-05-03&step=hour']);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load analytics: from must not be after to');

    refuse = false;
    choose('To', '2024-05-02');
    apply();
    await settle();
    expect(asked(calls, LINK).at(-1)).toBe('from=2024-05-01&to=2024-05-02&step=hour');
    expect(screen.getByRole('heading', { name: 'Clicks per hour' })).toBeInTheDocument();
    expect(screen.getByText('2024-05-01 to 2024-05-02 (UTC): 2 clicks')).toBeInTheDocument();
    expect(seriesRows(/Clicks per hour/)).toBe(48);
    expect(screen.getByRole('img', { name: /most at .*09:00 with 2 clicks/ })).toBeInTheDocument();
  });
});
