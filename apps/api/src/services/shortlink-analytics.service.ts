import {
  ANALYTICS_DAYS,
  ANALYTICS_TOP,
  DIRECT_REFERRER,
  UNKNOWN_COUNTRY,
  type ShortlinkAnalytics,
} from '@toolvault/shared';
import type { ShortlinkClicksRepo } from '../db/shortlink-clicks.repo';
import type { ShortlinksRepo } from '../db/shortlinks.repo';
import type { Clock } from './clock';

export interface ShortlinkAnalyticsService {
  analytics(): ShortlinkAnalytics;
}

const DAY_MS = 86_400_000;

/** Midnight UTC of the day `date` falls in. */
function utcMidnight(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Spec 001 §9 (totals, today, rounded average, top 5, 5 newest) and DECISIONS P6 (per day, referrers, countries). */
export function createShortlinkAnalyticsService({
  shortlinks,
  clicks,
  clock,
}: {
  shortlinks: ShortlinksRepo;
  clicks: ShortlinkClicksRepo;
  clock: Clock;
}): ShortlinkAnalyticsService {
  return {
    analytics() {
      const today = utcMidnight(clock());
      const totals = shortlinks.totals({
        from: new Date(today).toISOString(),
        to: new Date(today + DAY_MS).toISOString(),
      });
      const firstDay = today - (ANALYTICS_DAYS - 1) * DAY_MS;
      const perDay = new Map(clicks.clicksPerDay(dayKey(firstDay)).map(({ key, clicks: n }) => [key, n]));
      return {
        totalLinks: totals.totalLinks,
        totalClicks: totals.totalClicks,
        createdToday: totals.createdBetween,
        averageClicks: totals.totalLinks === 0 ? 0 : Math.round(totals.totalClicks / totals.totalLinks),
        topLinks: shortlinks.topByClicks(ANALYTICS_TOP),
        recentLinks: shortlinks.listNewestFirst(ANALYTICS_TOP),
        clicksPerDay: Array.from({ length: ANALYTICS_DAYS }, (_, index) => {
          const date = dayKey(firstDay + index * DAY_MS);
          return { date, clicks: perDay.get(date) ?? 0 };
        }),
        topReferrers: clicks
          .topReferrers(ANALYTICS_TOP)
          .map(({ key, clicks: n }) => ({ host: key ?? DIRECT_REFERRER, clicks: n })),
        topCountries: clicks
          .topCountries(ANALYTICS_TOP)
          .map(({ key, clicks: n }) => ({ country: key ?? UNKNOWN_COUNTRY, clicks: n })),
        devices: clicks.devices().map(({ key, clicks: n }) => ({ device: key, clicks: n })),
      };
    },
  };
}
