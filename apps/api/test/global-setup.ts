import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server for the storage contract tests, or null when none answers. */
    postgresUrl: string | null;
  }
}

/** The local server every development machine and CI has; TEST_DATABASE_URL points elsewhere. */
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Looks for PostgreSQL once for the whole API suite. Without one (a fresh machine), the SQLite half
 * of every storage test still runs and one line says what was left out.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  let available = false;
  try {
    await client.connect();
    await client.query('SELECT 1');
    available = true;
  } catch (error) {
    console.info(
      `PostgreSQL not reachable at ${url.replace(/:[^:@/]*@/, ':***@')} (${(error as Error).message}): ` +
        'the PostgreSQL half of the storage tests was skipped; SQLite ran in full.',
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  project.provide('postgresUrl', available ? url : null);
}
