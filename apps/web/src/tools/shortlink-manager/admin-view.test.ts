import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW,
  isFiltered,
  linksLabel,
  listQuery,
  pageNumber,
  readAdminView,
  withFilters,
  writeAdminView,
  type AdminView,
} from './admin-view';

const view = (change: Partial<AdminView> = {}): AdminView => ({ ...DEFAULT_VIEW, ...change });

describe('readAdminView', () => {
  it.each<[string, string, AdminView]>([
    ['an empty query', '', view()],
    [
      'every parameter',
      'tab=manage&q=owasp&tag=xss&sort=clicks&size=100&after=c2&after=c3&link=42&range=7d',
      view({
        tab: 'manage',
        q: 'owasp',
        tag: 'xss',
        sort: 'clicks',
        size: 100,
        after: ['c2', 'c3'],
        link: 42,
        range: '7d',
      }),
    ],
    ['an unknown tab, sort and range', 'tab=admin&sort=random&range=1y', view()],
    ['a page size the list does not offer', 'size=1000', view()],
    ['another page size the list does not offer', 'size=30', view()],
    ['a link id that is not a positive integer', 'link=-1', view()],
    ['a link id with letters', 'link=12abc', view()],
    ['a link id of zero', 'link=0', view()],
    ['empty cursors', 'after=&after=x', view({ after: ['x'] })],
    ['a search far too long', `q=${'a'.repeat(500)}`, view({ q: 'a'.repeat(200) })],
    ['All time', 'tab=analytics&range=all', view({ tab: 'analytics', range: 'all' })],
    ['my links', 'by=me', view({ createdBy: 'me' })],
    ['an unknown creator', 'by=someone', view()],
    ["one person's links", 'by=7', view({ createdBy: '7' })],
    ['a person id that is no id', 'by=07', view()],
    ['a folder and the archive', 'folder=12&archived=1', view({ folder: '12', archived: true })],
    ['links in no folder', 'folder=none', view({ folder: 'none' })],
    ['a folder that is no id', 'folder=1%3B--&archived=yes', view()],
  ])('reads %s', (_name, query, expected) => {
    expect(readAdminView(new URLSearchParams(query))).toEqual(expected);
  });
});

describe('writeAdminView', () => {
  it.each<[string, AdminView, string]>([
    ['the default view as no query', view(), ''],
    [
      'trimmed search, trail and range',
      view({ tab: 'manage', q: '  a b ', after: ['x', 'y'], range: '90d' }),
      'tab=manage&q=a+b&after=x&after=y&range=90d',
    ],
    ['a blank search as nothing', view({ q: '   ' }), ''],
    ['a page size other than the default', view({ size: 25 }), 'size=25'],
    ['the per-link view', view({ tab: 'manage', link: 7, range: 'all' }), 'tab=manage&link=7&range=all'],
    ['my links', view({ tab: 'manage', createdBy: 'me' }), 'tab=manage&by=me'],
    ["one person's links", view({ createdBy: '7' }), 'by=7'],
    ['a folder and the archive', view({ folder: '4', archived: true }), 'folder=4&archived=1'],
  ])('writes %s', (_name, value, expected) => {
    expect(writeAdminView(value).toString()).toBe(expected);
  });

  it('round-trips through the query', () => {
    const value = view({ tab: 'manage', q: 'ünï & co', tag: 'a,b', sort: 'title', after: ['e30=', 'x/y'], link: 3 });
    expect(readAdminView(new URLSearchParams(writeAdminView(value).toString()))).toEqual(value);
  });
});

describe('listQuery', () => {
  it.each<[string, AdminView, string]>([
    ['the first page', view(), 'limit=50&sort=newest'],
    [
      'search, tag and sort',
      view({ q: ' owasp ', tag: 'xss', sort: 'clicks' }),
      'limit=50&sort=clicks&q=owasp&tag=xss',
    ],
    ['a later page: the last cursor of the trail', view({ after: ['p2', 'p3'] }), 'limit=50&sort=newest&cursor=p3'],
    ['a page of 100', view({ size: 100 }), 'limit=100&sort=newest'],
    ['my links', view({ createdBy: 'me', tag: 'x' }), 'limit=50&sort=newest&tag=x&createdBy=me'],
    ["one person's links", view({ createdBy: '7' }), 'limit=50&sort=newest&createdBy=7'],
    [
      'a folder’s archived links',
      view({ folder: 'none', archived: true }),
      'limit=50&sort=newest&folder=none&archived=true',
    ],
  ])('asks for %s', (_name, value, expected) => {
    expect(listQuery(value)).toBe(expected);
  });
});

describe('helpers', () => {
  it('starts from the first page when a filter changes', () => {
    expect(withFilters(view({ after: ['x'], q: 'a' }), { sort: 'title' })).toEqual(view({ q: 'a', sort: 'title' }));
  });
  it.each([
    [view(), false],
    [view({ q: '  ' }), false],
    [view({ q: 'x' }), true],
    [view({ tag: 'x' }), true],
    [view({ createdBy: 'me' }), true],
    [view({ folder: '3' }), true],
    [view({ archived: true }), true],
  ])('isFiltered(%j) is %s', (value, expected) => expect(isFiltered(value)).toBe(expected));
  it.each([
    [[], 1],
    [['a'], 2],
    [['a', 'b', 'c'], 4],
  ])('page number of trail %j is %i', (after, expected) => expect(pageNumber({ after })).toBe(expected));
  it.each([
    [0, '0 links'],
    [1, '1 link'],
    [1234567, '1,234,567 links'],
  ])('labels %i as %s', (count, expected) => expect(linksLabel(count)).toBe(expected));
  it.each([
    [10000, '10,000+ links'],
    [1, '1+ links'],
  ])('labels a count the server capped at %i as %s', (count, expected) =>
    expect(linksLabel(count, true)).toBe(expected),
  );
});
