import { describe, expect, it } from 'vitest';
import { activeHeaderLink } from './nav';

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
