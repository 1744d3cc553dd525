import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteServerDate } from '../../lib/server-clock';
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

describe("LinkStateBadge by the server's clock", () => {
  const deviceNow = Date.parse('2025-03-15T12:00:00.000Z');
  afterEach(() => {
    noteServerDate(new Date(deviceNow).toUTCString(), deviceNow + 500, deviceNow + 500);
    vi.useRealTimers();
  });

  // This device says 12:00; the server's last answer said otherwise, and the server decides.
  it.each([
    ['server an hour behind: not expired yet', -3_600_000, { validUntil: '2025-03-15T11:30:00.000Z' }, null],
    ['server an hour behind: still scheduled', -3_600_000, { validFrom: '2025-03-15T11:30:00.000Z' }, 'Scheduled'],
    ['server an hour ahead: already begun', 3_600_000, { validFrom: '2025-03-15T12:30:00.000Z' }, null],
    ['server an hour ahead: expired', 3_600_000, { validUntil: '2025-03-15T12:30:00.000Z' }, 'Expired'],
  ])('%s', (_case, serverAhead, rules, label) => {
    vi.useFakeTimers({ now: deviceNow, toFake: ['Date'] });
    noteServerDate(new Date(deviceNow + serverAhead).toUTCString(), deviceNow + 500, deviceNow + 500);
    const { container } = render(<LinkStateBadge link={link(1, rules)} />);
    if (label === null) expect(container).toBeEmptyDOMElement();
    else expect(container).toHaveTextContent(`Inactive: ${label}`);
  });
});
