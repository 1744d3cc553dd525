/**
 * Analytics answers for the manager's page tests, shaped as the server builds them: one point per
 * hour, day or month of the window, zeros but where a test puts clicks (imported by tests only).
 */
import {
  DAY_MS,
  type AnalyticsPoint,
  type AnalyticsWindow,
  type Shortlink,
  type ShortlinkAnalytics,
  type ShortlinkLinkAnalytics,
} from '@toolvault/shared';

export type WindowOfAnswer = Pick<AnalyticsWindow, 'range' | 'from' | 'to' | 'step'>;

const HOUR_MS = 3_600_000;

/** Every point's start of the window, oldest first, as the server writes it. */
function startsOf({ from, to, step }: WindowOfAnswer): string[] {
  const first = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
  const starts = new Set<string>();
  for (let ms = first; ms < end; ms += step === 'hour' ? HOUR_MS : DAY_MS) {
    const iso = new Date(ms).toISOString();
    starts.add(step === 'hour' ? `${iso.slice(0, 13)}:00Z` : step === 'month' ? iso.slice(0, 7) : iso.slice(0, 10));
  }
  return [...starts];
}

/** The window's series and totals; `clicks` maps a point's start to its clicks (each visitor once). */
export function windowAnswer(window: WindowOfAnswer, clicks: Record<string, number> = {}): AnalyticsWindow {
  const series: AnalyticsPoint[] = startsOf(window).map((start) => {
    const count = clicks[start] ?? 0;
    return { start, clicks: count, deduplicated: count, uniques: count };
  });
  const sum = series.reduce((total, point) => total + point.clicks, 0);
  return { ...window, series, totals: { clicks: sum, deduplicated: sum, uniques: sum } };
}

/** The days of a window as clicksPerDay (the older field the server still sends). */
const perDay = (window: WindowOfAnswer, clicks: Record<string, number>) =>
  startsOf({ ...window, step: 'day' }).map((date) => ({ date, clicks: clicks[date] ?? 0 }));

export const MAY_30_DAYS: WindowOfAnswer = { range: '30d', from: '2024-05-01', to: '2024-05-30', step: 'day' };

/** The whole site's analytics over `window` (30 days of May 2024 unless told), no links. */
export function siteAnalytics(
  window: WindowOfAnswer = MAY_30_DAYS,
  clicks: Record<string, number> = {},
): ShortlinkAnalytics {
  const answer = windowAnswer(window, clicks);
  return {
    ...answer,
    rangeClicks: answer.totals.clicks,
    totalLinks: 0,
    totalClicks: 0,
    createdToday: 0,
    averageClicks: 0,
    topLinks: [],
    recentLinks: [],
    clicksPerDay: perDay(window, window.step === 'day' ? clicks : {}),
    topReferrers: [],
    topCountries: [],
    devices: [],
  };
}

/** One link's analytics over `window`. */
export function linkAnalytics(
  link: Shortlink,
  window: WindowOfAnswer = MAY_30_DAYS,
  clicks: Record<string, number> = {},
): ShortlinkLinkAnalytics {
  const answer = windowAnswer(window, clicks);
  return {
    ...answer,
    link,
    totalClicks: answer.totals.clicks,
    clicksPerDay: perDay(window, window.step === 'day' ? clicks : {}),
    referrers: [],
    countries: [],
    devices: [],
  };
}
