import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../lib/api';
import { INVALID_PASSWORD, login } from './login';

const answer = (result: ApiResult<unknown>) => vi.fn(async () => result) as never;

describe('login', () => {
  it.each([
    ['token returned', { ok: true, status: 200, data: { token: 'abc' } }, { ok: true, token: 'abc' }],
    ['200 without token', { ok: true, status: 200, data: {} }, { ok: false, error: INVALID_PASSWORD }],
    ['401', { ok: false, status: 401, error: 'Invalid admin password' }, { ok: false, error: INVALID_PASSWORD }],
    [
      '429 keeps the server text',
      { ok: false, status: 429, error: 'Too many login attempts. Try again later.' },
      { ok: false, error: 'Too many login attempts. Try again later.' },
    ],
    [
      'network failure',
      { ok: false, status: 0, error: 'Network error. Please try again.' },
      { ok: false, error: 'Network error. Please try again.' },
    ],
  ] as const)('%s', async (_name, result, expected) => {
    expect(await login('secret', answer(result as ApiResult<unknown>))).toEqual(expected);
  });

  it('makes no call for an empty password', async () => {
    const request = vi.fn();
    expect(await login('', request as never)).toEqual({ ok: false, error: 'Password is required' });
    expect(request).not.toHaveBeenCalled();
  });
});
