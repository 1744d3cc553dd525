/**
 * Every row of every table of a database as one text, for tests that a secret (a key, a token, a
 * password) is kept nowhere at rest: `expect(await databaseText(storage)).not.toContain(key)`.
 */
import { sql } from 'kysely';
import type { Storage } from '../src/db';

async function tableNames({ db, engine }: Storage): Promise<string[]> {
  const query =
    engine === 'sqlite'
      ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
      : sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`;
  return (await query.execute(db)).rows.map((row) => row.name);
}

/** `table: <rows as JSON>` per table, one per line. */
export async function databaseText(storage: Storage): Promise<string> {
  const lines: string[] = [];
  for (const table of await tableNames(storage)) {
    const { rows } = await sql`SELECT * FROM ${sql.id(table)}`.execute(storage.db);
    // Bytes (a BLOB or bytea) are read as text too, so a secret stored as bytes is found as well.
    const values = rows.map((row) =>
      Object.values(row as Record<string, unknown>).map((value) =>
        value instanceof Uint8Array
          ? Buffer.from(value).toString('latin1')
          : typeof value === 'bigint'
            ? String(value)
            : value,
      ),
    );
    const text = JSON.stringify(values);
    lines.push(`${table}: ${text}`);
  }
  return lines.join('\n');
}
