import type { AuditEvent } from '@toolvault/shared';
import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  actorText,
  auditFileName,
  auditQuery,
  filterProblems,
  filtersFromParams,
  NO_FILTERS,
  paramsFromFilters,
  targetText,
} from './audit.service';

const event = (extra: Partial<AuditEvent> = {}): AuditEvent => ({
  id: 1,
  at: '2025-03-15T12:00:00.000Z',
  actor: { id: 1, label: 'owner' },
  action: 'link.updated',
  targetType: 'link',
  targetId: '42',
  fields: ['title'],
  ip: '192.0.2.1',
  ...extra,
});

describe('filtersFromParams', () => {
  it.each([
    ['', NO_FILTERS],
    [
      'actor=3&type=link&from=2025-03-01&to=2025-03-15',
      { actor: '3', type: 'link', from: '2025-03-01', to: '2025-03-15' },
    ],
    ['actor=0&type=links&from=2025-02-30&to=yesterday', NO_FILTERS],
    ['actor=-1&type=', NO_FILTERS],
    ['actor=12345678901', NO_FILTERS],
  ])('reads %j', (query, expected) => {
    expect(filtersFromParams(new URLSearchParams(query))).toEqual(expected);
  });

  it('writes only the filters that are set, and reads them back', () => {
    const filters = { ...NO_FILTERS, actor: '7', from: '2025-01-31' };
    const params = paramsFromFilters(filters);
    expect(params.toString()).toBe('actor=7&from=2025-01-31');
    expect(filtersFromParams(params)).toEqual(filters);
  });
});

describe('filterProblems', () => {
  it.each([
    ['no filters', NO_FILTERS, {}],
    ['a person id', { ...NO_FILTERS, actor: ' 12 ' }, {}],
    ['a person id that is not one', { ...NO_FILTERS, actor: 'ada' }, { actor: 'A person id is a whole number from 1' }],
    ['person 0', { ...NO_FILTERS, actor: '0' }, { actor: 'A person id is a whole number from 1' }],
    ['one day', { ...NO_FILTERS, from: '2025-03-15', to: '2025-03-15' }, {}],
    [
      'an end before the start',
      { ...NO_FILTERS, from: '2025-03-16', to: '2025-03-15' },
      { to: 'The end date must not be before the start date' },
    ],
    ['a day not in the calendar', { ...NO_FILTERS, from: '2025-02-30' }, { from: 'Enter a date' }],
    ['text for a date', { ...NO_FILTERS, to: 'soon' }, { to: 'Enter a date' }],
  ])('%s', (_label, filters, expected) => {
    expect(filterProblems(filters)).toEqual(expected);
  });
});

describe('auditQuery', () => {
  it("sends the viewer's days as the UTC times they start and end", () => {
    const query = auditQuery({ actor: ' 3 ', type: 'post', from: '2025-03-01', to: '2025-03-15' });
    expect(query).toEqual({
      actor: '3',
      type: 'post',
      from: new Date(2025, 2, 1).toISOString(),
      to: new Date(2025, 2, 15, 23, 59, 59, 999).toISOString(),
    });
  });

  it('leaves out what is not set', () => {
    expect(auditQuery(NO_FILTERS)).toEqual({ actor: '', type: '', from: '', to: '' });
  });
});

describe('how an event reads', () => {
  it.each([
    ['link.updated', 'Link updated'],
    ['links.imported', 'Links imported'],
    ['ownership.transferred', 'Ownership transferred'],
    ['login_failed', 'Login failed'],
    ['', ''],
  ])('%j is %j', (action, label) => {
    expect(actionLabel(action)).toBe(label);
  });

  it('names the key that acted', () => {
    expect(actorText(event())).toBe('owner');
    expect(actorText(event({ actor: { id: 1, label: 'owner (key tv_abc123…)', keyPrefix: 'tv_abc123' } }))).toBe(
      'owner (key tv_abc123…)',
    );
    expect(actorText(event({ actor: { id: 1, label: 'owner', keyPrefix: 'tv_abc123' } }))).toBe(
      'owner (key tv_abc123…)',
    );
  });

  it('shows the target with its id, when it has one', () => {
    expect(targetText(event())).toBe('link 42');
    expect(targetText(event({ targetType: 'session', targetId: '' }))).toBe('session');
  });

  it('dates the export by the local day', () => {
    expect(auditFileName(new Date(2025, 0, 5, 23, 30))).toBe('audit-log-2025-01-05.csv');
  });
});
