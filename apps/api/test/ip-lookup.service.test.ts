import ipaddr from 'ipaddr.js';
import { describe, expect, it, vi } from 'vitest';
import { ZIpAddress } from '@toolvault/shared/schemas';
import { AsnTable, addressWords } from '../src/services/geo-asn';
import { offlineGeoService, type GeoRecord, type GeoService } from '../src/services/geo.service';
import { classifyAddress, countryName, createIpLookupService } from '../src/services/ip-lookup.service';

describe('ZIpAddress (shared by the page and the API)', () => {
  it.each([
    ['8.8.8.8', true],
    ['0.0.0.0', true],
    ['255.255.255.255', true],
    [' 8.8.8.8 ', true],
    ['::', true],
    ['::1', true],
    ['2001:DB8::1', true],
    ['::ffff:1.2.3.4', true],
    ['1:2:3:4:5:6:7:8', true],
    ['', false],
    ['999.1.1.1', false],
    ['1.2.3', false],
    ['01.2.3.4', false],
    ['1.2.3.4.5', false],
    ['abc', false],
    ['::gg', false],
    ['1::2::3', false],
    ['fe80::1%eth0', false],
    ['1'.repeat(46), false],
  ])('%j valid: %s', (input, valid) => {
    expect(ZIpAddress.safeParse(input).success).toBe(valid);
  });

  it('says "Invalid IP address"', () => {
    expect(ZIpAddress.safeParse('nope').error?.issues[0]?.message).toBe('Invalid IP address');
  });
});

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', { ip: '8.8.8.8', version: 4, reserved: null }],
    ['::FFFF:8.8.8.8', { ip: '8.8.8.8', version: 4, reserved: null }],
    ['2001:4860:4860:0000:0000:0000:0000:8888', { ip: '2001:4860:4860::8888', version: 6, reserved: null }],
    ['FE80::1', { ip: 'fe80::1', version: 6, reserved: 'linkLocal' }],
    ['3fff::1', { ip: '3fff::1', version: 6, reserved: 'documentation' }],
    ['2001::1', { ip: '2001::1', version: 6, reserved: 'reserved' }],
    ['4000::1', { ip: '4000::1', version: 6, reserved: 'reserved' }],
    ['fec0::1', { ip: 'fec0::1', version: 6, reserved: 'reserved' }],
    ['64:ff9b::808:808', { ip: '64:ff9b::808:808', version: 6, reserved: 'reserved' }],
    ['192.88.99.1', { ip: '192.88.99.1', version: 4, reserved: 'reserved' }],
    ['198.19.255.255', { ip: '198.19.255.255', version: 4, reserved: 'benchmarking' }],
    ['198.20.0.0', { ip: '198.20.0.0', version: 4, reserved: null }],
  ])('%s', (input, expected) => {
    expect(classifyAddress(input)).toEqual({ ok: true, value: expected });
  });

  it.each([[''], ['abc'], ['1.2.3.256']])('%j is invalid', (input) => {
    expect(classifyAddress(input)).toEqual({ ok: false, error: 'INVALID_IP' });
  });
});

describe('countryName', () => {
  it.each([
    ['US', 'United States'],
    ['GB', 'United Kingdom'],
    ['DE', 'Germany'],
    ['EU', 'European Union'],
    ['ZZ', 'ZZ'],
    ['not a code', 'not a code'],
  ])('%s → %s', (code, name) => {
    expect(countryName(code)).toBe(name);
  });
});

const RECORD: GeoRecord = {
  countryCode: 'GB',
  region: 'England',
  city: 'Bracknell',
  timezone: 'Europe/London',
  coordinates: { lat: 51.4036, lon: -0.7618 },
  asn: 20712,
  asOrganization: 'Andrews & Arnold Ltd',
};

function fakeGeo(record: GeoRecord): GeoService & { lookup: ReturnType<typeof vi.fn> } {
  return { lookup: vi.fn(async () => record), countryOf: vi.fn(async () => record.countryCode) };
}

