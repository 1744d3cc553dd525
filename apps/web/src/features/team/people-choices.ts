import { useQuery } from '@tanstack/react-query';
import type { Person } from '@toolvault/shared';
import { fromApi } from '../../lib/query';
import { getAdminToken } from '../auth/admin-session';
import { teamApi, teamKeys } from './team.api';

/*
 * "Created by" / "Written by" filters: everyone's, mine, or one person's, picked by name from the
 * team. The lists behind them take 'me' or any person's id; only the names need the team, which
 * the Owner, Administrators and Editors may read.
 */

/** A person as every person picker names them (a disabled one says so: what they made stays). */
export const personLabel = (person: Person) =>
  `${person.displayName} (${person.login})${person.disabled ? ', disabled' : ''}`;

/** The team's people for a picker, read once a minute at most; the audit log's filter reads it too. */
export const peopleQuery = () => ({
  queryKey: teamKeys.people,
  queryFn: ({ signal }: { signal: AbortSignal }) => fromApi(teamApi.people(getAdminToken(), signal)),
  staleTime: 60_000,
});

/** Whose items a list shows: everyone's, the signed-in person's, or one person's (their id). */
export type PersonChoice = 'all' | 'me' | `${number}`;

/** `?by=` as the lists take it: me or the digits of an id; anything else is everyone. */
export function readPersonChoice(text: string | null): PersonChoice {
  return text === 'me' || /^[1-9]\d{0,15}$/.test(text ?? '') ? (text as PersonChoice) : 'all';
}

/**
 * Everyone, Me, then each person by name and login (personLabel).
 * An id from the address that names nobody on the team still shows as what is applied.
 */
export function personChoices(
  people: readonly Person[] | undefined,
  current: PersonChoice,
): { choices: PersonChoice[]; labels: Record<string, string> } {
  const labels: Record<string, string> = { all: 'Everyone', me: 'Me' };
  const choices: PersonChoice[] = ['all', 'me'];
  for (const person of people ?? []) {
    const value = String(person.id) as PersonChoice;
    choices.push(value);
    labels[value] = personLabel(person);
  }
  if (!choices.includes(current)) {
    choices.push(current);
    labels[current] = `Person ${current}`;
  }
  return { choices, labels };
}

/** personChoices with the team read when `withPeople` (the audit log's query): Everyone and Me until then, or if it fails. */
export function usePeopleChoices(withPeople: boolean, current: PersonChoice) {
  const people = useQuery({ ...peopleQuery(), enabled: withPeople });
  return personChoices(people.data?.people, current);
}
