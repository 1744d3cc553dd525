import { DAY_MS, utcDayKey, type AnalyticsPoint, type AnalyticsStep, type AnalyticsWindow } from '@toolvault/shared';
import { reportedCount } from '../db/counts';
import type { ShortlinkClicksRepo, VisitCounts } from '../db/shortlink-clicks.repo';

const HOUR_MS = 3_600_000;

/** The UTC days an answer covers (ms at 00:00 of the first and of the last, both included) and its step. */
export interface WindowDays {
  range: AnalyticsWindow['range'];
  first: number;
  last: number;
  step: AnalyticsStep;
}

/**
 * The series and totals of a window, of one link or of all.
 *
 * Days and months are sums of the daily aggregates (at most ten years of days: the cost follows the
 * days shown, never the clicks stored). Hours are read from the raw clicks, bounded to a week
 * (ANALYTICS_MAX_SPAN_DAYS): one range of the (clicked_at) or (shortlink_id, clicked_at) index,
 * so the cost is the clicks of that week alone, whatever the number of links or of older clicks.
 * Hourly aggregates would have cost every redirect two more upserts for a view that looks at recent
 * days only; the raw clicks are there anyway (until CLICK_RETENTION_DAYS prunes them, after which
 * those hours read as zero).
 */
export async function windowSeries(
  clicks: ShortlinkClicksRepo,
  window: WindowDays,
  days: VisitCounts[],
  shortlinkId?: number,
): Promise<Pick<AnalyticsWindow, 'series' | 'totals'>> {
  let series: AnalyticsPoint[];
  if (window.step === 'hour') {
    const hours = await clicks.visitsPerHour({
      from: new Date(window.first).toISOString(),
      until: new Date(window.last + DAY_MS).toISOString(),
      ...(shortlinkId !== undefined && { shortlinkId }),
    });
    series = filled(
      hours,
      stepsOf(window, HOUR_MS, (ms) => new Date(ms).toISOString().slice(0, 13)),
      (key) => `${key}:00Z`,
    );
  } else if (window.step === 'month') {
    series = filled(byMonth(days), months(window.first, window.last), (key) => key);
  } else {
    series = filled(days, stepsOf(window, DAY_MS, utcDayKey), (key) => key);
  }
  const totals = { clicks: 0, deduplicated: 0, uniques: 0 };
  for (const point of series) {
    totals.clicks += point.clicks;
    totals.deduplicated += point.deduplicated;
    totals.uniques += point.uniques;
  }
  return {
    series,
    totals: {
      clicks: reportedCount(totals.clicks),
      deduplicated: reportedCount(totals.deduplicated),
      uniques: reportedCount(totals.uniques),
    },
  };
}

/** Every step's key of the window, oldest first. */
function stepsOf({ first, last }: WindowDays, stepMs: number, key: (ms: number) => string): string[] {
  const keys: string[] = [];
  for (let ms = first; ms < last + DAY_MS; ms += stepMs) keys.push(key(ms));
  return keys;
}

/** YYYY-MM of every month from the one of `first` to the one of `last`. */
function months(first: number, last: number): string[] {
  const keys: string[] = [];
  const end = utcDayKey(last).slice(0, 7);
  for (let date = new Date(first); ; date.setUTCMonth(date.getUTCMonth() + 1, 1)) {
    const key = date.toISOString().slice(0, 7);
    keys.push(key);
    if (key >= end) return keys;
  }
}

/** Days summed per month (YYYY-MM); a month's unique visitors are the sum of its days'. */
function byMonth(days: readonly VisitCounts[]): VisitCounts[] {
  const sums = new Map<string, VisitCounts>();
  for (const day of days) {
    const key = day.key.slice(0, 7);
    const sum = sums.get(key) ?? { key, clicks: 0, deduplicated: 0, uniques: 0 };
    sum.clicks += day.clicks;
    sum.deduplicated += day.deduplicated;
    sum.uniques += day.uniques;
    sums.set(key, sum);
  }
  return [...sums.values()];
}

/** One point per key, zeros where nothing was counted. */
function filled(
  rows: readonly VisitCounts[],
  keys: readonly string[],
  start: (key: string) => string,
): AnalyticsPoint[] {
  const found = new Map(rows.map((row) => [row.key, row]));
  return keys.map((key) => {
    const row = found.get(key);
    return {
      start: start(key),
      clicks: reportedCount(row?.clicks ?? 0),
      deduplicated: reportedCount(row?.deduplicated ?? 0),
      uniques: reportedCount(row?.uniques ?? 0),
    };
  });
}
