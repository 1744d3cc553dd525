import { describe, expect, it } from 'vitest';
import type { IpLookupResult } from '@toolvault/shared';
import {
  formatCoordinates,
  formatCountry,
  INVALID_INPUT,
  lookupPath,
  MISSING,
  reservedNote,
  resultRows,
  validateIpInput,
} from './ip-lookup.service';

const GOOGLE: IpLookupResult = {
  ip: '8.8.8.8',
  version: 4,
  reserved: null,
  country: 'United States',
  countryCode: 'US',
  region: null,
  city: null,
  isp: 'AS15169 Google LLC',
  organization: 'Google LLC',
  timezone: 'America/Chicago',
  coordinates: { lat: 37.751, lon: -97.822 },
};

describe('validateIpInput', () => {
  it.each([
    ['8.8.8.8', '8.8.8.8'],
    ['  1.1.1.1  ', '1.1.1.1'],
    ['2001:4860:4860::8888', '2001:4860:4860::8888'],
    ['::1', '::1'],
  ])('%j is valid', (input, ip) => {
    expect(validateIpInput(input)).toEqual({ ok: true, value: ip });
  });

  it.each([[''], ['   '], ['999.1.1.1'], ['abc'], ['1.2.3'], ['::gg'], ['example.com'], ['1'.repeat(100)]])(
    '%j is refused before any request',
    (input) => {
      expect(validateIpInput(input)).toEqual({ ok: false, error: INVALID_INPUT });
    },
  );

  it('explains what to type', () => {
    expect(INVALID_INPUT).toMatch(/^Invalid IP address\. Enter an IPv4 address such as 8\.8\.8\.8/);
  });
});

describe('lookupPath', () => {
  it.each([
    ['8.8.8.8', '/api/ip/8.8.8.8'],
    ['2001:db8::1', '/api/ip/2001%3Adb8%3A%3A1'],
  ])('%s → %s', (ip, path) => {
    expect(lookupPath(ip)).toBe(path);
  });
});

describe('formatCoordinates', () => {
  it.each([
    [{ lat: 37.751, lon: -97.822 }, '37.7510, -97.8220'],
    [{ lat: 51.40359878540039, lon: -0.7617999911308289 }, '51.4036, -0.7618'],
    [{ lat: 0, lon: 0 }, '0.0000, 0.0000'],
    [{ lat: -33.86789, lon: 151.20732 }, '-33.8679, 151.2073'],
    [{ lat: 90, lon: -180 }, '90.0000, -180.0000'],
    [null, MISSING],
    [{ lat: Number.NaN, lon: 1 }, MISSING],
  ])('%j → %s', (coordinates, text) => {
    expect(formatCoordinates(coordinates)).toBe(text);
  });
});

describe('formatCountry', () => {
  it.each([
    [{ country: 'United States', countryCode: 'US' }, 'United States (US)'],
    [{ country: null, countryCode: 'XK' }, 'XK'],
    [{ country: 'XK', countryCode: 'XK' }, 'XK'],
    [{ country: null, countryCode: null }, MISSING],
  ])('%j → %s', (result, text) => {
    expect(formatCountry(result)).toBe(text);
  });
});

describe('resultRows', () => {
  it('lists the eight fields in the designed order with — for what is missing', () => {
    expect(resultRows(GOOGLE)).toEqual([
      { label: 'IP Address', value: '8.8.8.8' },
      { label: 'Country', value: 'United States (US)' },
      { label: 'Region', value: MISSING },
      { label: 'City', value: MISSING },
      { label: 'ISP', value: 'AS15169 Google LLC' },
      { label: 'Organization', value: 'Google LLC' },
      { label: 'Timezone', value: 'America/Chicago' },
      { label: 'Coordinates', value: '37.7510, -97.8220' },
    ]);
  });

  it('shows — for every field of an address without data, and blank strings count as missing', () => {
    const rows = resultRows({
      ...GOOGLE,
      ip: '10.0.0.1',
      reserved: 'private',
      country: null,
      countryCode: null,
      isp: '  ',
      organization: null,
      timezone: null,
      coordinates: null,
    });
    expect(rows.map((row) => row.value)).toEqual([
      '10.0.0.1',
      MISSING,
      MISSING,
      MISSING,
      MISSING,
      MISSING,
      MISSING,
      MISSING,
    ]);
  });
});

describe('reservedNote', () => {
  it.each([
    [
      '127.0.0.1',
      'loopback',
      '127.0.0.1 is a loopback address (this device). It is not a public internet address, so it has no location.',
    ],
    [
      '10.0.0.1',
      'private',
      '10.0.0.1 is a private network address (RFC 1918). It is not a public internet address, so it has no location.',
    ],
    [
      '2001:db8::1',
      'documentation',
      '2001:db8::1 is a documentation example address (RFC 5737 / RFC 3849). It is not a public internet address, so it has no location.',
    ],
  ] as const)('%s (%s)', (ip, reserved, note) => {
    expect(reservedNote({ ip, reserved })).toBe(note);
  });

  it('says nothing for a public address', () => {
    expect(reservedNote(GOOGLE)).toBeNull();
  });
});
