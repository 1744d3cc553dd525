import { describe, expect, it } from 'vitest';
import type { ShortlinkBulkActionType } from '@toolvault/shared';
import { DEFAULT_VIEW } from './admin-view';
import {
  bulkAction,
  bulkBody,
  bulkConfirmation,
  bulkDoneMessage,
  EMPTY_BULK_FORM,
  guessColumnMapping,
  NO_SELECTION,
  pageState,
  selectedCount,
  toggleLink,
  togglePage,
  type BulkSelection,
} from './bulk-actions.service';

describe('bulkConfirmation', () => {
  it.each<[ShortlinkBulkActionType, number, string]>([
    ['delete', 37, 'Delete 37 links?'],
    ['delete', 1, 'Delete 1 link?'],
    ['archive', 1000, 'Archive 1,000 links?'],
    ['move', 2, 'Move 2 links?'],
    ['untag', 0, 'Untag 0 links?'],
    ['setExpiry', 12, 'Set the expiry of 12 links?'],
  ])('%s of %i: %s', (action, count, text) => {
    expect(bulkConfirmation(action, count)).toBe(text);
  });
});

describe('guessColumnMapping', () => {
  it.each<[string[], (string | null)[]]>([
    [[], []],
    [
      ['title', 'targetUrl', 'tags'],
      ['title', 'targetUrl', 'tags'],
    ],
    [
      ['Name', 'URL', 'Short Code', 'Labels'],
      ['title', 'targetUrl', 'shortCode', 'tags'],
    ],
    [
      ['target_url', 'TITLE', 'unknown'],
      ['targetUrl', 'title', null],
    ],
    // The exact name wins over an alias, and a field goes to one column only.
    [
      ['url', 'targetUrl', 'link'],
      [null, 'targetUrl', null],
    ],
    [
      ['clicks', 'Created At', 'folder'],
      ['clickCount', 'createdAt', 'folderId'],
    ],
  ])('%j → %j', (headers, fields) => {
    expect(guessColumnMapping(headers)).toEqual(fields);
  });
});

describe('selection', () => {
  const ids = (selection: BulkSelection) => (selection.kind === 'ids' ? [...selection.ids].sort() : selection.kind);

  it('ticks and unticks links and pages, keeping other pages’ links', () => {
    const one = toggleLink(NO_SELECTION, 7, [1, 2]);
    expect(ids(one)).toEqual([7]);
    expect(pageState(one, [1, 2])).toBe('none');
    const page = togglePage(one, [1, 2]);
    expect(ids(page)).toEqual([1, 2, 7]);
    expect(pageState(page, [1, 2])).toBe('all');
    expect(pageState(toggleLink(page, 2, [1, 2]), [1, 2])).toBe('some');
    expect(ids(togglePage(page, [1, 2]))).toEqual([7]);
    expect(selectedCount(togglePage(NO_SELECTION, []))).toBe(0);
  });

  it('leaves "all matching" for ids when one link is unticked', () => {
    const all: BulkSelection = { kind: 'matching', count: 40 };
    expect(selectedCount(all)).toBe(40);
    expect(pageState(all, [1, 2, 3])).toBe('all');
    expect(ids(toggleLink(all, 2, [1, 2, 3]))).toEqual([1, 3]);
    expect(togglePage(all, [1, 2, 3])).toEqual(NO_SELECTION);
  });

  it('sends ids in order, or the view’s filters for all matching', () => {
    const view = { ...DEFAULT_VIEW, q: ' go ', tag: 't', createdBy: 'me' as const, folder: 'none', archived: true };
    expect(bulkBody(toggleLink(toggleLink(NO_SELECTION, 9, []), 3, []), view, { type: 'archive' })).toEqual({
      ids: [3, 9],
      action: { type: 'archive' },
    });
    expect(bulkBody({ kind: 'matching', count: 2 }, view, { type: 'delete' })).toEqual({
      filter: { q: 'go', tag: 't', createdBy: 'me', folder: 'none', archived: 'true' },
      action: { type: 'delete' },
    });
    expect(bulkBody({ kind: 'matching', count: 2 }, DEFAULT_VIEW, { type: 'delete' })).toEqual({
      filter: {},
      action: { type: 'delete' },
    });
  });
});

describe('bulkAction', () => {
  it.each<[Parameters<typeof bulkAction>[0], Partial<typeof EMPTY_BULK_FORM>, unknown]>([
    ['tag', { tag: ' a ' }, { ok: true, value: { type: 'tag', tags: ['a'] } }],
    ['untag', { tag: '' }, { ok: false, error: 'Enter a tag' }],
    ['tag', { tag: 'x'.repeat(51) }, { ok: false, error: 'A tag is at most 50 characters' }],
    ['move', { folder: '' }, { ok: true, value: { type: 'move', folderId: null } }],
    ['move', { folder: '12' }, { ok: true, value: { type: 'move', folderId: 12 } }],
    ['setExpiry', { noExpiry: true, until: 'junk' }, { ok: true, value: { type: 'setExpiry', validUntil: null } }],
    ['setExpiry', { until: '' }, { ok: false, error: 'Choose the date and time the links expire' }],
    ['setExpiry', { until: 'junk' }, { ok: false, error: 'Enter a valid date and time' }],
    ['delete', {}, { ok: true, value: { type: 'delete' } }],
  ])('%s of %j', (type, values, expected) => {
    expect(bulkAction(type, { ...EMPTY_BULK_FORM, ...values })).toEqual(expected);
  });
});

describe('bulkDoneMessage', () => {
  it.each<[Parameters<typeof bulkDoneMessage>[0], number, number, string]>([
    ['delete', 3, 3, '3 links deleted'],
    ['tag', 1, 4, '1 link tagged (3 unchanged)'],
    ['setExpiry', 0, 0, 'Expiry set on 0 links'],
  ])('%s %i of %i: %s', (action, changed, matched, text) => {
    expect(bulkDoneMessage(action, { changed, matched })).toBe(text);
  });
});
