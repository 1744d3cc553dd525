import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { ShortlinkClicksTable } from './schema';

/*
 * Deduplicated clicks and unique visitors of a batch (docs/decisions/0006-click-analytics.md).
 * A visitor of a link is SHA-256(day's salt, link id, address, user agent): the salt changes every
 * UTC day and is deleted after 48 hours, so a stored hash can no longer be tried against addresses,
 * and the address itself is never written anywhere. A click is *deduplicated* when it is its
 * visitor's first in its UTC hour, *unique* when it is its visitor's first that UTC day.
 */

/** What identifies the visitor of one click, handed over in memory only (never stored). */
export interface VisitorKey {
  /** The salt of the click's UTC day (click_salts). */
  salt: string;
  /** The client address as the request gave it ('' when unknown). */
  address: string;
  userAgent: string;
}

/** One upsert into click_visitors. */
export interface VisitRow {
  visitor: string;
  day: string;
  /** YYYY-MM-DDTHH (UTC). */
  hour: string;
}

/** What the upsert answered for a row it inserted or moved to a later hour; rows it left alone are absent. */
export interface VisitResult {
  visitor: string;
  hour: string;
  /** True when the row was inserted: the visitor's first click that day. */
  fresh: boolean;
}

export function visitorHash(key: VisitorKey, linkId: number): string {
  // Fields joined by a byte no address, salt or id holds, so two different tuples never give one text.
  return createHash('sha256')
    .update(`${key.salt}\u0000${linkId}\u0000${key.address}\u0000${key.userAgent}`)
    .digest('base64url');
}

/** The visit of each counted click: null for a click without a visitor key (counted as its own visitor). */
export type ClickVisit = VisitRow | null;

/**
 * The distinct (visitor, hour) rows of a batch, in passes: pass k holds each visitor's k-th hour
 * (oldest first), sorted by visitor. A multi-row upsert may not touch a row twice, and replicas lock
 * rows in the same order; nearly every batch has a single pass (a second only when one visitor's
 * clicks straddle an hour's end within one batch). Later passes hold only rows the first locked.
 */
export function visitPasses(visits: readonly ClickVisit[]): VisitRow[][] {
  const hours = new Map<string, VisitRow[]>();
  for (const visit of visits) {
    if (!visit) continue;
    const list = hours.get(visit.visitor);
    if (!list) hours.set(visit.visitor, [visit]);
    else if (!list.some((row) => row.hour === visit.hour)) list.push(visit);
  }
  const passes: VisitRow[][] = [];
  for (const list of hours.values()) {
    list.sort((a, b) => compare(a.hour, b.hour));
    list.forEach((row, index) => (passes[index] ??= []).push(row));
  }
  for (const pass of passes) pass.sort((a, b) => compare(a.visitor, b.visitor));
  return passes;
}

/**
 * Flags per click, in order: the first click of a (visitor, hour) the upsert counted is
 * deduplicated, and it is unique too when the upsert inserted the visitor's row. A click without a
 * visitor key counts as both.
 */
export function visitFlags(
  visits: readonly ClickVisit[],
  results: readonly VisitResult[],
): { deduplicated: number; unique: number }[] {
  const counted = new Map(results.map((result) => [`${result.visitor}\u0000${result.hour}`, result.fresh]));
  return visits.map((visit) => {
    if (!visit) return { deduplicated: 1, unique: 1 };
    const key = `${visit.visitor}\u0000${visit.hour}`;
    const fresh = counted.get(key);
    if (fresh === undefined) return { deduplicated: 0, unique: 0 };
    // Later clicks of the same visitor and hour in this batch are repeats.
    counted.delete(key);
    return { deduplicated: 1, unique: fresh ? 1 : 0 };
  });
}

/** Sets the raw rows' flags. */
export function flagRaw(
  raw: Insertable<ShortlinkClicksTable>[],
  flags: readonly { deduplicated: number; unique: number }[],
) {
  raw.forEach((row, index) => {
    row.deduplicated = flags[index]!.deduplicated;
    row.unique_visitor = flags[index]!.unique;
  });
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
