import type Database from 'better-sqlite3';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Storage } from './database';
import { migrate, MIGRATIONS } from './migrations';
import type { Tables } from './schema';

/** Counters that only mean something for the next minutes; never carried over. */
const SKIPPED_TABLES = new Set(['rate_counters']);
/**
 * Tables a migration fills on an empty database (the one-row link and click totals start at zero;
 * the Owner is person 1). Their rows are not "data already there": they are replaced by the source's.
 */
const SEEDED_TABLES = new Set(['shortlink_totals', 'users']);
/** PostgreSQL takes at most 65,535 bound values in one statement; stay well below. */
const MAX_VALUES_PER_INSERT = 30_000;
const MAX_ROWS_PER_INSERT = 1_000;

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

export interface CopyReport {
  tables: TableCount[];
  /** Sum of shortlinks.click_count on each side. */
  clickSum: { source: number; target: number };
}

export class CopyRefused extends Error {
  override name = 'CopyRefused';
}

/**
 * Copies every table of an SQLite database into a PostgreSQL database that has none of our rows
 * yet: the target is migrated to the same version first, then everything is written in ONE
 * transaction, in batches, parents before children, ids kept (identity sequences moved past them).
 * Row counts and the click sum are compared before the commit; any difference rolls it all back.
 * The source is opened by the caller (read-only) and only read, inside one read transaction, so a
 * server may keep running on it.
 */
export async function copySqliteToPostgres({
  source,
  target,
  onTable = () => undefined,
}: {
  source: Database.Database;
  target: Storage;
  onTable?: (table: string, rows: number) => void;
}): Promise<CopyReport> {
  if (target.engine !== 'postgres') throw new CopyRefused('The target must be PostgreSQL');
  const latest = MIGRATIONS.at(-1)?.version ?? 0;
  const sourceVersion = source.pragma('user_version', { simple: true }) as number;
  if (sourceVersion !== latest) {
    throw new CopyRefused(
      `The SQLite database is at schema version ${sourceVersion}, this build at ${latest}: ` +
        'start the server once on it (it migrates at start), then copy.',
    );
  }
  await migrate(target);

  const tables = tablesInCopyOrder(source);
  source.exec('BEGIN'); // one snapshot of the source, even while a server writes to it
  try {
    return await target.db.transaction().execute(async (trx) => {
      for (const table of tables.filter((name) => !SEEDED_TABLES.has(name))) {
        const found = await sql<{ one: number }>`SELECT 1 AS one FROM ${sql.table(table)} LIMIT 1`.execute(trx);
        if (found.rows.length > 0) {
          throw new CopyRefused(
            `The target database is not empty: table ${table} has rows. Copy into an empty database.`,
          );
        }
      }
      for (const table of SEEDED_TABLES) await sql`DELETE FROM ${sql.table(table)}`.execute(trx);
      const counts: TableCount[] = [];
      for (const table of tables) {
        const columns = (source.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map(
          (column) => column.name,
        );
        const copied = await copyTable(source, trx, table, columns);
        onTable(table, copied);
        if (columns.includes('id')) await moveIdentityPast(trx, table);
        const sourceRows = (source.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n;
        counts.push({ table, source: sourceRows, target: await countRows(trx, table) });
      }
      const clickSum = {
        source: (source.prepare('SELECT COALESCE(SUM(click_count), 0) AS n FROM shortlinks').get() as { n: number }).n,
        target: Number(
          (await sql<{ n: number }>`SELECT COALESCE(SUM(click_count), 0) AS n FROM shortlinks`.execute(trx)).rows[0]!.n,
        ),
      };
      const mismatch = counts.find((count) => count.source !== count.target);
      if (mismatch) throw new Error(`Row counts differ for ${mismatch.table}: ${mismatch.source} → ${mismatch.target}`);
      if (clickSum.source !== clickSum.target) {
        throw new Error(`Click sums differ: ${clickSum.source} → ${clickSum.target}`);
      }
      return { tables: counts, clickSum };
    });
  } finally {
    source.exec('COMMIT');
  }
}

/** Our tables in the source, each after the tables its foreign keys point to. */
function tablesInCopyOrder(source: Database.Database): string[] {
  const names = (
    source
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { name: string }[]
  )
    .map(({ name }) => name)
    .filter((name) => !SKIPPED_TABLES.has(name));
  const parents = new Map(
    names.map((name) => [
      name,
      (source.prepare(`PRAGMA foreign_key_list("${name}")`).all() as { table: string }[])
        .map(({ table }) => table)
        .filter((parent) => parent !== name),
    ]),
  );
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, path);
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return ordered;
}

async function copyTable(
  source: Database.Database,
  trx: Kysely<Tables>,
  table: string,
  columns: string[],
): Promise<number> {
  const perInsert = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_VALUES_PER_INSERT / columns.length)));
  // Tables declared WITHOUT ROWID (the aggregates, tags and search terms) have no rowid to order by.
  const definition = source
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?")
    .pluck()
    .get(table);
  const order = /WITHOUT\s+ROWID/i.test(String(definition)) ? '' : ' ORDER BY rowid';
  const rows = source.prepare(`SELECT * FROM "${table}"${order}`).raw(true).iterate() as IterableIterator<unknown[]>;
  let batch: unknown[][] = [];
  let copied = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await insertRows(trx, table, columns, batch);
    copied += batch.length;
    batch = [];
  };
  // Streams: only one batch is in memory at a time. Nothing else uses the source meanwhile.
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= perInsert) await flush();
  }
  await flush();
  return copied;
}

function insertRows(trx: Kysely<Tables>, table: string, columns: string[], rows: unknown[][]) {
  const values: RawBuilder<unknown>[] = rows.map((row) => sql`(${sql.join(row.map((value) => sql`${value}`))})`);
  return sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
             VALUES ${sql.join(values)}`.execute(trx);
}

/** Rows were inserted with their ids; the identity must continue after the largest. */
async function moveIdentityPast(trx: Kysely<Tables>, table: string): Promise<void> {
  const sequence = await sql<{ name: string | null }>`SELECT pg_get_serial_sequence(${table}, 'id') AS name`.execute(
    trx,
  );
  const name = sequence.rows[0]?.name;
  if (!name) return;
  await sql`SELECT setval(${name}, COALESCE((SELECT MAX(id) FROM ${sql.table(table)}), 1),
                          (SELECT COUNT(*) > 0 FROM ${sql.table(table)}))`.execute(trx);
}

async function countRows(trx: Kysely<Tables>, table: string): Promise<number> {
  return Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(trx)).rows[0]!.n);
}
