import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_RANGE_DAYS,
  ANALYTICS_TOP,
  DAY_MS,
  DIRECT_REFERRER,
  LINK_ANALYTICS_TOP,
  UNKNOWN_COUNTRY,
  utcDayKey,
  utcDayStart,
  type AnalyticsRange,
  type AnalyticsWindowQuery,
  type ClickExportRow,
  type ShortlinkAnalytics,
  type ShortlinkLinkAnalytics,
} from '@toolvault/shared';
import { reportedCount } from '../db/counts';
import type { CountedClicks, ShortlinkClicksRepo, StatsScope, VisitCounts } from '../db/shortlink-clicks.repo';
import type { ShortlinksRepo } from '../db/shortlinks.repo';
import type { Clock } from '../lib/clock';
import { windowSeries, type WindowDays } from './analytics-window';

export interface ShortlinkAnalyticsService {
  analytics(query: AnalyticsWindowQuery): Promise<ShortlinkAnalytics>;
  /**
   * Null for an unknown link id. With `ownedBy` (a caller whose reach is `own`), 'not-yours' for a
   * link that person did not create, before anything about it is read.
   */
  linkAnalytics(
    id: number,
    query: AnalyticsWindowQuery,
    ownedBy?: number,
  ): Promise<ShortlinkLinkAnalytics | null | 'not-yours'>;
  /** The raw clicks, oldest first, a batch at a time (those CLICK_RETENTION_DAYS has not pruned). */
  exportClicks(): AsyncIterable<ClickExportRow[]>;
}

/** Clicks read per query while exporting. */
const CLICK_EXPORT_BATCH = 1000;

/**
 * Totals, today, rounded average, top 5 and 5 newest, plus clicks per day, referrers, countries and
 * devices. Everything about clicks is read from the daily aggregates kept with each click, so the
 * cost follows the days shown, never the clicks stored.
 */
export function createShortlinkAnalyticsService({
  shortlinks,
  clicks,
  clock,
}: {
  shortlinks: ShortlinksRepo;
  clicks: ShortlinkClicksRepo;
  clock: Clock;
}): ShortlinkAnalyticsService {
  /** First day of the range: 7/30/90 days ending today, or from the first day with clicks (today without any). */
  const firstDayOf = async (range: AnalyticsRange, today: number, shortlinkId?: number): Promise<number> => {
    if (range !== 'all') return today - (ANALYTICS_RANGE_DAYS[range] - 1) * DAY_MS;
    const first = await clicks.firstDay(shortlinkId);
    const firstMs = first === null ? today : Date.parse(`${first}T00:00:00.000Z`);
    return Math.max(Math.min(firstMs, today), today - (ANALYTICS_MAX_DAYS - 1) * DAY_MS);
  };

  /** The days a query covers: a preset ends today, from/to are taken as given (validated by the schema). */
  const windowOf = async (query: AnalyticsWindowQuery, shortlinkId?: number): Promise<WindowDays> => {
    const today = utcDayStart(clock());
    if (query.range === 'custom') {
      return { range: 'custom', first: Date.parse(query.from), last: Date.parse(query.to), step: query.step };
    }
    return {
      range: query.range,
      first: await firstDayOf(query.range, today, shortlinkId),
      last: today,
      step: query.step,
    };
  };

  /** Every day of the range, oldest first, zeros included. */
  const series = (firstDay: number, today: number, days: CountedClicks<string>[]) => {
    const perDay = new Map(days.map(({ key, clicks: n }) => [key, n]));
    const length = Math.round((today - firstDay) / DAY_MS) + 1;
    return Array.from({ length }, (_, index) => {
      const date = utcDayKey(firstDay + index * DAY_MS);
      return { date, clicks: perDay.get(date) ?? 0 };
    });
  };

  const breakdown = async (scope: StatsScope, top: number) => {
    const [days, referrers, countries, devices] = await Promise.all([
      clicks.visitsPerDay(scope),
      clicks.topReferrers(scope, top),
      clicks.topCountries(scope, top),
      clicks.devices(scope),
    ]);
    return {
      days,
      referrers: referrers.map(({ key, clicks: n }) => ({ host: key ?? DIRECT_REFERRER, clicks: n })),
      countries: countries.map(({ key, clicks: n }) => ({ country: key ?? UNKNOWN_COUNTRY, clicks: n })),
      devices: devices.map(({ key, clicks: n }) => ({ device: key, clicks: n })),
    };
  };

  const windowFields = async (window: WindowDays, days: VisitCounts[], shortlinkId?: number) => ({
    range: window.range,
    from: utcDayKey(window.first),
    to: utcDayKey(window.last),
    step: window.step,
    ...(await windowSeries(clicks, window, days, shortlinkId)),
  });

  return {
    async analytics(query) {
      const today = utcDayStart(clock());
      const window = await windowOf(query);
      const [totals, topLinks, recentLinks, stats] = await Promise.all([
        shortlinks.totals({ from: utcDayKey(today), to: utcDayKey(today + DAY_MS) }),
        shortlinks.topByClicks(ANALYTICS_TOP),
        shortlinks.listNewestFirst(ANALYTICS_TOP),
        // All time, unless ten years of clicks cut the range short: then the sums follow the days shown.
        breakdown(
          {
            from: utcDayKey(window.first),
            until: utcDayKey(window.last + DAY_MS),
            allTime: window.range === 'all' && window.first > today - (ANALYTICS_MAX_DAYS - 1) * DAY_MS,
          },
          ANALYTICS_TOP,
        ),
      ]);
      const clicksPerDay = series(window.first, window.last, stats.days);
      return {
        ...(await windowFields(window, stats.days)),
        totalLinks: totals.totalLinks,
        totalClicks: totals.totalClicks,
        createdToday: totals.createdBetween,
        averageClicks: totals.totalLinks === 0 ? 0 : Math.round(totals.totalClicks / totals.totalLinks),
        topLinks,
        recentLinks,
        clicksPerDay,
        rangeClicks: sumOfDays(clicksPerDay),
        topReferrers: stats.referrers,
        topCountries: stats.countries,
        devices: stats.devices,
      };
    },

    exportClicks: () => clicks.batchesOldestFirst(CLICK_EXPORT_BATCH),

    async linkAnalytics(id, query, ownedBy) {
      const link = await shortlinks.findById(id);
      if (!link) return null;
      if (ownedBy !== undefined && link.createdBy?.id !== ownedBy) return 'not-yours';
      const window = await windowOf(query, id);
      const stats = await breakdown(
        { from: utcDayKey(window.first), until: utcDayKey(window.last + DAY_MS), shortlinkId: id },
        LINK_ANALYTICS_TOP,
      );
      const clicksPerDay = series(window.first, window.last, stats.days);
      return {
        ...(await windowFields(window, stats.days, id)),
        link,
        totalClicks: sumOfDays(clicksPerDay),
        clicksPerDay,
        referrers: stats.referrers,
        countries: stats.countries,
        devices: stats.devices,
      };
    },
  };
}

/** The clicks of a series' days together, within what a JSON number carries exactly (counts.ts). */
function sumOfDays(days: readonly { clicks: number }[]): number {
  return reportedCount(days.reduce((sum, day) => sum + day.clicks, 0));
}
