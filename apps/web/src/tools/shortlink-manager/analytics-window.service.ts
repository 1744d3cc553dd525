import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MAX_SPAN_DAYS,
  ANALYTICS_RANGE_DAYS,
  ANALYTICS_RANGES,
  ANALYTICS_STEPS,
  DAY_MS,
  type AnalyticsRange,
  type AnalyticsStep,
  type AnalyticsWindow,
} from '@toolvault/shared';
import { ZAnalyticsWindowQuery } from '@toolvault/shared/schemas';

/*
 * The analytics' window as the manager holds it: a preset range or a custom first and last UTC day,
 * and the step of the series. Each problem is found here, in words for people, before anything is
 * asked of the server, and the server's own schema has the last word so the two never disagree.
 * No React.
 */

export type WindowRange = AnalyticsRange | 'custom';

export interface WindowChoice {
  range: WindowRange;
  /** YYYY-MM-DD (UTC) of a custom range's first and last day, both shown; '' for a preset. */
  from: string;
  to: string;
  step: AnalyticsStep;
}

/** Only the window's own fields, out of a larger object (the manager's view). */
export const pickWindow = ({ range, from, to, step }: WindowChoice): WindowChoice => ({ range, from, to, step });

export const DEFAULT_RANGE: AnalyticsRange = '30d';
export const DEFAULT_WINDOW: WindowChoice = { range: DEFAULT_RANGE, from: '', to: '', step: 'day' };

export const RANGE_LABELS: Record<WindowRange, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  all: 'All time',
  custom: 'Custom range',
};
export const WINDOW_RANGES: readonly WindowRange[] = [...ANALYTICS_RANGES, 'custom'];

export const STEP_LABELS: Record<AnalyticsStep, string> = { hour: 'Hour', day: 'Day', month: 'Month' };
/** The noun of a series' heading: "Clicks per hour". */
export const STEP_NOUNS: Record<AnalyticsStep, string> = { hour: 'hour', day: 'day', month: 'month' };

/** The earliest day the server answers for. */
export const FIRST_ANALYTICS_DAY = '2000-01-01';

export type WindowField = 'from' | 'to' | 'step';
export type WindowIssues = Partial<Record<WindowField, string>>;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day as YYYY-MM-DD (2026-02-30 is not), else null. */
function dayMs(day: string): number | null {
  if (!DAY_PATTERN.test(day)) return null;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? null : ms;
}

/** Days from `from` to `to`, both counted; null unless both are real days in order. */
export function spanDays(from: string, to: string): number | null {
  const first = dayMs(from);
  const last = dayMs(to);
  return first === null || last === null || first > last ? null : Math.round((last - first) / DAY_MS) + 1;
}

/** How many days a choice covers at most ('all' may reach ten years); null while a custom one is unfinished. */
export function windowDays(choice: Pick<WindowChoice, 'range' | 'from' | 'to'>): number | null {
  if (choice.range === 'custom') return spanDays(choice.from, choice.to);
  return choice.range === 'all' ? ANALYTICS_MAX_DAYS : ANALYTICS_RANGE_DAYS[choice.range];
}

/** Whether `step` may go with the range: hours only for a week or less. Unfinished dates allow every step. */
export function stepAllowed(step: AnalyticsStep, choice: Pick<WindowChoice, 'range' | 'from' | 'to'>): boolean {
  const days = windowDays(choice);
  return days === null || days <= ANALYTICS_MAX_SPAN_DAYS[step];
}

const count = (value: number) => value.toLocaleString('en-US');

/** The limit of a step, said for people. */
export function stepLimitText(step: AnalyticsStep): string {
  const max = ANALYTICS_MAX_SPAN_DAYS[step];
  return step === 'hour'
    ? `Hourly steps cover at most ${count(max)} days.`
    : `A range covers at most ${count(max)} days.`;
}

function dayIssue(day: string, which: 'first' | 'last'): string | undefined {
  if (day.trim() === '') return `Choose the ${which} day of the range.`;
  if (dayMs(day) === null) return `The ${which} day must be a real date (YYYY-MM-DD).`;
  if (day < FIRST_ANALYTICS_DAY) return `The ${which} day cannot be before ${FIRST_ANALYTICS_DAY}.`;
  return undefined;
}

/**
 * Each field's problem, for the page to show beside it: a missing or impossible day, a first day
 * after the last, or a range longer than its step takes (ANALYTICS_MAX_SPAN_DAYS). Empty when the
 * server would take the window.
 */
