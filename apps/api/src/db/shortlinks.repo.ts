import type { PublicShortlink, Shortlink } from '@toolvault/shared';
import type { Db } from './database';

/** The stored fields of a new link; clickCount and createdAt are set by the caller (imports keep their own). */
export interface NewShortlink {
  shortCode: string;
  targetUrl: string;
  title: string;
  description: string;
  metaImage: string;
  tags: string[];
  clickCount: number;
  /** ISO 8601, UTC (`Date#toISOString`). */
  createdAt: string;
}

export type ShortlinkChanges = Pick<Shortlink, 'targetUrl' | 'title' | 'description' | 'metaImage' | 'tags'>;

export interface ShortlinkTotals {
  totalLinks: number;
  totalClicks: number;
  /** Links whose created_at lies in [from, to). */
  createdBetween: number;
}

export interface ShortlinksRepo {
  /** The new link, or null when its code is taken (nothing is written then). */
  insert(link: NewShortlink): Shortlink | null;
  /**
   * Inserts every link in one transaction: all or none. Answers the index of
   * the first link whose code is taken (and writes nothing), or null on success.
   */
  insertAll(links: readonly NewShortlink[]): { takenAt: number } | null;
  update(id: number, changes: ShortlinkChanges): Shortlink | null;
  /** True when a link was deleted (its clicks go with it: ON DELETE CASCADE). */
  delete(id: number): boolean;
  codeExists(shortCode: string): boolean;
  /** Never counts a click. */
  findPublic(shortCode: string): PublicShortlink | null;
  listNewestFirst(limit?: number): Shortlink[];
  topByClicks(limit: number): Shortlink[];
  totals(range: { from: string; to: string }): ShortlinkTotals;
}

export interface ShortlinkRow {
  id: number;
  short_code: string;
  target_url: string;
  title: string;
  description: string;
  meta_image: string;
  tags: string;
  click_count: number;
  created_at: string;
}

export interface PublicShortlinkRow {
  short_code: string;
  target_url: string;
  title: string;
  description: string;
  meta_image: string;
}

export const SHORTLINK_COLUMNS =
  'id, short_code, target_url, title, description, meta_image, tags, click_count, created_at';
export const PUBLIC_SHORTLINK_COLUMNS = 'short_code, target_url, title, description, meta_image';

/** Newest first; id breaks ties between links created in the same millisecond (imports). */
const NEWEST_FIRST = 'created_at DESC, id DESC';
/** SQLite's largest integer: LIMIT with it means "no limit" in a prepared statement. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

type InsertParams = Omit<NewShortlink, 'tags'> & { tags: string };

export function createShortlinksRepo(db: Db): ShortlinksRepo {
  // ON CONFLICT … DO NOTHING: a taken code returns no row instead of throwing, and never
  // aborts a surrounding transaction. The CHECK and NOT NULL constraints still throw (bugs).
  const insert = db.prepare<InsertParams, ShortlinkRow>(
    `INSERT INTO shortlinks (short_code, target_url, title, description, meta_image, tags, click_count, created_at)
     VALUES (@shortCode, @targetUrl, @title, @description, @metaImage, @tags, @clickCount, @createdAt)
     ON CONFLICT (short_code) DO NOTHING
     RETURNING ${SHORTLINK_COLUMNS}`,
  );
  const update = db.prepare<Omit<ShortlinkChanges, 'tags'> & { id: number; tags: string }, ShortlinkRow>(
    `UPDATE shortlinks
     SET target_url = @targetUrl, title = @title, description = @description, meta_image = @metaImage, tags = @tags
     WHERE id = @id
     RETURNING ${SHORTLINK_COLUMNS}`,
  );
  const remove = db.prepare<[number]>('DELETE FROM shortlinks WHERE id = ?');
  const exists = db.prepare<[string], { found: number }>('SELECT 1 AS found FROM shortlinks WHERE short_code = ?');
  const findPublic = db.prepare<[string], PublicShortlinkRow>(
    `SELECT ${PUBLIC_SHORTLINK_COLUMNS} FROM shortlinks WHERE short_code = ?`,
  );
  const newest = db.prepare<[number], ShortlinkRow>(
    `SELECT ${SHORTLINK_COLUMNS} FROM shortlinks ORDER BY ${NEWEST_FIRST} LIMIT ?`,
  );
  const top = db.prepare<[number], ShortlinkRow>(
    `SELECT ${SHORTLINK_COLUMNS} FROM shortlinks ORDER BY click_count DESC, ${NEWEST_FIRST} LIMIT ?`,
  );
  const totals = db.prepare<{ from: string; to: string }, ShortlinkTotals>(
    `SELECT COUNT(*) AS totalLinks,
            COALESCE(SUM(click_count), 0) AS totalClicks,
            COUNT(CASE WHEN created_at >= @from AND created_at < @to THEN 1 END) AS createdBetween
     FROM shortlinks`,
  );

  const insertOne = (link: NewShortlink) => insert.get({ ...link, tags: JSON.stringify(link.tags) });
  /** Thrown inside the import transaction to roll it back; never leaves this module. */
  class Taken {
    constructor(readonly index: number) {}
  }
  const insertAll = db.transaction((links: readonly NewShortlink[]) => {
    links.forEach((link, index) => {
      if (!insertOne(link)) throw new Taken(index);
    });
  });

  return {
    insert(link) {
      const row = insertOne(link);
      return row ? toShortlink(row) : null;
    },
    insertAll(links) {
      try {
        insertAll(links);
        return null;
      } catch (error) {
        if (error instanceof Taken) return { takenAt: error.index };
        throw error;
      }
    },
    update(id, changes) {
      const row = update.get({ ...changes, id, tags: JSON.stringify(changes.tags) });
      return row ? toShortlink(row) : null;
    },
    delete: (id) => remove.run(id).changes > 0,
    codeExists: (shortCode) => exists.get(shortCode) !== undefined,
    findPublic(shortCode) {
      const row = findPublic.get(shortCode);
      return row ? toPublicShortlink(row) : null;
    },
    listNewestFirst: (limit = NO_LIMIT) => newest.all(limit).map(toShortlink),
    topByClicks: (limit) => top.all(limit).map(toShortlink),
    totals: (range) => totals.get(range) ?? { totalLinks: 0, totalClicks: 0, createdBetween: 0 },
  };
}

export function toShortlink(row: ShortlinkRow): Shortlink {
  return {
    id: row.id,
    shortCode: row.short_code,
    targetUrl: row.target_url,
    title: row.title,
    description: row.description,
    metaImage: row.meta_image,
    tags: parseTags(row.tags),
    clickCount: row.click_count,
    createdAt: row.created_at,
  };
}

export function toPublicShortlink(row: PublicShortlinkRow): PublicShortlink {
  return {
    shortCode: row.short_code,
    targetUrl: row.target_url,
    title: row.title,
    description: row.description,
    metaImage: row.meta_image,
  };
}

/** Tags are stored as a JSON array of strings; anything else (a hand-edited row) reads as no tags. */
function parseTags(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}
