import type { ApiErrorBody } from '@toolvault/shared';
import { trackedFetch } from './use-online';

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: string };

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string | null;
  signal?: AbortSignal;
}

export const NETWORK_ERROR = 'Network error. Please try again.';

/**
 * Calls the product's own API. Bad input and server refusals come back as
 * values (`ok: false` with the server's `{error}` text); status 0 means the
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
  const message = (payload as Partial<ApiErrorBody> | null)?.error;
  return {
    ok: false,
    status: response.status,
    error: typeof message === 'string' ? message : `Request failed (${response.status})`,
  };
}
