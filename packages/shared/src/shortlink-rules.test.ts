import { describe, expect, it } from 'vitest';
import { inactiveStatus, linkState, RULE_MESSAGES, type LinkState, type LinkStateInput } from './shortlink-rules';
import { ZShortlinkImportRow, ZShortlinkInput, ZShortlinkListQuery, ZShortlinkUpdate } from './shortlinks.schemas';

const base = { title: 'Docs', targetUrl: 'https://example.com/docs' };

/** The first issue's message, or 'ok' with the parsed rule fields. */
function parsed(body: unknown) {
  const result = ZShortlinkInput.safeParse(body);
  if (!result.success) return result.error.issues[0]!.message;
  const { validFrom, validUntil, maxVisits, fallbackUrl, redirectStatus } = result.data;
  return { validFrom, validUntil, maxVisits, fallbackUrl, redirectStatus };
}

describe('rule fields of the create body', () => {
  const none = { validFrom: null, validUntil: null, maxVisits: null, fallbackUrl: null, redirectStatus: 302 };
  it.each<[string, Record<string, unknown>, unknown]>([
    ['absent: none and a 302', {}, none],
    ["'' and null: none", { validFrom: '', validUntil: null, fallbackUrl: '', maxVisits: null }, none],
    [
      'an offset is stored as UTC',
      { validFrom: '2025-03-01T10:00:00+02:00', validUntil: '2025-03-02T00:00:00Z' },
      { ...none, validFrom: '2025-03-01T08:00:00.000Z', validUntil: '2025-03-02T00:00:00.000Z' },
    ],
    ['a limit', { maxVisits: 100 }, { ...none, maxVisits: 100 }],
    [
      'a fallback is normalised like a target',
      { fallbackUrl: '  HTTPS://Example.COM/gone ' },
      { ...none, fallbackUrl: 'https://example.com/gone' },
    ],
    ...([301, 302, 307, 308] as const).map((status): [string, Record<string, unknown>, unknown] => [
      `status ${status}`,
      { redirectStatus: status },
      { ...none, redirectStatus: status },
    ]),
    [
      'validFrom equal to validUntil',
      { validFrom: '2025-01-01T00:00:00Z', validUntil: '2025-01-01T00:00:00Z' },
      RULE_MESSAGES.windowOrder,
    ],
    [
      'validFrom after validUntil',
      { validFrom: '2025-02-01T00:00:00Z', validUntil: '2025-01-01T00:00:00Z' },
      RULE_MESSAGES.windowOrder,
    ],
    [
      'the same instant in two zones',
      { validFrom: '2025-01-01T02:00:00+02:00', validUntil: '2025-01-01T00:00:00Z' },
      RULE_MESSAGES.windowOrder,
    ],
    ['a date without time', { validFrom: '2025-01-01' }, RULE_MESSAGES.invalidFrom],
    ['a time without zone', { validUntil: '2025-01-01T00:00:00' }, RULE_MESSAGES.invalidUntil],
    ['a number as date', { validFrom: 1735689600000 }, RULE_MESSAGES.invalidFrom],
    ['not a date', { validUntil: 'tomorrow' }, RULE_MESSAGES.invalidUntil],
    ['maxVisits 0', { maxVisits: 0 }, RULE_MESSAGES.maxVisits],
    ['maxVisits negative', { maxVisits: -5 }, RULE_MESSAGES.maxVisits],
    ['maxVisits fractional', { maxVisits: 1.5 }, RULE_MESSAGES.maxVisits],
    ['maxVisits as text', { maxVisits: '10' }, RULE_MESSAGES.maxVisits],
    ['maxVisits past 32 bits', { maxVisits: 2 ** 31 }, RULE_MESSAGES.maxVisits],
    ['fallback javascript:', { fallbackUrl: 'javascript:alert(1)' }, 'Only valid http(s) URLs are allowed.'],
    [
      'fallback with credentials',
      { fallbackUrl: 'https://bank.com@evil.example/' },
      'URLs with a user name or password are not allowed.',
    ],
    ['fallback not text', { fallbackUrl: 42 }, 'Fallback URL must be text'],
    [
      'fallback too long',
      { fallbackUrl: `https://example.com/${'a'.repeat(2100)}` },
      'Fallback URL must be at most 2048 characters',
    ],
    ['status 200', { redirectStatus: 200 }, RULE_MESSAGES.redirectStatus],
    ['status as text', { redirectStatus: '301' }, RULE_MESSAGES.redirectStatus],
  ])('%s', (_label, rules, expected) => {
    expect(parsed({ ...base, ...rules })).toEqual(expected);
  });

  it('reports the window order on validUntil, in the update and the import too', () => {
    const window = { validFrom: '2025-02-01T00:00:00Z', validUntil: '2025-01-01T00:00:00Z' };
    for (const schema of [ZShortlinkInput, ZShortlinkUpdate, ZShortlinkImportRow]) {
      const result = schema.safeParse({ ...base, ...window });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['validUntil', RULE_MESSAGES.windowOrder],
      ]);
    }
  });
});

