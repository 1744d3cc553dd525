import type {
  AnalyticsRange,
  ExportFormat,
  GuestShortlinkInput,
  ShortlinkLinkAnalytics,
  ShortlinkPage,
  ShortlinkSummary,
  ShortlinkTagsResponse,
  ImportShortlinksResponse,
  Shortlink,
  ShortlinkAnalytics,
  ShortlinkInput,
  ShortlinkUpdate,
} from '@toolvault/shared';
import { apiFailure, apiFetch, NETWORK_ERROR, type ApiFailure, type ApiResult } from '../../lib/api';
import { trackedFetch } from '../../lib/use-online';
import { createWithRetry, type RandomBytes } from './shortlink-manager.service';

/** The calls of spec 001 §7 for the manager, each answering an ApiResult (401 is left to the caller). */
export const shortlinkApi = {
  /** One page of links; `query` comes from listQuery (limit, sort, q, tag, cursor). */
  list: (token: string, query: string, signal?: AbortSignal) =>
    apiFetch<ShortlinkPage>(`/api/shortlinks?${query}`, { token, signal }),

  summary: (token: string, signal?: AbortSignal) =>
    apiFetch<ShortlinkSummary>('/api/shortlinks/summary', { token, signal }),

  tags: (token: string, signal?: AbortSignal) =>
    apiFetch<ShortlinkTagsResponse>('/api/shortlinks/tags', { token, signal }),

  analytics: (token: string, range: AnalyticsRange, signal?: AbortSignal) =>
    apiFetch<ShortlinkAnalytics>(`/api/shortlinks/analytics?range=${range}`, { token, signal }),

  linkAnalytics: (token: string, id: number, range: AnalyticsRange, signal?: AbortSignal) =>
    apiFetch<ShortlinkLinkAnalytics>(`/api/shortlinks/${id}/analytics?range=${range}`, { token, signal }),

  create: (token: string, input: ShortlinkInput, randomBytes?: RandomBytes) =>
    createWithRetry(
      input,
      (body) => apiFetch<Shortlink>('/api/shortlinks', { method: 'POST', body, token }),
      randomBytes ? { randomBytes } : {},
    ),

  update: (token: string, id: number, input: ShortlinkUpdate) =>
    apiFetch<Shortlink>(`/api/shortlinks/${id}`, { method: 'PUT', body: input, token }),

  remove: (token: string, id: number) => apiFetch<null>(`/api/shortlinks/${id}`, { method: 'DELETE', token }),

  export: (token: string, format: ExportFormat) => downloadExport(token, format),

  import: (token: string, rows: unknown[]) =>
    apiFetch<ImportShortlinksResponse>('/api/shortlinks/import', { method: 'POST', body: rows, token }),

  /** The web app's static sample file (spec 001 §3). */
  sample: () => apiFetch<unknown>('/sample-shortlinks.json'),
};

/**
 * The export as a file. The server streams it (it may hold a million links),
 * so it is read as a Blob, never parsed here; the bearer token is why this is
 * a fetch and not a plain link.
 */
async function downloadExport(token: string, format: ExportFormat): Promise<ApiResult<Blob>> {
  let response: Response;
  try {
    response = await trackedFetch(`/api/shortlinks/export?format=${format}`, {
      headers: { Accept: format === 'csv' ? 'text/csv' : 'application/json', Authorization: `Bearer ${token}` },
    });
  } catch {
    return { ok: false, status: 0, error: NETWORK_ERROR };
  }
  if (!response.ok) return apiFailure(response.status, await response.json().catch(() => null));
  try {
    return { ok: true, status: response.status, data: await response.blob() };
  } catch {
    // The connection broke while the file was streaming.
    return { ok: false, status: 0, error: NETWORK_ERROR };
  }
}

export type GuestCreateResult = { ok: true; link: Shortlink } | (ApiFailure & { retryAfterSeconds: number | null });

/**
 * A guest creation carries no authorization (spec 001 §6). Fetched directly
 * rather than through apiFetch so a 429's Retry-After can be shown.
 */
export async function createGuestShortlink(input: GuestShortlinkInput): Promise<GuestCreateResult> {
  let response: Response;
  try {
    response = await trackedFetch('/api/shortlinks', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    return { ok: false, status: 0, error: NETWORK_ERROR, retryAfterSeconds: null };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, link: payload as Shortlink };
  const retryAfter = Number(response.headers.get('Retry-After'));
  return {
    ...apiFailure(response.status, payload),
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : null,
  };
}
