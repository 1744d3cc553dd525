import {
  API_PRELOAD_ID,
  endpointUrl,
  fetchMethod,
  isApiErrorCode,
  isHttpUrl,
  type Endpoint,
  type EndpointBody,
  type QueryValues,
  type UrlParts,
} from '@toolvault/shared';
import { err, ok, type ApiFailure, type Result } from './result';
import { noteServerDate } from './server-clock';
import { trackedFetch } from './use-online';

export type { ApiFailure };
export type ApiResult<T> = Result<T, ApiFailure>;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string | null;
  signal?: AbortSignal;
}

export const NETWORK_ERROR = 'Network error. Please try again.';

/** The failure of a request that never got an answer (offline, server down). */
export const networkFailure = (): ApiFailure => ({ message: NETWORK_ERROR, status: 0 });

/**
 * A refusal from the server: its `{ error, code }` body when it sent one, else a generic message; and
 * its Retry-After header (seconds), when it gave a usable one.
 */
export function failureFrom(status: number, payload: unknown, retryAfter: string | null = null): ApiFailure {
  const body =
    typeof payload === 'object' && payload !== null
      ? (payload as { error?: unknown; code?: unknown; fallbackUrl?: unknown })
      : {};
  const message = typeof body.error === 'string' ? body.error : `Request failed (${status})`;
  const failure: ApiFailure = isApiErrorCode(body.code) ? { message, status, code: body.code } : { message, status };
  if (typeof body.fallbackUrl === 'string' && isHttpUrl(body.fallbackUrl)) failure.fallbackUrl = body.fallbackUrl;
  const seconds = Number(retryAfter);
  if (retryAfter !== null && Number.isFinite(seconds) && seconds > 0) failure.retryAfterSeconds = Math.ceil(seconds);
  return failure;
}

/**
 * The server's own explanation of a refusal, to show beside or instead of a screen's wording: its
 * `error` text when it answered with one of our codes (every refusal of the API does), else undefined
 * (no answer, or an answer from something else on the way, such as a proxy's error page).
 */
export function serverReason({ code, message }: ApiFailure): string | undefined {
  return code !== undefined && message.trim() !== '' ? message : undefined;
}

/** The answers the server sent with the page, by URL (see takePreloaded); read at the first call. */
let preloaded: Map<string, unknown> | undefined;

function readPreloaded(): Map<string, unknown> {
  const element = typeof document === 'undefined' ? null : document.getElementById(API_PRELOAD_ID);
  element?.remove();
  try {
    const answers: unknown = JSON.parse(element?.textContent ?? '{}');
    return new Map(typeof answers === 'object' && answers !== null ? Object.entries(answers) : []);
  } catch {
    return new Map();
  }
}

/**
 * The answer the server sent with the page's HTML for a visitor's GET of `path` (api/src/http/spa.ts),
 * once: the page's first data without a round trip; any later call of the same URL (a refetch, a
 * retry) asks the server again.
 */
export function takePreloaded(path: string): { value: unknown } | undefined {
  preloaded ??= readPreloaded();
  if (!preloaded.has(path)) return undefined;
  const value = preloaded.get(path);
  preloaded.delete(path);
  return { value };
}

/**
 * Calls the product's own API. Bad input and server refusals come back as
 * values (`ok: false` with the server's `{error, code}` and the status); status 0
 * means the request never got an answer.
 */
export async function apiFetch<T>(
  path: string,
  { method = 'GET', body, token, signal }: ApiRequest = {},
): Promise<ApiResult<T>> {
  if (method === 'GET' && !token) {
    const answer = takePreloaded(path);
    if (answer) return ok(answer.value as T);
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  const sentAt = Date.now();
  try {
    response = await trackedFetch(path, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return err(networkFailure());
  }
  if (token) noteServerDate(response.headers.get('Date'), sentAt, Date.now());
  const payload: unknown = await response.json().catch(() => null);
  return response.ok
    ? ok(payload as T)
    : err(failureFrom(response.status, payload, response.headers.get('Retry-After')));
}

/**
 * A download (an export) from `endpoint` as a file. The server streams it (it may hold a million
 * rows), so it is read as a Blob, never parsed here; the bearer token is why this is a fetch and not
 * a plain link.
 */
export async function downloadFile<E extends Endpoint>(
  endpoint: E,
  {
    params,
    query,
    token,
    accept,
    signal,
  }: {
    params?: Record<string, string | number>;
    query?: QueryValues;
    token: string;
    accept: string;
    signal?: AbortSignal;
  },
): Promise<ApiResult<Blob>> {
  let response: Response;
  try {
    response = await trackedFetch(endpointUrl<E['path']>(endpoint, { params, query } as UrlParts<E['path']>), {
      signal,
      headers: { Accept: accept, Authorization: `Bearer ${token}` },
    });
  } catch {
    return err(networkFailure());
  }
  if (!response.ok) return err(failureFrom(response.status, await response.json().catch(() => null)));
  try {
    return ok(await response.blob());
  } catch {
    // The connection broke while the file was streaming.
    return err(networkFailure());
  }
}

/** A call of one contract route: its path parameters and query, and what apiFetch sends besides the method. */
export type ApiCall<E extends Endpoint> = UrlParts<E['path']> & Omit<ApiRequest, 'method'>;

/**
 * Calls `endpoint` of the contract (ENDPOINTS in @toolvault/shared) with its own method and path, so
 * no screen writes an API address or method of its own; the answer is typed as the route's body.
 * `request` is apiFetch unless a test passes its own.
 */
export function callApi<E extends Endpoint>(
  endpoint: E,
  { params, query, ...options }: ApiCall<E>,
  request: typeof apiFetch = apiFetch,
): Promise<ApiResult<EndpointBody<E>>> {
  const url = endpointUrl<E['path']>(endpoint, { params, query } as UrlParts<E['path']>);
  return request<EndpointBody<E>>(url, { ...options, method: fetchMethod(endpoint) });
}
