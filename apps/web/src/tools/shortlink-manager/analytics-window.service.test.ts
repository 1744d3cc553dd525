import { ZAnalyticsWindowQuery } from '@toolvault/shared/schemas';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW,
  pointLabel,
  readWindow,
  spanDays,
  stepAllowed,
  windowCaption,
  windowIssues,
  windowQuery,
  writeWindow,
  type WindowChoice,
} from './analytics-window.service';

const custom = (from: string, to: string, step: WindowChoice['step'] = 'day'): WindowChoice => ({
  range: 'custom',
  from,
  to,
  step,
});
const preset = (range: Exclude<WindowChoice['range'], 'custom'>, step: WindowChoice['step'] = 'day'): WindowChoice => ({
  range,
  from: '',
  to: '',
  step,
});

describe('windowIssues', () => {
  it.each<[string, WindowChoice, Record<string, RegExp>]>([
    ['the default window', DEFAULT_WINDOW, {}],
    ['a week of hours', preset('7d', 'hour'), {}],
    ['a month of hours', preset('30d', 'hour'), { step: /^Hourly steps cover at most 7 days\./ }],
    ['all time by month', preset('all', 'month'), {}],
    ['all time by hour', preset('all', 'hour'), { step: /at most 7 days/ }],
    ['one custom day', custom('2026-03-01', '2026-03-01'), {}],
    ['empty days', custom('', ''), { from: /^Choose the first day/, to: /^Choose the last day/ }],
    ['an empty last day', custom('2026-03-01', ''), { to: /^Choose the last day/ }],
    ['a day that does not exist', custom('2026-02-30', '2026-03-01'), { from: /real date/ }],
    ['text', custom('yesterday', '2026-03-01'), { from: /real date/ }],
    ['a day before 2000', custom('1999-12-31', '2000-01-02'), { from: /cannot be before 2000-01-01/ }],
    ['the first day after the last', custom('2026-03-02', '2026-03-01'), { from: /must not be after the last/ }],
    ['7 days of hours', custom('2026-03-01', '2026-03-07', 'hour'), {}],
    ['8 days of hours', custom('2026-03-01', '2026-03-08', 'hour'), { step: /This range has 8\. Choose Day or Month/ }],
    ['3660 days', custom('2016-01-01', '2026-01-07'), {}],
    [
      '3661 days',
      custom('2016-01-01', '2026-01-08'),
      { to: /^A range covers at most 3,660 days\. This range has 3,661/ },
    ],
    ['3661 days by month', custom('2016-01-01', '2026-01-08', 'month'), { to: /3,661/ }],
  ])('%s', (_name, choice, expected) => {
    const issues = windowIssues(choice);
    expect(Object.keys(issues).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, pattern] of Object.entries(expected)) expect(issues[name as 'from']).toMatch(pattern);
  });

  // The page's verdict is the server's: a window is free of problems exactly when the API takes its query.
  it.each<WindowChoice>([
    DEFAULT_WINDOW,
    preset('7d', 'hour'),
    preset('30d', 'hour'),
    preset('90d', 'month'),
    preset('all', 'hour'),
    custom('2026-03-01', '2026-03-07', 'hour'),
    custom('2026-03-01', '2026-03-08', 'hour'),
    custom('2026-03-02', '2026-03-01'),
    custom('2026-02-30', '2026-03-01'),
    custom('1999-12-31', '2000-01-02'),
    custom('2000-01-01', '2000-01-01', 'hour'),
    custom('2016-01-01', '2026-01-07', 'month'),
    custom('2016-01-01', '2026-01-08', 'day'),
  ])('agrees with the API on %j', (choice) => {
    const parsed = ZAnalyticsWindowQuery.safeParse(Object.fromEntries(new URLSearchParams(windowQuery(choice))));
    expect(Object.keys(windowIssues(choice)).length === 0).toBe(parsed.success);
  });
});

