import type { PersonRef } from '@toolvault/shared';
import type { Kysely } from 'kysely';
import type { Tables } from './schema';

/** The people a set of records names, by id (see peopleByIds). */
export type PeopleById = ReadonlyMap<number, PersonRef>;

/**
 * The display names of the people who made or changed a page of records: one query by primary key
 * for the whole page (at most two people per record, usually a handful in all), never one per row.
 */
export async function peopleByIds(db: Kysely<Tables>, ids: Iterable<number | null>): Promise<PeopleById> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [Number(row.id), { id: Number(row.id), name: row.display_name }]));
}

/**
 * The person `id` names, or null for none. People are disabled, never deleted, so a missing row is
 * a hand-edited database: the id is still shown, with a name that says so.
 */
export function personRef(people: PeopleById, id: number | null): PersonRef | null {
  return namedPerson(id, people.get(id ?? 0)?.name);
}

/** The person `id` names, read with their display name (`name`; undefined or null when no row has that id). */
export function namedPerson(id: number | null, name: string | null | undefined): PersonRef | null {
  if (id === null) return null;
  return { id, name: name ?? `Person ${id}` };
}
