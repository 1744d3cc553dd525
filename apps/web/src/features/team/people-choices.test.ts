import type { Person } from '@toolvault/shared';
import { describe, expect, it } from 'vitest';
import { personChoices, readPersonChoice } from './people-choices';

describe('readPersonChoice', () => {
  it.each([
    ['me', 'me'],
    ['7', '7'],
    ['123456789012345', '123456789012345'],
    [null, 'all'],
    ['', 'all'],
    ['all', 'all'],
    ['0', 'all'],
    ['07', 'all'],
    ['-3', 'all'],
    ['1e3', 'all'],
    ['12345678901234567', 'all'],
    ['Me', 'all'],
  ])('%s → %s', (text, expected) => {
    expect(readPersonChoice(text)).toBe(expected);
  });
});

describe('personChoices', () => {
  const person = (id: number, displayName: string, login: string, disabled = false): Person => ({
    id,
    displayName,
    login,
    role: 'editor',
    disabled,
    createdAt: '2025-01-01T00:00:00.000Z',
  });

  it('offers Everyone and Me until the team has loaded', () => {
    expect(personChoices(undefined, 'me')).toEqual({ choices: ['all', 'me'], labels: { all: 'Everyone', me: 'Me' } });
  });

  it('names each person, says who is disabled, and keeps an applied id nobody has', () => {
    const { choices, labels } = personChoices([person(1, 'Olive', 'olive'), person(4, 'Ada', 'ada', true)], '9');
    expect(choices.map((choice) => labels[choice])).toEqual([
      'Everyone',
      'Me',
      'Olive (olive)',
      'Ada (ada), disabled',
      'Person 9',
    ]);
    expect(choices).toEqual(['all', 'me', '1', '4', '9']);
  });
});
