import { ENDPOINTS, type AccountUpdate, type ApiKeyInput, type PasswordChange } from '@toolvault/shared';
import { callApi } from '../../lib/api';
import { getAdminToken } from '../auth/admin-session';

/** The token of a change, read when it is sent: a token replaced or cleared meanwhile is the one that counts. */
export const currentToken = (): string => getAdminToken() ?? '';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/**
 * The Account page's calls, each answering an ApiResult; a 401 is left to the caller, which logs
 * out. Every one needs the session's token: no API key may use them.
 */
export const accountApi = {
  me: (token: string, signal?: AbortSignal) => callApi(ENDPOINTS.accountMe, { token, ...withSignal(signal) }),
  rename: (token: string, body: AccountUpdate) => callApi(ENDPOINTS.accountUpdate, { body, token }),
  changePassword: (token: string, body: PasswordChange) => callApi(ENDPOINTS.accountPassword, { body, token }),
  sessions: (token: string, signal?: AbortSignal) =>
    callApi(ENDPOINTS.accountSessions, { token, ...withSignal(signal) }),
  endSession: (token: string, id: string) => callApi(ENDPOINTS.accountSessionEnd, { params: { id }, token }),
  keys: (token: string, signal?: AbortSignal) => callApi(ENDPOINTS.accountKeys, { token, ...withSignal(signal) }),
  // The schema's input type: rateLimit may be left out (the server's default applies).
  createKey: (token: string, body: Omit<ApiKeyInput, 'rateLimit'> & { rateLimit?: number }) =>
    callApi(ENDPOINTS.accountKeyCreate, { body, token }),
  revokeKey: (token: string, id: number) => callApi(ENDPOINTS.accountKeyRevoke, { params: { id }, token }),
};
