import { SHORTLINK_LIMITS } from '@toolvault/shared';
import type { Kysely } from 'kysely';
import { reportedCount } from './counts';
import type { Tables } from './schema';
import type { NewShortlink } from './shortlink-rows';

/*
 * The link and click totals and the links created per UTC day: counters kept in the transaction of
 * every insert, import publish and delete, so the Overview reads a few rows, never the links.
 */

export interface ShortlinkTotals {
  totalLinks: number;
  totalClicks: number;
  /** Links created on the UTC days in [from, to) (days as YYYY-MM-DD; any prefix of one compares too). */
  createdBetween: number;
}

export interface ShortlinkTotalsRepo {
  totals(range: { from: string; to: string }): Promise<ShortlinkTotals>;
}

type Executor = Kysely<Tables>;

/** Days per statement when the per-day counts are raised (2 parameters each). */
const DAY_COUNTS_CHUNK = 500;

/**
 * Thrown when links would take the clicks of all links past SHORTLINK_LIMITS.importedClicksTotal;
 * an import answers it as a value, from a single insert (whose link carries no clicks) it would be
 * a bug.
 */
export class ClickTotalFull extends Error {
  constructor() {
    super('The clicks of all links would pass the ceiling of imported clicks');
  }
}

/**
 * Raises the link and click totals, and the counts of links created per UTC day, by these links
 * (all of them inserted). Throws ClickTotalFull, raising nothing, when their clicks would take the
 * clicks of all links past the ceiling.
 */
export const addToTotals = async (trx: Executor, links: readonly NewShortlink[]) => {
  const ceiling = SHORTLINK_LIMITS.importedClicksTotal;
  // Exact while below 2^53; a sum that is not is far past the ceiling anyway.
  const clicks = links.reduce((sum, link) => sum + link.clickCount, 0);
  if (clicks > ceiling) throw new ClickTotalFull();
  let raise = trx
    .updateTable('shortlink_totals')
    .set((eb) => ({ links: eb('links', '+', links.length), clicks: eb('clicks', '+', clicks) }))
    .where('id', '=', 1);
  // Checked by the statement that raises the total: two imports at once cannot both pass it.
  if (clicks > 0) raise = raise.where('clicks', '<=', ceiling - clicks);
  const raised = await raise.executeTakeFirst();
  if (clicks > 0 && Number(raised.numUpdatedRows) === 0) throw new ClickTotalFull();
  const perDay = new Map<string, number>();
  for (const link of links) {
    const day = link.createdAt.slice(0, 10);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  // In day order, so two transactions raising the same days lock their rows in the same order.
  const days = [...perDay].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let start = 0; start < days.length; start += DAY_COUNTS_CHUNK) {
    await trx
      .insertInto('shortlink_daily_created')
      .values(days.slice(start, start + DAY_COUNTS_CHUNK).map(([day, count]) => ({ day, links: count })))
      .onConflict((oc) =>
        oc
          .column('day')
          .doUpdateSet((eb) => ({ links: eb('shortlink_daily_created.links', '+', eb.ref('excluded.links')) })),
      )
      .execute();
  }
};

/** Lowers the totals and the link's day by one deleted link (and the clicks it had). */
export const removeFromTotals = async (trx: Executor, link: { click_count: number; created_at: string }) => {
  await trx
    .updateTable('shortlink_totals')
    .set((eb) => ({ links: eb('links', '-', 1), clicks: eb('clicks', '-', link.click_count) }))
    .where('id', '=', 1)
    .execute();
  await trx
    .updateTable('shortlink_daily_created')
    .set((eb) => ({ links: eb('links', '-', 1) }))
    .where('day', '=', link.created_at.slice(0, 10))
    .execute();
};

export function createShortlinkTotalsRepo(reader: Executor): ShortlinkTotalsRepo {
  return {
    async totals({ from, to }) {
      // Counters only: a day's count is one row, however many links an import brought that day
      // (counting them in the created_at index took 14 ms for 200,000). Pending imports are added
      // when they are published.
      const [totals, created] = await Promise.all([
        reader.selectFrom('shortlink_totals').select(['links', 'clicks']).executeTakeFirst(),
        reader
          .selectFrom('shortlink_daily_created')
          .select((eb) => eb.fn.sum<number | string | null>('links').as('links'))
          .where('day', '>=', from)
          .where('day', '<', to)
          .executeTakeFirst(),
      ]);
      return {
        totalLinks: reportedCount(totals?.links),
        totalClicks: reportedCount(totals?.clicks),
        createdBetween: reportedCount(created?.links),
      };
    },
  };
}
