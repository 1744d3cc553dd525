import { sql, type RawBuilder } from 'kysely';
import type { Engine } from './database';

/**
 * The few places where SQLite and PostgreSQL need different SQL, so repositories are written once.
 * Everything else (ON CONFLICT, RETURNING, transactions) is the same on both through Kysely.
 */
export interface Dialect {
  engine: Engine;
  /** A column compared and sorted without regard to case (SQLite's NOCASE, PostgreSQL's lower()). */
  noCase(column: string): RawBuilder<string>;
}

export function dialectFor(engine: Engine): Dialect {
  return {
    engine,
    noCase: (column) =>
      engine === 'sqlite' ? sql<string>`${sql.ref(column)} COLLATE NOCASE` : sql<string>`lower(${sql.ref(column)})`,
  };
}
