import type { PublicShortlink, Shortlink } from '@toolvault/shared';
import type { Kysely, Selectable } from 'kysely';
import { reportedCount } from './counts';
import { peopleByIds, personRef, type PeopleById } from './people-refs';
import type { ShortlinksTable, Tables } from './schema';

/*
 * A link's row and the public objects made of it, in one place: the lists, the writes and the click
 * path all read these columns and map them through these functions.
 */

/**
 * The stored fields of a new link: a link as the API returns it, before it has an id, with the id of
 * the person creating it (none for a guest). clickCount and createdAt are set by the caller (imports
 * keep their own).
 */
export type NewShortlink = Omit<Shortlink, 'id' | 'createdBy' | 'updatedBy' | 'folderId' | 'archived'> & {
  createdBy?: number | null;
  /** No folder and not archived when absent. */
  folderId?: number | null;
  archived?: boolean;
};

/** A link's stored fields as the app reads them (import_pending only ever filters rows out). */
export type ShortlinkRow = Omit<Selectable<ShortlinksTable>, 'import_pending'>;
export type PublicShortlinkRow = Pick<
  ShortlinkRow,
  'short_code' | 'target_url' | 'title' | 'description' | 'meta_image'
>;

export const SHORTLINK_COLUMNS = [
  'id',
  'short_code',
  'target_url',
  'title',
  'description',
  'meta_image',
  'tags',
  'click_count',
  'created_at',
  'redirect_mode',
  'created_by',
  'updated_by',
  'folder_id',
  'archived',
] as const;
export const PUBLIC_SHORTLINK_COLUMNS = ['short_code', 'target_url', 'title', 'description', 'meta_image'] as const;

/** The row an insert writes for a new link. */
export const linkRow = (link: NewShortlink) => ({
  short_code: link.shortCode,
  target_url: link.targetUrl,
  title: link.title,
  description: link.description,
  meta_image: link.metaImage,
  tags: JSON.stringify(link.tags),
  click_count: link.clickCount,
  created_at: link.createdAt,
  redirect_mode: link.redirectMode,
  created_by: link.createdBy ?? null,
  folder_id: link.folderId ?? null,
  archived: link.archived === true ? (1 as const) : (0 as const),
});

/** The links of these rows, each with the names of who made and changed it (one query for all). */
export async function linksOf(db: Kysely<Tables>, rows: readonly ShortlinkRow[]): Promise<Shortlink[]> {
  if (rows.length === 0) return [];
  const people = await peopleByIds(
    db,
    rows.flatMap((row) => [row.created_by, row.updated_by]),
  );
  return rows.map((row) => toShortlink(row, people));
}

function toShortlink(row: ShortlinkRow, people: PeopleById): Shortlink {
  return {
    id: row.id,
    shortCode: row.short_code,
    targetUrl: row.target_url,
    title: row.title,
    description: row.description,
    metaImage: row.meta_image,
    tags: parseTags(row.tags),
    clickCount: reportedCount(row.click_count),
    createdAt: row.created_at,
    redirectMode: row.redirect_mode,
    createdBy: personRef(people, row.created_by),
    updatedBy: personRef(people, row.updated_by),
    folderId: row.folder_id,
    archived: Number(row.archived) === 1,
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
export function parseTags(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}
