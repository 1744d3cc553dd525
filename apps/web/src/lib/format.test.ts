import { afterEach, describe, expect, it } from 'vitest';
import { formatCount, formatDateTime, formatLongDate } from './format';

describe('formatCount', () => {
  // The answers Intl gives for en-US, which these replace without loading locale data.
  it.each([0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 1_234_567_890, Number.MAX_SAFE_INTEGER, -1, -1234, -999_999])(
    '%d as en-US groups it',
    (value) => {
      expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
    },
  );

  it('rounds to a whole number', () => {
    expect(formatCount(1234.4)).toBe('1,234');
    expect(formatCount(1234.5)).toBe('1,235');
    expect(formatCount(-0.2)).toBe('0');
  });
});

describe('formatLongDate', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it.each([
    ['2024-01-15T10:00:00.000Z', 'January 15, 2024'],
    ['2023-12-31T23:30:00.000Z', 'December 31, 2023'],
    ['2024-02-29T00:00:00.000Z', 'February 29, 2024'],
  ])('%s in UTC is %s', (iso, expected) => {
    expect(formatLongDate(new Date(iso), 'UTC')).toBe(expected);
  });

  it('gives the same day as Intl in the visitor’s time zone, on either side of midnight', () => {
    for (const tz of ['Asia/Tokyo', 'America/Los_Angeles', 'UTC']) {
      process.env.TZ = tz;
      for (const iso of ['2023-12-31T23:30:00.000Z', '2024-06-30T07:15:00.000Z', '2024-03-10T09:59:00.000Z']) {
        const date = new Date(iso);
        const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
        expect(formatLongDate(date)).toBe(intl);
      }
    }
    process.env.TZ = 'Asia/Tokyo';
    expect(formatLongDate(new Date('2023-12-31T23:30:00.000Z'))).toBe('January 1, 2024');
  });
});

describe('formatDateTime', () => {
  it.each([
    ['2024-01-15T00:00:00.000Z', 'January 15, 2024, 12:00 AM'],
    ['2024-01-15T09:05:00.000Z', 'January 15, 2024, 9:05 AM'],
    ['2024-01-15T12:30:59.000Z', 'January 15, 2024, 12:30 PM'],
    ['2023-12-31T23:59:00.000Z', 'December 31, 2023, 11:59 PM'],
  ])('%s in UTC is %s', (iso, expected) => {
    expect(formatDateTime(new Date(iso), 'UTC')).toBe(expected);
  });

  it('agrees with Intl in en-US', () => {
    const date = new Date('2024-07-04T17:45:00.000Z');
    const intl = date.toLocaleString('en-US', {
      timeZone: 'UTC',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    expect(formatDateTime(date, 'UTC')).toBe(intl.replace(' at ', ', ').replace(/\u202f/g, ' '));
  });
});
