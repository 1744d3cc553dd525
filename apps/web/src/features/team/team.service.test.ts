import type { Person, Role } from '@toolvault/shared';
import { describe, expect, it } from 'vitest';
import {
  acceptPayload,
  canChange,
  canTakeOwnership,
  EMPTY_ACCEPT_FORM,
  invitationPayload,
  invitationProblem,
  roleChoices,
} from './team.service';

const person = (role: Role, disabled = false): Person => ({
  id: 7,
  login: 'ada',
  displayName: 'Ada',
  role,
  disabled,
  createdAt: '2025-01-01T00:00:00.000Z',
});

describe('roles on the Team page', () => {
  it.each<[Role, string[]]>([
    ['owner', ['administrator', 'editor', 'author', 'contributor', 'viewer']],
    ['administrator', ['administrator', 'editor', 'author', 'contributor', 'viewer']],
    ['editor', ['author', 'contributor']],
    ['author', []],
    ['viewer', []],
  ])('a %s may give %j', (role, roles) => {
    expect(roleChoices(role).map((choice) => choice.value)).toEqual(roles);
  });

  it('labels the choices', () => {
    expect(roleChoices('editor')).toEqual([
      { value: 'author', label: 'Author' },
      { value: 'contributor', label: 'Contributor' },
    ]);
  });

  it.each<[Role, Role, boolean]>([
    ['administrator', 'owner', false],
    ['owner', 'owner', false],
    ['administrator', 'administrator', true],
    ['administrator', 'viewer', true],
    ['editor', 'author', true],
    ['editor', 'editor', false],
    ['editor', 'administrator', false],
    ['author', 'contributor', false],
  ])('a %s may change a %s: %s', (me, theirs, expected) => {
    expect(canChange(person(theirs), { id: 1, role: me })).toBe(expected);
  });

  it.each<[Person, boolean]>([
    [person('administrator'), true],
    [person('administrator', true), false],
    [person('editor'), false],
    [person('owner'), false],
  ])('ownership may go to %o: %s', (candidate, expected) => {
    expect(canTakeOwnership(candidate)).toBe(expected);
  });
});

describe('invitationPayload', () => {
  it.each<[string, { role: Role; label: string; days: string }, unknown]>([
    ['the defaults', { role: 'author', label: '', days: '7' }, { role: 'author', label: '', expiresInDays: 7 }],
    [
      'a trimmed label',
      { role: 'viewer', label: '  ada@example.com ', days: ' 14 ' },
      { role: 'viewer', label: 'ada@example.com', expiresInDays: 14 },
    ],
    ['one day', { role: 'editor', label: 'Bob', days: '1' }, { role: 'editor', label: 'Bob', expiresInDays: 1 }],
  ])('%s', (_name, form, body) => {
    expect(invitationPayload(form)).toEqual({ ok: true, value: body });
  });

  it.each<[string, string, string]>([
    ['empty', '', 'The expiry must be a whole number of days from 1 to 14'],
    ['0', '0', 'The expiry must be a whole number of days from 1 to 14'],
    ['15', '15', 'The expiry must be a whole number of days from 1 to 14'],
    ['a fraction', '1.5', 'The expiry must be a whole number of days from 1 to 14'],
    ['words', 'seven', 'The expiry must be a whole number of days from 1 to 14'],
  ])('refuses %s days', (_name, days, message) => {
    expect(invitationPayload({ role: 'author', label: '', days })).toEqual({ ok: false, error: message });
  });

  it('refuses a label of 255 characters', () => {
    expect(invitationPayload({ role: 'author', label: 'x'.repeat(255), days: '7' })).toEqual({
      ok: false,
      error: 'Label must be at most 254 characters',
    });
  });
});

describe('acceptPayload', () => {
  const good = {
    login: ' Ada@Example.com ',
    displayName: ' Ada ',
    password: 'long enough pw',
    confirm: 'long enough pw',
  };

  it('trims the login and the name, keeps the password as typed', () => {
    expect(acceptPayload(good)).toEqual({
      ok: true,
      value: { login: 'Ada@Example.com', displayName: 'Ada', password: 'long enough pw' },
    });
  });

  it('names every field that is wrong', () => {
    expect(acceptPayload(EMPTY_ACCEPT_FORM)).toEqual({
      ok: false,
      error: {
        login: 'Login is required',
        displayName: 'Display name is required',
        password: 'Password must be at least 12 characters',
      },
    });
  });

  it.each<[string, Partial<typeof good>, Record<string, string>]>([
    [
      'a short password',
      { password: 'short', confirm: 'short' },
      { password: 'Password must be at least 12 characters' },
    ],
    ['passwords that differ', { confirm: 'something else' }, { confirm: 'The passwords do not match' }],
    [
      'a login with a space inside',
      { login: 'ada lovelace' },
      { login: 'Login may hold only letters, digits and . _ - @ +' },
    ],
    [
      'a name of 101 characters',
      { displayName: 'A'.repeat(101) },
      { displayName: 'Display name must be at most 100 characters' },
    ],
  ])('refuses %s', (_name, change, errors) => {
    expect(acceptPayload({ ...good, ...change })).toEqual({ ok: false, error: errors });
  });
});

describe('invitationProblem', () => {
  it.each([
    ['INVITATION_NOT_FOUND', 404, 'This invitation link is not valid'],
    ['INVITATION_EXPIRED', 410, 'This invitation has expired'],
    ['INVITATION_USED', 410, 'This invitation has already been used'],
    ['INVITATION_REVOKED', 410, 'This invitation was revoked'],
  ] as const)('%s says so', (code, status, title) => {
    expect(invitationProblem({ code, status, message: 'x' })).toMatchObject({ title, retry: false });
  });

  it('offers to try again when no answer came, and leaves other refusals to the form', () => {
    expect(invitationProblem({ status: 0, message: 'Network error' })).toMatchObject({ retry: true });
    expect(invitationProblem({ status: 409, code: 'LOGIN_TAKEN', message: 'taken' })).toBeNull();
    expect(invitationProblem({ status: 429, code: 'RATE_LIMITED', message: 'slow down' })).toBeNull();
  });
});
