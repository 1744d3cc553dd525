import { API_KEY_SCOPES } from '@toolvault/shared';
import { describe, expect, it } from 'vitest';
import {
  dayOf,
  deviceName,
  displayAddress,
  EMPTY_KEY_FORM,
  keyRequestFrom,
  passwordChangeFrom,
  PASSWORDS_DIFFER,
  type KeyForm,
} from './account.service';

describe('deviceName', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
      'Chrome on iPad',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on ChromeOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
      'Opera on Windows',
    ],
    ['curl/8.5.0', 'curl'],
    ['Mozilla/5.0 (X11; Linux x86_64) SomethingNew/1.0', 'A browser on Linux'],
    ['', 'Unknown device'],
    ['<script>alert(1)</script>', 'Unknown device'],
  ])('%s → %s', (userAgent, expected) => {
    expect(deviceName(userAgent)).toBe(expected);
  });
});

describe('displayAddress', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::FFFF:10.0.0.1', '10.0.0.1'],
    ['2001:db8::1', '2001:db8::1'],
    ['::ffff:abcd', '::ffff:abcd'],
    ['', 'Unknown address'],
  ])('%s → %s', (ip, expected) => {
    expect(displayAddress(ip)).toBe(expected);
  });
});

describe('passwordChangeFrom', () => {
  const good = 'correct horse battery';
  it.each([
    [
      'all empty',
      { current: '', next: '', confirm: '' },
      { current: 'Current password is required', next: 'New password is required' },
    ],
    [
      '11 characters',
      { current: 'x', next: '12345678901', confirm: '12345678901' },
      { next: 'Password must be at least 12 characters' },
    ],
    [
      '1025 characters',
      { current: 'x', next: 'x'.repeat(1025), confirm: 'x'.repeat(1025) },
      { next: 'Password must be at most 1024 characters' },
    ],
    ['a confirmation that differs', { current: 'x', next: good, confirm: `${good} ` }, { confirm: PASSWORDS_DIFFER }],
    ['no current password', { current: '', next: good, confirm: good }, { current: 'Current password is required' }],
  ])('refuses %s', (_label, form, problems) => {
    expect(passwordChangeFrom(form)).toEqual({ ok: false, error: problems });
  });

  it('sends the passwords as typed, spaces and all', () => {
    expect(passwordChangeFrom({ current: ' old one ', next: ` ${good} `, confirm: ` ${good} ` })).toEqual({
      ok: true,
      value: { currentPassword: ' old one ', newPassword: ` ${good} ` },
    });
  });

  it('takes exactly 12 characters', () => {
    expect(passwordChangeFrom({ current: 'x', next: '123456789012', confirm: '123456789012' }).ok).toBe(true);
  });
});

describe('keyRequestFrom', () => {
  const now = new Date(2030, 5, 15, 14, 30);
  const form = (patch: Partial<KeyForm>): KeyForm => ({
    ...EMPTY_KEY_FORM,
    name: 'CI',
    scopes: ['links:read'],
    ...patch,
  });

  it('sends the name trimmed, the scopes in catalogue order, the default rate limit and no expiry', () => {
    expect(keyRequestFrom(form({ name: ' CI ', scopes: ['blog:read', 'links:read'] }), API_KEY_SCOPES, now)).toEqual({
      ok: true,
      value: { name: 'CI', scopes: ['links:read', 'blog:read'], rateLimit: 60 },
    });
  });

  it('makes a key chosen to expire on a day work through that whole day, in local time', () => {
    const request = keyRequestFrom(form({ expiresOn: '2030-06-15' }), API_KEY_SCOPES, now);
    expect(request).toEqual({
      ok: true,
      value: expect.objectContaining({ expiresAt: new Date(2030, 5, 16).toISOString() }) as unknown,
    });
  });

  it.each<[string, Partial<KeyForm>, Record<string, string>]>([
    ['a blank name', { name: '   ' }, { name: 'Name is required' }],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, { name: 'Name must be at most 100 characters' }],
    ['no scope', { scopes: [] }, { scopes: 'Choose at least one scope' }],
    ['only a scope the role lacks', { scopes: ['inbox:read'] }, { scopes: 'Choose at least one scope' }],
    ['a rate limit of 0', { rateLimit: '0' }, { rateLimit: 'Enter a whole number from 1 to 10000' }],
    ['a rate limit of 10001', { rateLimit: '10001' }, { rateLimit: 'Enter a whole number from 1 to 10000' }],
    ['a fractional rate limit', { rateLimit: '2.5' }, { rateLimit: 'Enter a whole number from 1 to 10000' }],
    ['an empty rate limit', { rateLimit: '' }, { rateLimit: 'Enter a whole number from 1 to 10000' }],
    ['yesterday', { expiresOn: '2030-06-14' }, { expiresOn: 'Choose a day from today on' }],
    ['no date at all', { expiresOn: 'soon' }, { expiresOn: 'Choose a day from today on' }],
  ])('refuses %s', (_label, patch, problems) => {
    expect(keyRequestFrom(form(patch), ['links:read', 'blog:read'], now)).toEqual({ ok: false, error: problems });
  });
});

describe('dayOf', () => {
  it('writes the local day as a date field does', () => {
    expect(dayOf(new Date(2030, 0, 5, 23, 59))).toBe('2030-01-05');
  });
});
