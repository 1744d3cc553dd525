// The guest's side of the manager service: the one-link-a-minute limit, the link and time the
// browser keeps, and the guest form's checks.
import { SHORTLINK_MESSAGES, type Shortlink } from '@toolvault/shared';
import { describe, expect, it } from 'vitest';
import {
  checkGuestLimit,
  classifyGuestError,
  parseStoredGuestLink,
  parseStoredTimestamp,
  rateLimitDetail,
  validateGuestForm,
} from './shortlink-manager.service';
import { link } from './service-testing';

describe('checkGuestLimit', () => {
  const T = 1_700_000_000_000;
  it.each<[string, number | null, number, ReturnType<typeof checkGuestLimit>]>([
    ['never created', null, T, { allowed: true }],
    ['just created', T, T, { allowed: false, remainingSeconds: 60 }],
    ['after 1 ms', T, T + 1, { allowed: false, remainingSeconds: 60 }],
    ['after 59.001 s', T, T + 59_001, { allowed: false, remainingSeconds: 1 }],
    ['after 45 s', T, T + 45_000, { allowed: false, remainingSeconds: 15 }],
    ['exactly 60 s later', T, T + 60_000, { allowed: true }],
    ['much later', T, T + 3_600_000, { allowed: true }],
    ['timestamp slightly in the future blocks a full minute', T + 5_000, T, { allowed: false, remainingSeconds: 60 }],
    ['timestamp far in the future (clock moved) does not block forever', T + 3_600_000, T, { allowed: true }],
    ['NaN timestamp', Number.NaN, T, { allowed: true }],
  ])('%s', (_name, last, now, expected) => {
    expect(checkGuestLimit(last, now)).toEqual(expected);
  });
});

describe('stored guest values', () => {
  it.each<[string | null, number | null]>([
    [null, null],
    ['', null],
    ['  ', null],
    ['1700000000000', 1_700_000_000_000],
    ['abc', null],
    ['-5', null],
    ['Infinity', null],
  ])('timestamp %j → %j', (text, expected) => {
    expect(parseStoredTimestamp(text)).toBe(expected);
  });

  const stored = link(9, 0, '2024-05-01T00:00:00Z');
  it.each<[string, string | null, Shortlink | null]>([
    ['absent', null, null],
    ['empty', '', null],
    ['not JSON', '{oops', null],
    ['JSON null', 'null', null],
    ['an array', '[]', null],
    ['missing shortCode', JSON.stringify({ targetUrl: 'https://a.example', title: 't' }), null],
    ['a shortlink', JSON.stringify(stored), stored],
  ])('guest link: %s', (_name, text, expected) => {
    expect(parseStoredGuestLink(text)).toEqual(expected);
  });

  it.each<[number | null, string]>([
    [null, 'You can only create one shortlink per minute as a guest.'],
    [0, 'You can only create one shortlink per minute as a guest.'],
    [1, 'You can only create one shortlink per minute as a guest. Try again in 1 second.'],
    [42, 'You can only create one shortlink per minute as a guest. Try again in 42 seconds.'],
  ])('rate limit detail for %j', (seconds, expected) => {
    expect(rateLimitDetail(seconds)).toBe(expected);
  });
});

describe('validateGuestForm', () => {
  it.each<[string, { title: string; targetUrl: string; metaImage: string }, ReturnType<typeof validateGuestForm>]>([
    [
      'empty',
      { title: '', targetUrl: '', metaImage: '' },
      { ok: false, error: { kind: 'required', message: SHORTLINK_MESSAGES.required } },
    ],
    [
      'title only',
      { title: 'x', targetUrl: ' ', metaImage: '' },
      { ok: false, error: { kind: 'required', message: SHORTLINK_MESSAGES.required } },
    ],
    [
      'mixed-case javascript:',
      { title: 'x', targetUrl: 'JaVaScRiPt:alert(1)', metaImage: '' },
      { ok: false, error: { kind: 'invalid-url', message: SHORTLINK_MESSAGES.invalidUrl } },
    ],
    [
      'protocol-relative',
      { title: 'x', targetUrl: '//evil.example', metaImage: '' },
      { ok: false, error: { kind: 'invalid-url', message: SHORTLINK_MESSAGES.invalidUrl } },
    ],
    [
      'valid',
      { title: ' x ', targetUrl: 'http://a.example/p?q=1', metaImage: '' },
      { ok: true, value: { title: 'x', targetUrl: 'http://a.example/p?q=1', metaImage: '' } },
    ],
  ])('%s', (_name, values, expected) => {
    expect(validateGuestForm(values)).toEqual(expected);
  });

  it.each<[string, string]>([
    [SHORTLINK_MESSAGES.required, 'required'],
    [SHORTLINK_MESSAGES.invalidUrl, 'invalid-url'],
    [SHORTLINK_MESSAGES.selfLink, 'other'],
    ['', 'other'],
  ])('validation message %j is a %s problem', (message, kind) => {
    expect(classifyGuestError(message)).toEqual({ kind, message });
  });
});