describe('createIpLookupService', () => {
  it('maps a database record onto the response shape', async () => {
    const geo = fakeGeo(RECORD);
    const result = await createIpLookupService({ geo }).lookup('81.2.69.142');
    expect(geo.lookup).toHaveBeenCalledWith('81.2.69.142');
    expect(result).toEqual({
      ok: true,
      value: {
        ip: '81.2.69.142',
        version: 4,
        reserved: null,
        country: 'United Kingdom',
        countryCode: 'GB',
        region: 'England',
        city: 'Bracknell',
        isp: 'AS20712 Andrews & Arnold Ltd',
        organization: 'Andrews & Arnold Ltd',
        timezone: 'Europe/London',
        coordinates: { lat: 51.4036, lon: -0.7618 },
      },
    });
  });

  it.each([
    ['nothing known', { countryCode: null, asn: null, asOrganization: null }, { country: null, isp: null }],
    ['an AS without a name', { asn: 64500, asOrganization: null }, { isp: 'AS64500', organization: null }],
  ])('%s', async (_label, patch, expected) => {
    const result = await createIpLookupService({ geo: fakeGeo({ ...RECORD, ...patch }) }).lookup('81.2.69.142');
    expect(result.ok && result.value).toMatchObject(expected);
  });

  it('never asks the database about a special-purpose address', async () => {
    const geo = fakeGeo(RECORD);
    const result = await createIpLookupService({ geo }).lookup('192.168.1.1');
    expect(result).toMatchObject({ ok: true, value: { reserved: 'private', country: null, coordinates: null } });
    expect(geo.lookup).not.toHaveBeenCalled();
  });

  it('refuses an invalid address without asking the database', async () => {
    const geo = fakeGeo(RECORD);
    expect(await createIpLookupService({ geo }).lookup('999.1.1.1')).toEqual({ ok: false, error: 'INVALID_IP' });
    expect(geo.lookup).not.toHaveBeenCalled();
  });
});

describe('AsnTable', () => {
  const V4_CSV = [
    '1.0.0.0,1.0.0.255,13335,"Cloudflare, Inc."',
    '1.0.4.0,1.0.7.255,38803,Gtelecom Pty Ltd',
    '2.26.200.0,2.26.215.255,201907,"LLC ""SPUTNIK"""',
    'garbage line',
    '3.0.0.0,3.0.0.300,1,Bad End',
    '8.8.8.0,8.8.8.255,15169,Google LLC',
    '9.0.0.0,9.0.0.255,64500,',
    '255.255.255.0,255.255.255.255,4294967295,Last\r',
  ].join('\n');
  const v4 = AsnTable.fromCsv(Buffer.from(V4_CSV), 4);
  const words = (ip: string) => addressWords(ipaddr.parse(ip));

  it('keeps the valid rows only', () => {
    expect(v4.size).toBe(6);
  });

  it.each([
    ['1.0.0.0', { asn: 13335, organization: 'Cloudflare, Inc.' }],
    ['1.0.0.255', { asn: 13335, organization: 'Cloudflare, Inc.' }],
    ['1.0.5.9', { asn: 38803, organization: 'Gtelecom Pty Ltd' }],
    ['2.26.201.1', { asn: 201907, organization: 'LLC "SPUTNIK"' }],
    ['8.8.8.8', { asn: 15169, organization: 'Google LLC' }],
    ['9.0.0.1', { asn: 64500, organization: null }],
    ['255.255.255.255', { asn: 4294967295, organization: 'Last' }],
    ['0.255.255.255', null],
    ['1.0.1.0', null],
    ['3.0.0.1', null],
    ['200.0.0.1', null],
  ])('%s → %j', (ip, expected) => {
    expect(v4.find(words(ip))).toEqual(expected);
  });

  it('finds IPv6 ranges and never mixes families', () => {
    const v6 = AsnTable.fromCsv(
      Buffer.from(
        '2001:200::,2001:200:1b9:ffff:ffff:ffff:ffff:ffff,2500,WIDE Project\n' +
          '2001:4860::,2001:4860:4804:ffff:ffff:ffff:ffff:ffff,15169,Google LLC\n' +
          'not-an-address,2001::1,1,Nope\n',
      ),
      6,
    );
    expect(v6.size).toBe(2);
    expect(v6.find(words('2001:4860:4801::8888'))).toEqual({ asn: 15169, organization: 'Google LLC' });
    expect(v6.find(words('2001:200:1b9::1'))).toEqual({ asn: 2500, organization: 'WIDE Project' });
    expect(v6.find(words('2001:4860:4805::1'))).toBeNull();
    expect(v6.find(words('8.8.8.8'))).toBeNull();
    expect(AsnTable.fromCsv(Buffer.from(''), 6).find(words('2001:4860::1'))).toBeNull();
  });
});

describe('offline geo service (the real databases)', () => {
  const geo = offlineGeoService();

  it.each([
    ['8.8.8.8', 'US'],
    ['::ffff:8.8.8.8', 'US'],
    ['2001:4860:4860::8888', 'US'],
    ['81.2.69.142', 'GB'],
    ['10.0.0.1', null],
    ['::1', null],
    ['not an address', null],
    ['', null],
  ])('countryOf(%j) → %s', async (ip, country) => {
    expect(await geo.countryOf(ip)).toBe(country);
  });

  it('is one reader per process', () => {
    expect(offlineGeoService()).toBe(geo);
  });
});
