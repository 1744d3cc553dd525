import { MAX_STORED_INTEGER } from '@toolvault/shared';

/**
 * Whether `id` can name a row. The API takes any positive id up to 16 digits, so the repositories
 * answer "no such row" for ids no row can have without asking the database, which on PostgreSQL
 * would fail instead (MAX_STORED_INTEGER).
 */
export function isRowId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_STORED_INTEGER;
}
