import { ZAdminLogin, type AdminLoginResponse } from '@toolvault/shared';
import { apiFetch } from '../../lib/api';
import { clearAdminToken, getAdminToken } from './admin-session';

/** Why a login failed: a wrong password, no answer at all, or another refusal (throttled) to show as it is. */
export type LoginFailure = 'invalid-password' | 'network' | 'refused';

export type LoginOutcome = { ok: true; token: string } | { ok: false; reason: LoginFailure; error: string };

/** Spec 001 §8: 'Invalid password' when the login returns no token. */
export const INVALID_PASSWORD = 'Invalid password';

export async function login(password: string, request: typeof apiFetch = apiFetch): Promise<LoginOutcome> {
  const parsed = ZAdminLogin.safeParse({ password });
  if (!parsed.success) return { ok: false, reason: 'refused', error: 'Password is required' };
  const result = await request<AdminLoginResponse>('/api/admin/login', { method: 'POST', body: parsed.data });
  if (result.ok && typeof result.data?.token === 'string' && result.data.token)
    return { ok: true, token: result.data.token };
  if (!result.ok && result.status === 0) return { ok: false, reason: 'network', error: result.error };
  if (!result.ok && result.status === 429) return { ok: false, reason: 'refused', error: result.error };
  return { ok: false, reason: 'invalid-password', error: INVALID_PASSWORD };
}

/**
 * Log out: the server ends the session, so the token is refused from then on even if a copy of it
 * survives somewhere; the token is forgotten here whatever the answer (offline, already expired).
 */
export async function logout(request: typeof apiFetch = apiFetch): Promise<void> {
  const token = getAdminToken();
  clearAdminToken();
  if (token) await request('/api/admin/logout', { method: 'POST', token });
}
