import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { RULE_MESSAGES, withRuleDefaults, type Shortlink } from '@toolvault/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_RULES, fromLocalInput, ruleIssues, rulesBody, rulesFromLink, toLocalInput } from './link-rules.service';
import { LinkStateBadge } from './LinkStateBadge';

const link = (extra: Partial<Shortlink>): Shortlink => ({
  id: 1,
  shortCode: 'abc123',
  targetUrl: 'https://example.com/',
  title: 'A',
  description: '',
  metaImage: '',
  tags: [],
  clickCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  redirectMode: 'preview',
  hasPassword: false,
  ...withRuleDefaults({}),
  folderId: null,
  archived: false,
  createdBy: null,
  updatedBy: null,
  ...extra,
});

describe('rule form values', () => {
  it('round-trips an instant through the local input', () => {
    const iso = '2025-06-01T08:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('garbage')).toBe('');
    expect(fromLocalInput('')).toBeNull();
  });

  it('sends none for empty fields and numbers for digits', () => {
    expect(rulesBody(EMPTY_RULES)).toEqual({
      validFrom: null,
      validUntil: null,
      maxVisits: null,
      fallbackUrl: '',
      redirectStatus: 302,
    });
    expect(rulesBody({ ...EMPTY_RULES, maxVisits: ' 12 ', redirectStatus: '308' })).toMatchObject({
      maxVisits: 12,
      redirectStatus: 308,
    });
  });

  it.each([
    ['nothing set', {}, {}],
    ['a limit of 0', { maxVisits: '0' }, { maxVisits: RULE_MESSAGES.maxVisits }],
    ['a limit that is no number', { maxVisits: 'ten' }, { maxVisits: RULE_MESSAGES.maxVisits }],
    [
      'a fallback that is no address',
      { fallbackUrl: 'javascript:alert(1)' },
      { fallbackUrl: 'Only valid http(s) URLs are allowed.' },
    ],
    [
      'a window in the wrong order',
      { validFrom: '2025-06-02T10:00', validUntil: '2025-06-01T10:00' },
      { validUntil: RULE_MESSAGES.windowOrder },
    ],
  ])('%s', (_label, values, issues) => {
    expect(ruleIssues({ ...EMPTY_RULES, ...values })).toEqual(issues);
  });

  it('fills the form from a link', () => {
    const values = rulesFromLink(link({ maxVisits: 5, fallbackUrl: 'https://f.example/', redirectStatus: 301 }));
    expect(values).toMatchObject({ maxVisits: '5', fallbackUrl: 'https://f.example/', redirectStatus: '301' });
  });
});

describe('LinkStateBadge', () => {
  const now = Date.parse('2025-06-01T12:00:00.000Z');
  it.each([
    ['Expired', { validUntil: '2025-06-01T00:00:00.000Z' }],
    ['Scheduled', { validFrom: '2025-07-01T00:00:00.000Z' }],
    ['Limit reached', { maxVisits: 3, clickCount: 3 }],
  ])('shows %s', (label, extra) => {
    render(createElement(LinkStateBadge, { link: link(extra), now }));
    expect(screen.getByText(label)).toBeTruthy();
  });

  it('shows nothing for an active link', () => {
    const { container } = render(createElement(LinkStateBadge, { link: link({ maxVisits: 3, clickCount: 2 }), now }));
    expect(container.textContent).toBe('');
  });
});
