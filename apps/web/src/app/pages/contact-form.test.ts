import { describe, expect, it, vi } from 'vitest';
import {
  EMPTY_CONTACT,
  FALLBACK_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  SENDING_MIN_MS,
  SUCCESS_VISIBLE_MS,
  submitContact,
  validateContact,
  type ContactDeps,
  type ContactSubmitResult,
  type ContactValues,
} from './contact-form';
import { failureFrom, networkFailure, type ApiResult } from '../../lib/api';
import { err, ok } from '../../lib/result';

const VALID: ContactValues = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Bug in the hash generator',
  message: 'The SHA-512 output is truncated on Safari.',
};

/** What the server answered: the HTTP status and the parsed JSON body (or null). */
interface SendResponse {
  status: number;
  body: unknown;
}

/** The answer as apiFetch hands it on. */
const answered = ({ status, body }: SendResponse): ApiResult<unknown> =>
  status >= 200 && status < 300 ? ok(body) : err(failureFrom(status, body));

/** Fake transport and clock that record the order of events. */
function fakeDeps(send: () => Promise<SendResponse | ApiResult<unknown>>) {
  const events: string[] = [];
  const deps = {
    send: vi.fn(async () => {
      events.push('send');
      const response = await send();
      return 'ok' in response ? response : answered(response);
    }),
    wait: vi.fn(async (ms: number) => {
      events.push(`wait:${ms}`);
    }),
  } satisfies ContactDeps;
  return { deps, events };
}

describe('constants', () => {
  it('follow the designed timing: sending about 2 s, success shown 3 s', () => {
    expect(SENDING_MIN_MS).toBe(2000);
    expect(SUCCESS_VISIBLE_MS).toBe(3000);
  });
});

describe('validateContact', () => {
  it.each<[string, ContactValues, Partial<Record<keyof ContactValues, string>>, keyof ContactValues | null]>([
    ['valid input', VALID, {}, null],
    [
      'empty form',
      { ...EMPTY_CONTACT },
      {
        name: 'Name is required',
        email: 'Email is required',
        subject: 'Subject is required',
        message: 'Message is required',
      },
      'name',
    ],
    ['blank name (spaces only)', { ...VALID, name: '   ' }, { name: 'Name is required' }, 'name'],
    ['invalid email', { ...VALID, email: 'not-an-email' }, { email: 'Please enter a valid email address' }, 'email'],
    [
      'missing subject and message: first invalid is subject',
      { ...VALID, subject: '', message: '' },
      { subject: 'Subject is required', message: 'Message is required' },
      'subject',
    ],
    [
      'message too long',
      { ...VALID, message: 'x'.repeat(5001) },
      { message: 'Message must be at most 5000 characters' },
      'message',
    ],
  ])('%s', (_name, values, expectedErrors, firstInvalid) => {
    const result = validateContact(values);
    if (firstInvalid === null) {
      expect(result.ok).toBe(true);
    } else {
      expect(result).toEqual({ ok: false, error: { errors: expectedErrors, firstInvalid } });
    }
  });

  it('trims what it sends', () => {
    const result = validateContact({ ...VALID, name: '  Ada  ' });
    expect(result.ok && result.value.name).toBe('Ada');
  });
});

describe('submitContact', () => {
  it.each<[string, () => Promise<SendResponse | ApiResult<unknown>>, ContactSubmitResult]>([
    ['201 Created', async () => ({ status: 201, body: { id: 1 } }), { ok: true, value: null }],
    ['201 with an empty body', async () => ({ status: 201, body: null }), { ok: true, value: null }],
    [
      '400 returns the server error text',
      async () => ({ status: 400, body: { error: 'Please enter a valid email address', code: 'VALIDATION' } }),
      { ok: false, error: { kind: 'failed', message: 'Please enter a valid email address' } },
    ],
    [
      '429 returns the server error text',
      async () => ({
        status: 429,
        body: { error: 'Too many messages. Please try again later.', code: 'RATE_LIMITED' },
      }),
      { ok: false, error: { kind: 'failed', message: 'Too many messages. Please try again later.' } },
    ],
    [
      '500 with a non-JSON body falls back to a generic message',
      async () => ({ status: 500, body: null }),
      { ok: false, error: { kind: 'failed', message: FALLBACK_ERROR_MESSAGE } },
    ],
    [
      '502 with an empty error string falls back to a generic message',
      async () => ({ status: 502, body: { error: '' } }),
      { ok: false, error: { kind: 'failed', message: FALLBACK_ERROR_MESSAGE } },
    ],
    [
      '502 from a proxy, not our API, falls back to a generic message',
      async () => ({ status: 502, body: { error: 'Bad Gateway' } }),
      { ok: false, error: { kind: 'failed', message: FALLBACK_ERROR_MESSAGE } },
    ],
    [
      'no answer',
      async () => err(networkFailure()),
      { ok: false, error: { kind: 'failed', message: 'Network error. Please try again.' } },
    ],
    [
      'network failure',
      () => Promise.reject(new TypeError('Failed to fetch')),
      { ok: false, error: { kind: 'failed', message: 'Network error. Please try again.' } },
    ],
  ])('%s', async (_name, send, expected) => {
    const { deps, events } = fakeDeps(send);
    await expect(submitContact(VALID, deps)).resolves.toEqual(expected);
    expect(deps.send).toHaveBeenCalledTimes(1);
    expect(deps.send).toHaveBeenCalledWith(VALID);
    // The sending state is held for at least 2 s whatever the outcome.
    expect(deps.wait).toHaveBeenCalledExactlyOnceWith(2000);
    expect(events).toEqual(['send', 'wait:2000']);
  });

  it('network error message is the designed text', () => {
    expect(NETWORK_ERROR_MESSAGE).toBe('Network error. Please try again.');
  });

  it.each<[string, ContactValues]>([
    ['empty form', { ...EMPTY_CONTACT }],
    ['invalid email', { ...VALID, email: 'ada@' }],
    ['blank message', { ...VALID, message: ' \n ' }],
  ])('validation error (%s) makes no call and does not wait', async (_name, values) => {
    const { deps } = fakeDeps(async () => ({ status: 201, body: null }));
    const result = await submitContact(values, deps);
    expect(!result.ok && result.error.kind).toBe('invalid');
    expect(deps.send).not.toHaveBeenCalled();
    expect(deps.wait).not.toHaveBeenCalled();
  });

  it('runs the request and the timer in parallel: success is reported only after both finish', async () => {
    let releaseTimer: () => void = () => {};
    let settled = false;
    const deps: ContactDeps = {
      send: async () => ok(null),
      wait: () => new Promise<void>((resolve) => (releaseTimer = resolve)),
    };
    const pending = submitContact(VALID, deps).then((result) => {
      settled = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    releaseTimer();
    await expect(pending).resolves.toEqual({ ok: true, value: null });
  });
});
