import { sql, type SqlBool } from 'kysely';

/*
 * The rules' conditions in SQL (shortlink-rules.ts states them in TypeScript as `linkState`). Every
 * instant is stored as toISOString text, so comparing the texts compares the instants, on both
 * engines alike. Each term is guarded by IS NOT NULL, so the whole is true or false, never NULL,
 * and NOT of it is the active links exactly.
 */

/** The status filter of the list: links active or inactive at `now` (ISO 8601, UTC). */
export interface StatusFilter {
  status: 'active' | 'inactive';
  now: string;
}

/** True for a link of the alias `s` that is inactive at `now`. */
export function inactiveAt(now: string) {
  return sql<SqlBool>`((s.valid_from IS NOT NULL AND s.valid_from > ${now})
    OR (s.valid_until IS NOT NULL AND s.valid_until <= ${now})
    OR (s.max_visits IS NOT NULL AND s.click_count >= s.max_visits))`;
}

export function statusCondition({ status, now }: StatusFilter) {
  return status === 'inactive' ? inactiveAt(now) : sql<SqlBool>`NOT ${inactiveAt(now)}`;
}
