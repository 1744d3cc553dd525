import type { Kysely } from 'kysely';
import type { Dialect } from './dialect';
import { createShortlinkBulkRepo, type ShortlinkBulkRepo } from './shortlink-bulk.repo';
import { createShortlinkFoldersRepo, type ShortlinkFoldersRepo } from './shortlink-folders.repo';
import type { Tables } from './schema';
import { createShortlinkImportsRepo, PendingBlocks, type ShortlinkImportsRepo } from './shortlink-imports.repo';
import { createShortlinkListsRepo, type ShortlinkListsRepo } from './shortlink-lists.repo';
import { createShortlinkScansRepo, type ShortlinkScansRepo } from './shortlink-scans.repo';
import type { SearchLimits } from './shortlink-search-plan';
import { createShortlinkTagsRepo, type ShortlinkTagsRepo } from './shortlink-tags.repo';
import { createShortlinkTotalsRepo, type ShortlinkTotalsRepo } from './shortlink-totals.repo';
import { createShortlinkWritesRepo, type ShortlinkWritesRepo } from './shortlink-writes.repo';

export type { NewShortlink } from './shortlink-rows';
export type { ShortlinkPosition } from './shortlink-lists.repo';
export type { LinkRefusal } from './shortlink-writes.repo';
export type { BulkRefusal } from './shortlink-bulk.repo';
export type { FolderWrite } from './shortlink-folders.repo';

/**
 * The shortlinks table's repository, one file per concern: one link's writes and lookups
 * (shortlink-writes.repo.ts), the import protocol (shortlink-imports.repo.ts), lists and search
 * (shortlink-lists.repo.ts), the unfiltered lists (shortlink-scans.repo.ts), tags and search terms (shortlink-tags.repo.ts), totals
 * (shortlink-totals.repo.ts); the rows and their mappers are in shortlink-rows.ts.
 */
export type ShortlinksRepo = ShortlinkWritesRepo &
  ShortlinkImportsRepo &
  ShortlinkListsRepo &
  ShortlinkScansRepo &
  ShortlinkTagsRepo &
  ShortlinkTotalsRepo &
  ShortlinkFoldersRepo &
  ShortlinkBulkRepo;

/**
 * `reader` serves the lists, counts and scans (see Storage#reader): on a SQLite file they run on a
 * thread of their own and never hold the event loop. Lookups of one link by a unique key (a
 * redirect page's, a crawler's, an edit's) read through `db` instead: a few microseconds on the
 * event loop's connection, where on the reader thread they would queue behind whatever list or
 * search it is running (a search that matched every link of a million made a redirect wait 4.5 s).
 * They never wait for a write either: SQLite transactions here never span a turn of the event loop.
 */
export function createShortlinksRepo(
  db: Kysely<Tables>,
  dialect: Dialect,
  reader: Kysely<Tables> = db,
  limits: Partial<SearchLimits> = {},
): ShortlinksRepo {
  // Running imports' id blocks: the imports set them aside, the lists step over them.
  const pendingBlocks = new PendingBlocks();
  return {
    ...createShortlinkWritesRepo(db, dialect, reader),
    ...createShortlinkImportsRepo(db, dialect, reader, pendingBlocks),
    ...createShortlinkListsRepo(reader, dialect, pendingBlocks, limits),
    ...createShortlinkScansRepo(reader, pendingBlocks),
    ...createShortlinkTagsRepo(reader),
    ...createShortlinkTotalsRepo(reader),
    ...createShortlinkFoldersRepo(db, dialect),
    ...createShortlinkBulkRepo(db, dialect),
  };
}
