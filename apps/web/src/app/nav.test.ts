import { ROLE_GRANTS, type Role } from '@toolvault/shared';
import { describe, expect, it } from 'vitest';
import { accountLinks, activeHeaderLink } from './nav';

describe('activeHeaderLink: one current item in the header', () => {
  it.each<[string, string, string | null]>([
    ['/', '', 'Home'],
    ['/', '#tools', 'Tools'],
    ['/', '#other', 'Home'],
    ['/blog', '', 'Blog'],
    ['/blog/', '', 'Blog'],
    ['/about', '', 'About'],
    ['/contact', '', 'Contact'],
    ['/blog/some-post', '', null],
    ['/hash-generator', '', null],
    ['/nonexistent-page-xyz', '', null],
  ])('%s%s → %s', (pathname, hash, label) => {
    expect(activeHeaderLink(pathname, hash)).toBe(label);
  });
});

describe('accountLinks: the admin links a role may use', () => {
  it.each<[Role, string[]]>([
    ['owner', ['Manage links', 'Blog admin', 'Team', 'Audit', 'Webhooks', 'Account']],
    ['administrator', ['Manage links', 'Blog admin', 'Team', 'Audit', 'Webhooks', 'Account']],
    ['editor', ['Manage links', 'Blog admin', 'Team', 'Account']],
    ['author', ['Manage links', 'Blog admin', 'Account']],
    ['contributor', ['Blog admin', 'Account']],
    ['viewer', ['Manage links', 'Blog admin', 'Account']],
  ])('%s → %j', (role, labels) => {
    expect(accountLinks(ROLE_GRANTS[role]).map((link) => link.label)).toEqual(labels);
  });

  it('shows nothing for no grants at all', () => {
    expect(accountLinks({})).toEqual([]);
  });
});
