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
  analytics(): Promise<ShortlinkAnalytics>;
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
    async analytics() {
      const today = utcMidnight(clock());
      const firstDay = today - (ANALYTICS_DAYS - 1) * DAY_MS;
      const [totals, days, topLinks, recentLinks, referrers, countries, devices] = await Promise.all([
        shortlinks.totals({ from: new Date(today).toISOString(), to: new Date(today + DAY_MS).toISOString() }),
        clicks.clicksPerDay(dayKey(firstDay)),
        shortlinks.topByClicks(ANALYTICS_TOP),
        shortlinks.listNewestFirst(ANALYTICS_TOP),
        clicks.topReferrers(ANALYTICS_TOP),
        clicks.topCountries(ANALYTICS_TOP),
        clicks.devices(),
      ]);
      const perDay = new Map(days.map(({ key, clicks: n }) => [key, n]));
      return {
        totalLinks: totals.totalLinks,
        totalClicks: totals.totalClicks,
        createdToday: totals.createdBetween,
        averageClicks: totals.totalLinks === 0 ? 0 : Math.round(totals.totalClicks / totals.totalLinks),
        topLinks,
        recentLinks,
        clicksPerDay: Array.from({ length: ANALYTICS_DAYS }, (_, index) => {
          const date = dayKey(firstDay + index * DAY_MS);
          return { date, clicks: perDay.get(date) ?? 0 };
        }),
        topReferrers: referrers.map(({ key, clicks: n }) => ({ host: key ?? DIRECT_REFERRER, clicks: n })),
        topCountries: countries.map(({ key, clicks: n }) => ({ country: key ?? UNKNOWN_COUNTRY, clicks: n })),
        devices: devices.map(({ key, clicks: n }) => ({ device: key, clicks: n })),
      };
    },
  };
}
