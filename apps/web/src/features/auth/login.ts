import { ZAdminLogin, type AdminLoginResponse } from '@toolvault/shared';
import { apiFetch } from '../../lib/api';
import { err, ok, type Result } from '../../lib/result';
import { clearAdminToken, getAdminToken } from './admin-session';

/** The session token, or the message the login card shows. */
export type LoginOutcome = Result<string>;

/** Spec 001 §8: 'Invalid password' when the login returns no token. */
export const INVALID_PASSWORD = 'Invalid password';

export async function login(password: string, request: typeof apiFetch = apiFetch): Promise<LoginOutcome> {
  const parsed = ZAdminLogin.safeParse({ password });
  if (!parsed.success) return err('Password is required');
  const result = await request<AdminLoginResponse>('/api/admin/login', { method: 'POST', body: parsed.data });
  if (result.ok && typeof result.value?.token === 'string' && result.value.token) return ok(result.value.token);
  if (!result.ok && (result.error.status === 0 || result.error.status === 429)) return err(result.error.message);
  return err(INVALID_PASSWORD);
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
