/**
 * The largest whole number the database stores: ids and click counts are INTEGER columns, 32 bits
 * on PostgreSQL (64 on SQLite, but a database is copied from one engine to the other). No row has
 * a larger id, and PostgreSQL fails a query that compares such a column with a larger number
 * instead of finding nothing, so larger numbers are refused or answered "not found" before any
 * query is made.
 */
export const MAX_STORED_INTEGER = 2_147_483_647;
