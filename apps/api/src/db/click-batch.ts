import type { DeviceClass, PublicShortlink } from '@toolvault/shared';
// The module alone, not the package's index: the click writer's thread loads this file, and
// should start in milliseconds.
import { linkState, type InactiveVisit, type RedirectStatus } from '@toolvault/shared/rules';
import type { Insertable } from 'kysely';
import {
  flagRaw,
  visitFlags,
  visitPasses,
  visitorHash,
  type ClickVisit,
  type VisitorKey,
  type VisitResult,
  type VisitRow,
} from './click-visitors';
import type { ShortlinkClicksTable, StatsDimension } from './schema';
import {
  redirectStatusOf,
  toPublicShortlink,
  type PublicShortlinkRow,
  type RULE_COLUMNS,
  type ShortlinkRow,
} from './shortlink-rows';

/*
 * One batch of clicks, as the group commit in shortlink-clicks.repo.ts hands it over: which of them
 * count, what they add to the aggregates, and the order in which a batch reads and writes, the same
 * on both engines; each engine's statements are in db/dialect/. Its own module because two threads
 * run it: the SQLite click writer's (click-writer.worker.ts) and the event loop's.
 */

/** What one counted click records — never the raw IP. */
export interface ClickRecord {
  /** ISO 8601, UTC. */
  clickedAt: string;
  /** Host name of the Referer, or null for none. */
  referrerHost: string | null;
  /** ISO 3166-1 alpha-2, or null when unknown. */
  country: string | null;
  device: DeviceClass;
}

/** One click waiting for its batch: what `countClick` was asked. */
export interface QueuedClick {
  shortCode: string;
  click: ClickRecord;
  onlyDirect: boolean;
  /** Who clicked, for the deduplicated and unique counts; absent, the click counts as its own visitor. */
  visitor?: VisitorKey;
}

/**
 * What a batch needs of a link, read (and on PostgreSQL locked) before anything is written: with
 * its count and rules, so that whether a click still counts is decided under that lock.
 */
export type ClickedLink = Pick<ShortlinkRow, 'id' | 'redirect_mode' | 'click_count' | (typeof RULE_COLUMNS)[number]> &
  PublicShortlinkRow;

/** The link a click was counted for, with what its redirect needs. */
export type CountedClick = PublicShortlink & {
  shortlinkId: number;
  redirectStatus: RedirectStatus;
  /**
   * True for the one click that took the link to its maxVisits: from its commit on the link is
   * inactive ('limit-reached'). Exactly one click of a link's life has it (unless the limit is
   * raised again), whatever the replicas: the place to announce that the link ran out.
   */
  reachedLimit: boolean;
};

/** Per queued click: counted, refused because the link is inactive, or null (no such link, or not counted here). */
export type ClickAnswer = CountedClick | InactiveVisit | null;

/** One aggregate row's increment; `shortlink_id` only for the per-link table. */
export interface StatIncrement {
  shortlink_id: number;
  dimension: StatsDimension;
  day: string;
  value: string;
  clicks: number;
  /** Of these clicks, how many were their visitor's first in their hour, and first that day. */
  deduplicated: number;
  uniques: number;
}

/** Everything a batch writes, summed per row, each list in key order. */
export interface ClickBatchPlan {
  /** Per queued click, in queue order: the link it was counted for, the inactive link's visit, or null. */
  answers: ClickAnswer[];
  /** click_count increments by link id. */
  links: { id: number; clicks: number }[];
  raw: Insertable<ShortlinkClicksTable>[];
  linkStats: StatIncrement[];
  allStats: Omit<StatIncrement, 'shortlink_id'>[];
  /** The same clicks summed over their days: the all-time totals' increments, in key order. */
  allTotals: Omit<StatIncrement, 'shortlink_id' | 'day' | 'deduplicated' | 'uniques'>[];
  total: number;
}

/** The clicks of a batch that count, with their visits: what a batch knows before it asks click_visitors. */
export interface CountedBatch {
  answers: ClickAnswer[];
  counted: { link: ClickedLink; click: ClickRecord; visit: ClickVisit }[];
}

