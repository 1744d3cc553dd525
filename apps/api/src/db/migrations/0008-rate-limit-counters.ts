import { PG_TEXT, type Migration } from './migration';

export default {
  version: 8,
  name: 'rate-limit counters shared by replicas',
  // One row per limited key: the hits of the window that ends at reset_at (milliseconds since the
  // epoch). Used when several replicas share PostgreSQL without Redis; expired rows are swept.
  sqlite: `
    CREATE TABLE rate_counters (
      key      TEXT PRIMARY KEY,
      hits     INTEGER NOT NULL CHECK (hits >= 0),
      reset_at INTEGER NOT NULL
    );
    CREATE INDEX rate_counters_reset_at ON rate_counters (reset_at);
  `,
  postgres: `
    CREATE TABLE rate_counters (
      key      ${PG_TEXT} PRIMARY KEY,
      hits     INTEGER NOT NULL CHECK (hits >= 0),
      reset_at BIGINT NOT NULL
    );
    CREATE INDEX rate_counters_reset_at ON rate_counters (reset_at);
  `,
} satisfies Migration;
