/**
 * Who made and who last changed a link or a post. Kept apart from the zod schemas (made-by.schemas.ts)
 * so the pages that only show it load no zod.
 */

/** A person of the team as a record names them: their id and display name. */
export interface PersonRef {
  id: number;
  name: string;
}

/** The word a person filter takes for the signed-in caller (`?createdBy=me`, `?author=me`). */
export const ME = 'me';

/** A person filter once parsed: a person's id, or the caller. */
export type PersonFilter = number | typeof ME;