/**
 * Which clicks of a batch count, and their visitors: the link exists, is active at the click's time
 * with the clicks counted before it (this batch's included) and, for `onlyDirect`, redirects at once.
 * The links' counts were read under the batch's lock, so a visit limit holds exactly across
 * replicas: no other batch counts clicks of these links until this one commits.
 */
export function countedClicks(batch: QueuedClick[], found: readonly ClickedLink[]): CountedBatch {
  const links = new Map(found.map((link) => [link.short_code, link]));
  const answers: ClickAnswer[] = [];
  const counted: CountedBatch['counted'] = [];
  const perLink = new Map<number, number>();
  for (const { shortCode, click, onlyDirect, visitor } of batch) {
    const link = links.get(shortCode);
    // A page request of a link that shows its preview gets the page (which applies the rules itself).
    if (!link || (onlyDirect && link.redirect_mode !== 'direct')) {
      answers.push(null);
      continue;
    }
    const before = Number(link.click_count) + (perLink.get(link.id) ?? 0);
    const state = linkState(
      { validFrom: link.valid_from, validUntil: link.valid_until, maxVisits: link.max_visits, clickCount: before },
      Date.parse(click.clickedAt),
    );
    if (state !== 'active') {
      answers.push({ inactive: state, fallbackUrl: link.fallback_url });
      continue;
    }
    perLink.set(link.id, (perLink.get(link.id) ?? 0) + 1);
    answers.push({
      ...toPublicShortlink(link),
      shortlinkId: link.id,
      redirectStatus: redirectStatusOf(link.redirect_status),
      reachedLimit: link.max_visits !== null && before + 1 === Number(link.max_visits),
    });
    const visit =
      visitor === undefined
        ? null
        : {
            visitor: visitorHash(visitor, link.id),
            day: click.clickedAt.slice(0, 10),
            hour: click.clickedAt.slice(0, 13),
          };
    counted.push({ link, click, visit });
  }
  return { answers, counted };
}

/**
 * Sums what the counted clicks add, with their deduplicated/unique flags (what click_visitors
 * answered, see click-visitors.ts). Each aggregate row appears once (a multi-row upsert may not
 * touch a row twice), and the rows are sorted: transactions of two replicas then lock shared rows
 * in the same order and cannot deadlock.
 */
export function planBatch({ answers, counted }: CountedBatch, visited: readonly VisitResult[] = []): ClickBatchPlan {
  const flags = visitFlags(
    counted.map(({ visit }) => visit),
    visited,
  );
  const perLink = new Map<number, number>();
  const raw: Insertable<ShortlinkClicksTable>[] = [];
  const stats = new Map<string, StatIncrement>();
  const add = (shortlinkId: number, dimension: StatsDimension, day: string, value: string, flag: Flag) => {
    const key = `${shortlinkId}\u0000${dimension}\u0000${day}\u0000${value}`;
    const row = stats.get(key);
    if (row) {
      row.clicks += 1;
      row.deduplicated += flag.deduplicated;
      row.uniques += flag.unique;
    } else {
      stats.set(key, {
        shortlink_id: shortlinkId,
        dimension,
        day,
        value,
        clicks: 1,
        deduplicated: flag.deduplicated,
        uniques: flag.unique,
      });
    }
  };
  counted.forEach(({ link, click }, index) => {
    const flag = flags[index]!;
    perLink.set(link.id, (perLink.get(link.id) ?? 0) + 1);
    raw.push({
      shortlink_id: link.id,
      clicked_at: click.clickedAt,
      referrer_host: click.referrerHost,
      country: click.country,
      device: click.device,
    });
    const day = click.clickedAt.slice(0, 10);
    // The all-links table is summed under id 0, which no link has.
    for (const id of [link.id, 0]) {
      add(id, 'country', day, click.country ?? '', flag);
      add(id, 'device', day, click.device, flag);
      add(id, 'referrer', day, click.referrerHost ?? '', flag);
    }
  });
  flagRaw(raw, flags);
  const sorted = [...stats.values()].sort(
    (a, b) =>
      a.shortlink_id - b.shortlink_id ||
      compare(a.dimension, b.dimension) ||
      compare(a.day, b.day) ||
      compare(a.value, b.value),
  );
  return {
    answers,
    links: [...perLink].sort(([a], [b]) => a - b).map(([id, clicks]) => ({ id, clicks })),
    raw,
    linkStats: sorted.filter((row) => row.shortlink_id !== 0),
    allStats: sorted.filter((row) => row.shortlink_id === 0).map(({ shortlink_id: _, ...row }) => row),
    allTotals: sumOverDays(sorted.filter((row) => row.shortlink_id === 0)),
    total: raw.length,
  };
}

