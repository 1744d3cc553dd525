import { isApiErrorCode, type ApiErrorCode } from '@toolvault/shared';
import { trackedFetch } from './use-online';

/**
 * A refused or failed call: the HTTP status (0: no answer at all), the server's sentence to show,
 * and its code to branch on (absent when there was no answer or the body was not the API's).
 */
export interface ApiFailure {
  ok: false;
  status: number;
  error: string;
  code?: ApiErrorCode;
}

export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string | null;
  signal?: AbortSignal;
}

export const NETWORK_ERROR = 'Network error. Please try again.';

/** The failure of an answer with this status and body (`{ error, code }` when the API wrote it). */
export function apiFailure(status: number, payload: unknown): ApiFailure {
  const body = typeof payload === 'object' && payload !== null ? (payload as { error?: unknown; code?: unknown }) : {};
  return {
    ok: false,
    status,
    error: typeof body.error === 'string' ? body.error : `Request failed (${status})`,
    ...(isApiErrorCode(body.code) ? { code: body.code } : {}),
  };
}

/**
 * Calls the product's own API. Bad input and server refusals come back as
 * values (`ok: false` with the server's `{ error, code }`); status 0 means the
 * request never got an answer.
 */
export async function apiFetch<T>(
  path: string,
  { method = 'GET', body, token, signal }: ApiRequest = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await trackedFetch(path, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { ok: false, status: 0, error: NETWORK_ERROR };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: payload as T };
  return apiFailure(response.status, payload);
}
