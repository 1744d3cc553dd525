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
  type ClickExportRow,
  type ShortlinkAnalytics,
  type ShortlinkLinkAnalytics,
} from '@toolvault/shared';
import { reportedCount } from '../db/counts';
import type { CountedClicks, ShortlinkClicksRepo, StatsScope } from '../db/shortlink-clicks.repo';
import type { ShortlinksRepo } from '../db/shortlinks.repo';
import type { Clock } from '../lib/clock';

export interface ShortlinkAnalyticsService {
  analytics(range: AnalyticsRange): Promise<ShortlinkAnalytics>;
  /**
   * Null for an unknown link id. With `ownedBy` (a caller whose reach is `own`), 'not-yours' for a
   * link that person did not create, before anything about it is read.
   */
  linkAnalytics(
    id: number,
    range: AnalyticsRange,
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
      clicks.clicksPerDay(scope),
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

  return {
    async analytics(range) {
      const today = utcDayStart(clock());
      const firstDay = await firstDayOf(range, today);
      const [totals, topLinks, recentLinks, stats] = await Promise.all([
        shortlinks.totals({ from: utcDayKey(today), to: utcDayKey(today + DAY_MS) }),
        shortlinks.topByClicks(ANALYTICS_TOP),
        shortlinks.listNewestFirst(ANALYTICS_TOP),
        // All time, unless ten years of clicks cut the range short: then the sums follow the days shown.
        breakdown(
          {
            from: utcDayKey(firstDay),
            allTime: range === 'all' && firstDay > today - (ANALYTICS_MAX_DAYS - 1) * DAY_MS,
          },
          ANALYTICS_TOP,
        ),
      ]);
      const clicksPerDay = series(firstDay, today, stats.days);
      return {
        range,
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

    async linkAnalytics(id, range, ownedBy) {
      const link = await shortlinks.findById(id);
      if (!link) return null;
      if (ownedBy !== undefined && link.createdBy?.id !== ownedBy) return 'not-yours';
      const today = utcDayStart(clock());
      const firstDay = await firstDayOf(range, today, id);
      const stats = await breakdown({ from: utcDayKey(firstDay), shortlinkId: id }, LINK_ANALYTICS_TOP);
      const clicksPerDay = series(firstDay, today, stats.days);
      return {
        link,
        range,
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