export function windowIssues(choice: WindowChoice): WindowIssues {
  if (choice.range !== 'custom') {
    return stepAllowed(choice.step, choice)
      ? {}
      : { step: `${stepLimitText(choice.step)} Choose a range of 7 days, or Day or Month.` };
  }
  const issues: WindowIssues = {};
  const from = dayIssue(choice.from, 'first');
  const to = dayIssue(choice.to, 'last');
  if (from) issues.from = from;
  if (to) issues.to = to;
  if (from || to) return issues;
  if (choice.from > choice.to) return { from: 'The first day must not be after the last day.' };
  const days = spanDays(choice.from, choice.to) ?? 0;
  const max = ANALYTICS_MAX_SPAN_DAYS[choice.step];
  if (days > max) {
    const field = choice.step === 'hour' ? 'step' : 'to';
    const advice =
      choice.step === 'hour'
        ? 'Choose Day or Month, or a shorter range.'
        : 'Choose a later first day or an earlier last day.';
    return { [field]: `${stepLimitText(choice.step)} This range has ${count(days)}. ${advice}` };
  }
  // Checked as above; the server's schema decides whatever this file would have missed.
  const parsed = ZAnalyticsWindowQuery.safeParse(Object.fromEntries(new URLSearchParams(windowQuery(choice))));
  if (parsed.success) return {};
  const issue = parsed.error.issues[0];
  return { [issue?.path[0] === 'from' ? 'from' : issue?.path[0] === 'step' ? 'step' : 'to']: issue?.message ?? '' };
}

/**
 * The query string both analytics calls take: `range` or `from`/`to`, and `step` unless it is the
 * default (days), so the plain window stays `range=30d`.
 */
export function windowQuery(choice: WindowChoice): string {
  const params = new URLSearchParams();
  if (choice.range === 'custom') {
    params.set('from', choice.from);
    params.set('to', choice.to);
  } else {
    params.set('range', choice.range);
  }
  if (choice.step !== 'day') params.set('step', choice.step);
  return params.toString();
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

/** The window a page's query names; one the server would refuse falls back to the default. */
export function readWindow(params: URLSearchParams): WindowChoice {
  const range = oneOf(WINDOW_RANGES, params.get('range')) ?? DEFAULT_RANGE;
  const step = oneOf(ANALYTICS_STEPS, params.get('step')) ?? 'day';
  const choice: WindowChoice =
    range === 'custom'
      ? { range, from: params.get('from') ?? '', to: params.get('to') ?? '', step }
      : { range, from: '', to: '', step };
  if (Object.keys(windowIssues(choice)).length === 0) return choice;
  return range === 'custom' ? DEFAULT_WINDOW : { ...choice, step: 'day' };
}

/** Adds the window to a page's query; the default window adds nothing. */
export function writeWindow(choice: WindowChoice, params: URLSearchParams): void {
  if (choice.range !== DEFAULT_RANGE) params.set('range', choice.range);
  if (choice.range === 'custom') {
    params.set('from', choice.from);
    params.set('to', choice.to);
  }
  if (choice.step !== 'day') params.set('step', choice.step);
}

/** Caption of an answer's series: "Last 7 days (UTC)", "All time, 40 days (UTC)", "2024-05-01 to 2024-05-07 (UTC)". */
export function windowCaption(answer: Pick<AnalyticsWindow, 'range' | 'from' | 'to'>): string {
  const days = spanDays(answer.from, answer.to) ?? 0;
  const daysText = `${count(days)} ${days === 1 ? 'day' : 'days'}`;
  if (answer.range === 'custom')
    return answer.from === answer.to ? `${answer.from} (UTC)` : `${answer.from} to ${answer.to} (UTC)`;
  return answer.range === 'all' ? `All time, ${daysText} (UTC)` : `Last ${daysText} (UTC)`;
}

/**
 * A series point's start for people, in the visitor's locale: "May 3" for a day, "May 3, 14:00"
 * for an hour, "May 2024" for a month (all UTC).
 */
export function pointLabel(start: string, step: AnalyticsStep): string {
  const iso =
    step === 'hour' ? start.replace(/Z$/, ':00Z') : step === 'month' ? `${start}-01T00:00:00Z` : `${start}T00:00:00Z`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return start;
  if (step === 'month') return date.toLocaleDateString(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const day = date.toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return step === 'hour' ? `${day}, ${start.slice(11, 16)}` : day;
}
