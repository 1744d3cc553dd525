import { describe, expect, it } from 'vitest';
import { routeChunksKey } from './route-chunks';
import { classifyPath, INVITE_ROUTE, isAllowedShortCode } from './index';

describe('classifyPath and routeChunksKey', () => {
  it.each([
    ['/', { kind: 'home' }, null],
    ['/team', { kind: 'page', segment: 'team' }, 'team'],
    ['/invite/AbC_-123', { kind: 'invitation' }, INVITE_ROUTE],
    // Reserved, so no link is ever found there: the missing-link page.
    ['/invite', { kind: 'short-code', code: 'invite' }, ':shortCode'],
    ['/invite/a/b', { kind: 'unknown' }, null],
    ['/blog/hello', { kind: 'blog-post', slug: 'hello' }, 'blog/:slug'],
    ['/abc123', { kind: 'short-code', code: 'abc123' }, ':shortCode'],
  ])('%s is %o, loading %s', (path, kind, key) => {
    expect(classifyPath(path)).toEqual(kind);
    expect(routeChunksKey(classifyPath(path))).toBe(key);
  });

  it('keeps the Team and invitation pages from short codes', () => {
    expect(isAllowedShortCode('team')).toBe(false);
    expect(isAllowedShortCode('Invite')).toBe(false);
  });
});
