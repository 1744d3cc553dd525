import { createQueryId, type CompiledQuery, type Kysely } from 'kysely';
import type { LinkStateInput } from '@toolvault/shared';
import type { Tables } from './schema';

/**
 * What guards a password link: its id, the hash to check an attempt against, the version unlocks
 * name, and its rules (an inactive link has nothing left to guard: its visitors get what every
 * inactive link gives).
 */
export interface LinkLock {
  id: number;
  passwordHash: string;
  version: number;
  rules: LinkStateInput;
}

export interface LinkPasswordsRepo {
  /**
   * The lock of a published link whose code is `shortCode`, or null when it has no password (or
   * there is no such link: the callers then go on as for any link, and answer its 404 themselves).
   * One read by the unique code index, through `db` like the other lookups of one link.
   */
  lockOf(shortCode: string): Promise<LinkLock | null>;
}

/** The passwords live on the shortlinks row (password_hash, password_version); writes go with the link's own. */
export function createLinkPasswordsRepo(db: Kysely<Tables>): LinkPasswordsRepo {
  const lockQuery = (shortCode: string) =>
    db
      .selectFrom('shortlinks')
      .select(['id', 'password_hash', 'password_version', 'valid_from', 'valid_until', 'max_visits', 'click_count'])
      .where('short_code', '=', shortCode)
      .where('import_pending', 'is', null)
      .where('password_hash', 'is not', null);
  type LockRow = Awaited<ReturnType<ReturnType<typeof lockQuery>['executeTakeFirstOrThrow']>>;
  // Every click asks this, so the query is built and compiled once: building it again each time
  // was 3-4 % of the event loop's CPU per click under load. Only the code, its one parameter, changes.
  let compiled: CompiledQuery<LockRow> | undefined;
  return {
    async lockOf(shortCode) {
      if (!compiled) {
        compiled = lockQuery('').compile();
        // The code must stay the query's one parameter for the swap below to be right.
        if (compiled.parameters.length !== 1) throw new Error('The lock query must take the code alone');
      }
      const { rows } = await db.executeQuery<LockRow>({
        ...compiled,
        parameters: [shortCode],
        queryId: createQueryId(),
      });
      const row = rows[0];
      if (!row || row.password_hash === null) return null;
      return {
        id: row.id,
        passwordHash: row.password_hash,
        version: Number(row.password_version),
        rules: {
          validFrom: row.valid_from,
          validUntil: row.valid_until,
          maxVisits: row.max_visits === null ? null : Number(row.max_visits),
          clickCount: Number(row.click_count),
        },
      };
    },
  };
}
