import { PG_ID, PG_TEXT, type Migration } from './migration';

/*
 * Folders of links (one level) and the archive flag.
 *
 * A folder's name is unique whatever its case: `name_key` holds the name folded to lower case by
 * the repository (both engines fold the same way there, where SQL's lower() folds only ASCII on
 * SQLite). Deleting a folder moves its links to no folder (ON DELETE SET NULL), never deletes them.
 *
 * The list leaves archived links out unless asked for them, and filters by folder: the indexes
 * (archived, created_at, id) and (folder_id, archived, created_at, id) make the default list and a
 * folder's list (or the links in no folder) one index range in the newest-first order, as the
 * maker's index does for one person's links.
 */
const LINK_INDEXES = `
    CREATE INDEX shortlinks_folder_created_at ON shortlinks (folder_id, archived, created_at, id);
    CREATE INDEX shortlinks_archived_created_at ON shortlinks (archived, created_at, id);`;

export default {
  version: 22,
  name: 'link folders and archive',
  sqlite: `
    CREATE TABLE shortlink_folders (
      id         INTEGER PRIMARY KEY,
      name       TEXT NOT NULL,
      name_key   TEXT NOT NULL UNIQUE,
      created_at TEXT NOT NULL,
      created_by INTEGER
    );
    ALTER TABLE shortlinks ADD COLUMN folder_id INTEGER REFERENCES shortlink_folders (id) ON DELETE SET NULL;
    ALTER TABLE shortlinks ADD COLUMN archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1));
    ${LINK_INDEXES}`,
  postgres: `
    CREATE TABLE shortlink_folders (
      ${PG_ID},
      name       TEXT NOT NULL,
      name_key   ${PG_TEXT} NOT NULL UNIQUE,
      created_at ${PG_TEXT} NOT NULL,
      created_by INTEGER
    );
    ALTER TABLE shortlinks ADD COLUMN folder_id INTEGER REFERENCES shortlink_folders (id) ON DELETE SET NULL;
    ALTER TABLE shortlinks ADD COLUMN archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1));
    ${LINK_INDEXES}`,
} satisfies Migration;
