import { describe, expect, it } from 'vitest';
import type { ShortlinkBulkActionType } from '@toolvault/shared';
import { bulkConfirmation, guessColumnMapping } from './bulk-actions.service';

describe('bulkConfirmation', () => {
  it.each<[ShortlinkBulkActionType, number, string]>([
    ['delete', 37, 'Delete 37 links?'],
    ['delete', 1, 'Delete 1 link?'],
    ['archive', 1000, 'Archive 1,000 links?'],
    ['move', 2, 'Move 2 links?'],
    ['untag', 0, 'Untag 0 links?'],
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
