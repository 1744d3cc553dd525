import { type Migration } from './migration';

export default {
  version: 9,
  name: 'shortlinks written by an import that is not published yet',
  // An import writes its links in short transactions with import_pending set to its token, and
  // makes them visible all at once by clearing it in one transaction. NULL is a visible link.
  // The index holds the pending rows only (none, between imports), so publishing, discarding and
  // the cleanup at start find them without reading the whole table. The token is a 48-bit
  // number: BIGINT on PostgreSQL, where INTEGER has 32 bits (SQLite's INTEGER has 64).
  sqlite: `
    ALTER TABLE shortlinks ADD COLUMN import_pending INTEGER;
    CREATE INDEX shortlinks_import_pending ON shortlinks (import_pending) WHERE import_pending IS NOT NULL;
  `,
  postgres: `
    ALTER TABLE shortlinks ADD COLUMN import_pending BIGINT;
    CREATE INDEX shortlinks_import_pending ON shortlinks (import_pending) WHERE import_pending IS NOT NULL;
  `,
} satisfies Migration;
