import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CodeTakenBadge, LinkStateBadge } from './LinkStateBadge';
import { link } from './manager-testing';

describe('CodeTakenBadge', () => {
  // Codes a page or the server now answers for (in any case), beside codes that stay links.
  it.each([
    ['team', true],
    ['Webhooks', true],
    ['hash-generator', true],
    ['api', true],
    ['teams', false],
    ['abc123', false],
  ])('%s: %s', (shortCode, taken) => {
    const { container } = render(<CodeTakenBadge shortCode={shortCode} />);
    if (taken) expect(screen.getByText('Code taken by a page')).toHaveTextContent('Unreachable: Code taken by a page');
    else expect(container).toBeEmptyDOMElement();
  });
});

describe('LinkStateBadge', () => {
  const now = Date.parse('2025-03-15T12:00:00.000Z');
  it.each([
    [{}, null],
    [{ validUntil: '2025-03-15T12:00:00.000Z' }, 'Inactive: Expired'],
    [{ validFrom: '2025-03-16T00:00:00.000Z' }, 'Inactive: Scheduled'],
    [{ maxVisits: 3, clickCount: 3 }, 'Inactive: Limit reached'],
  ])('%o: %s', (rules, text) => {
    const { container } = render(<LinkStateBadge link={link(1, rules)} now={now} />);
    if (text === null) expect(container).toBeEmptyDOMElement();
    else expect(container).toHaveTextContent(text);
  });
});