describe('status filter of the list', () => {
  it.each([
    [{}, 'all'],
    [{ status: 'active' }, 'active'],
    [{ status: 'inactive' }, 'inactive'],
    [{ status: 'all' }, 'all'],
  ])('%o → %s', (query, status) => {
    expect(ZShortlinkListQuery.parse(query).status).toBe(status);
  });
  it.each([['expired'], [''], ['ACTIVE']])('refuses %j', (status) => {
    expect(ZShortlinkListQuery.safeParse({ status }).error?.issues[0]?.message).toBe(
      'status must be one of all, active, inactive',
    );
  });
});

describe('linkState', () => {
  const link = (rules: Partial<LinkStateInput>): LinkStateInput => ({
    validFrom: null,
    validUntil: null,
    maxVisits: null,
    clickCount: 0,
    ...rules,
  });
  const now = Date.parse('2025-06-01T12:00:00.000Z');
  it.each<[string, Partial<LinkStateInput>, LinkState]>([
    ['no rules', {}, 'active'],
    ['inside the window', { validFrom: '2025-06-01T00:00:00.000Z', validUntil: '2025-06-02T00:00:00.000Z' }, 'active'],
    ['at validFrom exactly', { validFrom: '2025-06-01T12:00:00.000Z' }, 'active'],
    ['a millisecond before validFrom', { validFrom: '2025-06-01T12:00:00.001Z' }, 'scheduled'],
    ['at validUntil exactly', { validUntil: '2025-06-01T12:00:00.000Z' }, 'expired'],
    ['a millisecond before validUntil', { validUntil: '2025-06-01T12:00:00.001Z' }, 'active'],
    ['one visit under the limit', { maxVisits: 100, clickCount: 99 }, 'active'],
    ['at the limit', { maxVisits: 100, clickCount: 100 }, 'limit-reached'],
    ['past the limit (lowered)', { maxVisits: 10, clickCount: 100 }, 'limit-reached'],
    ['expired and at the limit', { validUntil: '2025-01-01T00:00:00.000Z', maxVisits: 1, clickCount: 1 }, 'expired'],
    [
      'scheduled wins over the limit',
      { validFrom: '2026-01-01T00:00:00.000Z', maxVisits: 1, clickCount: 5 },
      'scheduled',
    ],
    ['a stored value that is no date is ignored', { validUntil: 'garbage' }, 'active'],
  ])('%s', (_label, rules, state) => {
    expect(linkState(link(rules), now)).toBe(state);
  });

  it.each([
    ['scheduled', 404],
    ['expired', 410],
    ['limit-reached', 410],
  ] as const)('%s answers %i', (reason, status) => {
    expect(inactiveStatus(reason)).toBe(status);
  });
});
