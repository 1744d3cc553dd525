import { ME, type PersonFilter, type Reach } from '@toolvault/shared';

/**
 * Who asks, as the link and post services see it: the person (for a key, the key's person) and how
 * far the route's permission reaches for them: `own` limits the work to what they created.
 */
export interface Caller {
  userId: number;
  reach: Reach;
}

/**
 * The person a list is limited to: the filter's (`me` is the caller), or none for everyone; for a
 * caller whose reach is `own`, always themselves. Null when such a caller names someone else: that
 * is refused (403), never answered with a silent empty list.
 */
export function listedPerson(filter: PersonFilter | undefined, caller: Caller): number | undefined | null {
  const person = filter === ME ? caller.userId : filter;
  if (caller.reach === 'all') return person;
  return person === undefined || person === caller.userId ? caller.userId : null;
}
