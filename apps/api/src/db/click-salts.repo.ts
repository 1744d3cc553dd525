import type { Kysely } from 'kysely';
import type { Tables } from './schema';

/**
 * The daily salts of the visitor hashes (click-visitors.ts) and the visitor rows hashed with them.
 * One salt per UTC day in the database, so every replica hashes a visitor alike.
 */
export interface ClickSaltsRepo {
  /**
   * The salt of `day` (YYYY-MM-DD): `candidate` if this call creates it, else the one already
   * stored. Replicas that ask at the same moment all get the one that was stored first.
   */
  saltFor(day: string, candidate: string): Promise<string>;
  /** Deletes the salts of days before `day`, and the visitor rows of those days. Answers the rows deleted. */
  pruneBefore(day: string): Promise<number>;
}

export function createClickSaltsRepo(db: Kysely<Tables>): ClickSaltsRepo {
  return {
    async saltFor(day, candidate) {
      // Insert-or-ignore, then read: on PostgreSQL a concurrent insert of the same day makes this one
      // wait for its commit and do nothing, and the read (a new statement) sees the stored row.
      await db
        .insertInto('click_salts')
        .values({ day, salt: candidate })
        .onConflict((oc) => oc.column('day').doNothing())
        .execute();
      const row = await db.selectFrom('click_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
      return row.salt;
    },
    async pruneBefore(day) {
      const visitors = await db.deleteFrom('click_visitors').where('day', '<', day).executeTakeFirst();
      const salts = await db.deleteFrom('click_salts').where('day', '<', day).executeTakeFirst();
      return Number(visitors.numDeletedRows) + Number(salts.numDeletedRows);
    },
  };
}
