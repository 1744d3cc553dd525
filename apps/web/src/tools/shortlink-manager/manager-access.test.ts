import { ROLE_GRANTS, ROLES, type Role } from '@toolvault/shared';
import { describe, expect, it } from 'vitest';
import { FULL_ACCESS, managerAccess, managerTabs, openTab } from './manager-access';

const accessOf = (role: Role) => managerAccess({ grants: ROLE_GRANTS[role] });

describe('what each role may use in the manager', () => {
  it.each([
    ['owner', FULL_ACCESS, ['overview', 'create', 'manage', 'analytics']],
    ['administrator', FULL_ACCESS, ['overview', 'create', 'manage', 'analytics']],
    ['editor', FULL_ACCESS, ['overview', 'create', 'manage', 'analytics']],
    [
      'author',
      {
        allLinks: false,
        write: true,
        importLinks: false,
        folders: false,
        allAnalytics: false,
        linkAnalytics: true,
        people: false,
      },
      ['create', 'manage'],
    ],
    [
      'viewer',
      {
        allLinks: true,
        write: false,
        importLinks: false,
        folders: false,
        allAnalytics: true,
        linkAnalytics: true,
        people: false,
      },
      ['overview', 'manage', 'analytics'],
    ],
  ] as const)('%s', (role, access, tabs) => {
    expect(accessOf(role)).toEqual(access);
    expect(managerTabs(accessOf(role)!)).toEqual(tabs);
  });

  it('has nothing for a Contributor (no links at all), or for no grants', () => {
    expect(accessOf('contributor')).toBeNull();
    expect(managerAccess({ grants: {} })).toBeNull();
  });

  it('covers every role', () => {
    expect(ROLES.filter((role) => accessOf(role) === null)).toEqual(['contributor']);
  });

  it.each([
    ['overview', ['create', 'manage'], 'manage'],
    ['analytics', ['overview', 'manage', 'analytics'], 'analytics'],
    ['create', ['overview', 'manage', 'analytics'], 'manage'],
  ] as const)('opens %s among %o as %s', (asked, tabs, shown) => {
    expect(openTab(asked, tabs)).toBe(shown);
  });
});