describe('windowQuery', () => {
  it.each<[WindowChoice, string]>([
    [DEFAULT_WINDOW, 'range=30d'],
    [preset('7d', 'hour'), 'range=7d&step=hour'],
    [preset('all', 'month'), 'range=all&step=month'],
    [custom('2026-03-01', '2026-03-05'), 'from=2026-03-01&to=2026-03-05'],
    [custom('2026-03-01', '2026-03-05', 'hour'), 'from=2026-03-01&to=2026-03-05&step=hour'],
  ])('%j → %s', (choice, expected) => {
    expect(windowQuery(choice)).toBe(expected);
  });
});

describe('readWindow and writeWindow', () => {
  it.each<[string, string, WindowChoice]>([
    ['nothing', '', DEFAULT_WINDOW],
    ['a preset and a step', 'range=7d&step=hour', preset('7d', 'hour')],
    [
      'a custom range',
      'range=custom&from=2026-03-01&to=2026-03-05&step=month',
      custom('2026-03-01', '2026-03-05', 'month'),
    ],
    ['hours over 90 days, as days', 'range=90d&step=hour', preset('90d')],
    ['an unknown step', 'range=7d&step=week', preset('7d')],
    ['a custom range without days', 'range=custom', DEFAULT_WINDOW],
    ['a custom range in the wrong order', 'range=custom&from=2026-03-05&to=2026-03-01', DEFAULT_WINDOW],
    ['days without range=custom', 'from=2026-03-01&to=2026-03-05', DEFAULT_WINDOW],
  ])('reads %s', (_name, text, expected) => {
    expect(readWindow(new URLSearchParams(text))).toEqual(expected);
  });

  it.each<[WindowChoice, string]>([
    [DEFAULT_WINDOW, ''],
    [preset('30d', 'month'), 'step=month'],
    [custom('2026-03-01', '2026-03-05', 'hour'), 'range=custom&from=2026-03-01&to=2026-03-05&step=hour'],
  ])('writes %j as %s and reads it back', (choice, expected) => {
    const params = new URLSearchParams();
    writeWindow(choice, params);
    expect(params.toString()).toBe(expected);
    expect(readWindow(params)).toEqual(choice);
  });
});

describe('spans and steps', () => {
  it.each([
    ['2026-03-01', '2026-03-01', 1],
    ['2026-02-27', '2026-03-02', 4],
    ['2026-03-02', '2026-03-01', null],
    ['', '2026-03-01', null],
  ])('%s to %s is %s days', (from, to, days) => {
    expect(spanDays(from, to)).toBe(days);
  });

  it.each<[WindowChoice, boolean]>([
    [preset('7d'), true],
    [preset('30d'), false],
    [preset('all'), false],
    [custom('2026-03-01', '2026-03-07'), true],
    [custom('2026-03-01', '2026-03-08'), false],
    // Unfinished days leave every step open until they are chosen.
    [custom('', '2026-03-08'), true],
  ])('hours for %j: %s', (choice, allowed) => {
    expect(stepAllowed('hour', choice)).toBe(allowed);
  });
});

describe('captions and labels', () => {
  it.each([
    [{ range: '7d', from: '2026-03-01', to: '2026-03-07' }, 'Last 7 days (UTC)'],
    [{ range: 'all', from: '2026-03-01', to: '2026-03-01' }, 'All time, 1 day (UTC)'],
    [{ range: 'custom', from: '2026-03-01', to: '2026-03-07' }, '2026-03-01 to 2026-03-07 (UTC)'],
    [{ range: 'custom', from: '2026-03-01', to: '2026-03-01' }, '2026-03-01 (UTC)'],
  ] as const)('%j → %s', (answer, expected) => {
    expect(windowCaption(answer)).toBe(expected);
  });

  it.each([
    ['2024-05-03', 'day', /May 3/],
    ['2024-05-03T14:00Z', 'hour', /May 3, 14:00$/],
    ['2024-05', 'month', /May 2024/],
    ['garbage', 'day', /^garbage$/],
  ] as const)('%s by %s', (start, step, expected) => {
    expect(pointLabel(start, step)).toMatch(expected);
  });
});