type Flag = { deduplicated: number; unique: number };

/** Increments of (dimension, day, value) rows, summed per (dimension, value), in that order. */
function sumOverDays(rows: readonly StatIncrement[]): ClickBatchPlan['allTotals'] {
  const totals = new Map<string, ClickBatchPlan['allTotals'][number]>();
  for (const { dimension, value, clicks } of rows) {
    const key = `${dimension}\u0000${value}`;
    const total = totals.get(key);
    if (total) total.clicks += clicks;
    else totals.set(key, { dimension, value, clicks });
  }
  return [...totals.values()].sort((a, b) => compare(a.dimension, b.dimension) || compare(a.value, b.value));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Writes a batch of clicks in one transaction and answers, per click in order, what became of it. */
export type WriteClicks = (batch: QueuedClick[]) => Promise<ClickAnswer[]>;

/** One engine's statements for a batch: SQLite's answer at once, PostgreSQL's in a promise. */
export interface ClickStatements<Links = ClickedLink[], Written = void, Visited = VisitResult[]> {
  /**
   * The links of these codes that count clicks (an import's pending links do not), read and, where
   * writers lock rows, locked in id order, the order in which the writes lock them too: two
   * replicas' batches over the same links then queue instead of deadlocking.
   */
  read(codes: readonly string[]): Links;
  /**
   * One pass of visitor rows (see visitPasses), upserted into click_visitors: a row is inserted, or
   * moved to a later hour; answers those rows. Each visitor's row is locked in visitor order.
   */
  visit(rows: VisitRow[]): Visited;
  /** Everything the plan adds, its aggregate rows in the plan's (sorted) order. */
  write(plan: ClickBatchPlan): Written;
}

/**
 * A batch, within the caller's transaction: the links of its codes are read (each code once)
 * before anything is written, `countedClicks` decides which clicks count, their visitors are
 * upserted (one indexed upsert per distinct visitor and hour), and `planBatch` sums the writes that
 * follow unless none counts. Answers, per click in order, what became of it.
 */
export function runClickBatch(batch: QueuedClick[], statements: ClickStatements): ClickAnswer[] {
  const counted = countedClicks(batch, statements.read(codesOf(batch)));
  if (counted.counted.length === 0) return counted.answers;
  const visited = visitPasses(counted.counted.map(({ visit }) => visit)).flatMap((pass) => statements.visit(pass));
  statements.write(planBatch(counted, visited));
  return counted.answers;
}

/** `runClickBatch` with statements that answer promises (PostgreSQL's round trips). */
export async function runClickBatchAsync(
  batch: QueuedClick[],
  statements: ClickStatements<Promise<ClickedLink[]>, Promise<void>, Promise<VisitResult[]>>,
): Promise<ClickAnswer[]> {
  const counted = countedClicks(batch, await statements.read(codesOf(batch)));
  if (counted.counted.length === 0) return counted.answers;
  const visited: VisitResult[] = [];
  for (const pass of visitPasses(counted.counted.map(({ visit }) => visit)))
    visited.push(...(await statements.visit(pass)));
  await statements.write(planBatch(counted, visited));
  return counted.answers;
}

/** The batch's codes, each once, in queue order. */
function codesOf(batch: readonly QueuedClick[]): string[] {
  return [...new Set(batch.map((queued) => queued.shortCode))];
}
