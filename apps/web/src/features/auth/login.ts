import { ENDPOINTS } from '@toolvault/shared';
import { ZAdminLogin } from '@toolvault/shared/schemas';
import { apiFetch, callApi } from '../../lib/api';
import { err, ok, type Result } from '../../lib/result';
import { clearAdminToken, getAdminToken } from './admin-session';

/** Why a login failed: a wrong password, no answer at all, or another refusal (throttled) to show as it is. */
export type LoginFailure = 'invalid-password' | 'network' | 'refused';

/** The session token, or why not with the message the login card shows. */
export type LoginOutcome = Result<string, { reason: LoginFailure; message: string }>;

/** 'Invalid password' when the login returns no token. */
export const INVALID_PASSWORD = 'Invalid password';

/**
 * Signs in with `password`, as the person named by `account` (a login name or email), or as the
 * Owner when `account` is blank: the password-only login of a site with one administrator.
 */
export async function login(
  { account = '', password }: { account?: string; password: string },
  request: typeof apiFetch = apiFetch,
): Promise<LoginOutcome> {
  const name = account.trim();
  const parsed = ZAdminLogin.safeParse(name === '' ? { password } : { login: name, password });
  if (!parsed.success)
    return err({ reason: 'refused', message: parsed.error.issues[0]?.message ?? 'Password is required' });
  const result = await callApi(ENDPOINTS.adminLogin, { body: parsed.data }, request);
  if (result.ok && typeof result.value?.token === 'string' && result.value.token) return ok(result.value.token);
  if (!result.ok && result.error.status === 0) return err({ reason: 'network', message: result.error.message });
  if (!result.ok && result.error.status === 429) return err({ reason: 'refused', message: result.error.message });
  return err({ reason: 'invalid-password', message: INVALID_PASSWORD });
}

/**
 * Log out: the server ends the session, so the token is refused from then on even if a copy of it
 * survives somewhere; the token is forgotten here whatever the answer (offline, already expired).
 */
export async function logout(request: typeof apiFetch = apiFetch): Promise<void> {
  const token = getAdminToken();
  clearAdminToken();
  if (token) await callApi(ENDPOINTS.adminLogout, { token }, request);
}
