/**
 * The largest row id the database stores: ids are INTEGER columns, 32 bits on PostgreSQL (64 on
 * SQLite, but a database is copied from one engine to the other). No row has a larger id, and
 * PostgreSQL fails a query that compares such a column with a larger number instead of finding
 * nothing, so larger ids are refused or answered "not found" before any query is made. Counters
 * (clicks, views, tag and link counts) are BIGINT on both engines and are not bound by this.
 */
export const MAX_STORED_INTEGER = 2_147_483_647;
