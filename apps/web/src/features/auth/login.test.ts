import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../lib/api';
import { clearAdminToken, getAdminToken, setAdminToken } from './admin-session';
import { INVALID_PASSWORD, login, logout } from './login';

const answer = (result: ApiResult<unknown>) => vi.fn(async () => result) as never;

describe('login', () => {
  it.each([
    ['token returned', { ok: true, value: { token: 'abc' } }, { ok: true, value: 'abc' }],
    [
      '200 without token',
      { ok: true, value: {} },
      { ok: false, error: { reason: 'invalid-password', message: INVALID_PASSWORD } },
    ],
    [
      '401',
      { ok: false, error: { status: 401, message: 'Invalid admin password', code: 'INVALID_CREDENTIALS' } },
      { ok: false, error: { reason: 'invalid-password', message: INVALID_PASSWORD } },
    ],
    [
      '429 keeps the server text',
      {
        ok: false,
        error: { status: 429, message: 'Too many login attempts. Try again later.', code: 'LOGIN_THROTTLED' },
      },
      { ok: false, error: { reason: 'refused', message: 'Too many login attempts. Try again later.' } },
    ],
    [
      'network failure',
      { ok: false, error: { status: 0, message: 'Network error. Please try again.' } },
      { ok: false, error: { reason: 'network', message: 'Network error. Please try again.' } },
    ],
  ] as const)('%s', async (_name, result, expected) => {
    expect(await login({ password: 'secret' }, answer(result as ApiResult<unknown>))).toEqual(expected);
  });

  it('makes no call for an empty password', async () => {
    const request = vi.fn();
    expect(await login({ password: '' }, request as never)).toEqual({
      ok: false,
      error: { reason: 'refused', message: 'Password is required' },
    });
    expect(request).not.toHaveBeenCalled();
  });
});

describe('login with an account', () => {
  it.each([
    ['a login name, trimmed', ' Ada ', { login: 'Ada', password: 'secret' }],
    ['an email', 'ada@example.com', { login: 'ada@example.com', password: 'secret' }],
    ['a blank account: the Owner', '   ', { password: 'secret' }],
  ])('sends %s', async (_name, account, body) => {
    const request = vi.fn(async () => ({ ok: true, value: { token: 'abc' } }));
    expect(await login({ account, password: 'secret' }, request as never)).toEqual({ ok: true, value: 'abc' });
    expect(request).toHaveBeenCalledWith('/api/admin/login', { method: 'POST', body });
  });

  it('answers the same failure whether the account exists or not', async () => {
    const refused = {
      ok: false,
      error: { status: 401, message: 'Invalid admin password', code: 'INVALID_CREDENTIALS' },
    };
    expect(await login({ account: 'nobody', password: 'secret' }, answer(refused as ApiResult<unknown>))).toEqual({
      ok: false,
      error: { reason: 'invalid-password', message: INVALID_PASSWORD },
    });
  });

  it('makes no call for an account name that is too long', async () => {
    const request = vi.fn();
    expect(await login({ account: 'x'.repeat(255), password: 'secret' }, request as never)).toEqual({
      ok: false,
      error: { reason: 'refused', message: 'Account is too long' },
    });
    expect(request).not.toHaveBeenCalled();
  });
});

describe('logout', () => {
  it('ends the session on the server with the stored token and forgets the token', async () => {
    setAdminToken('abc');
    const request = vi.fn(async () => ({ ok: true, value: null }));
    await logout(request as never);
    expect(request).toHaveBeenCalledWith('/api/admin/logout', { method: 'POST', token: 'abc' });
    expect(getAdminToken()).toBeNull();
  });

  it('forgets the token even when the server cannot be reached or refuses it', async () => {
    for (const answer of [
      { ok: false, error: { status: 0, message: 'Network error. Please try again.' } },
      { ok: false, error: { status: 401, message: 'Unauthorized' } },
    ]) {
      setAdminToken('abc');
      await logout(vi.fn(async () => answer) as never);
      expect(getAdminToken()).toBeNull();
    }
  });

  it('makes no call without a token', async () => {
    clearAdminToken();
    const request = vi.fn();
    await logout(request as never);
    expect(request).not.toHaveBeenCalled();
  });
});
