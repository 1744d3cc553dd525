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
import { apiFetch, failureFrom, networkFailure, type ApiFailure, type ApiResult } from '../../lib/api';
import { err, ok, type Result } from '../../lib/result';
import { trackedFetch } from '../../lib/use-online';
import { createWithRetry, type ExportKind } from './shortlink-manager.service';

/** The manager's API calls, each answering an ApiResult (401 is left to the caller). */
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

  create: (token: string, input: ShortlinkInput) =>
    createWithRetry(input, (body) => apiFetch<Shortlink>('/api/shortlinks', { method: 'POST', body, token })),

  update: (token: string, id: number, input: ShortlinkUpdate) =>
    apiFetch<Shortlink>(`/api/shortlinks/${id}`, { method: 'PUT', body: input, token }),

  remove: (token: string, id: number) => apiFetch<null>(`/api/shortlinks/${id}`, { method: 'DELETE', token }),

  /** The links (`links`) or the raw clicks kept (`clicks`), as a file to save. */
  export: (token: string, kind: ExportKind, format: ExportFormat) => downloadExport(token, EXPORT_PATHS[kind], format),

  import: (token: string, rows: unknown[]) =>
    apiFetch<ImportShortlinksResponse>('/api/shortlinks/import', { method: 'POST', body: rows, token }),

  /** The web app's static sample file. */
  sample: () => apiFetch<unknown>('/sample-shortlinks.json'),
};

const EXPORT_PATHS: Record<ExportKind, string> = {
  links: '/api/shortlinks/export',
  clicks: '/api/shortlinks/clicks/export',
};

/**
 * An export as a file. The server streams it (it may hold a million links, and
 * more clicks), so it is read as a Blob, never parsed here; the bearer token is
 * why this is a fetch and not a plain link.
 */
async function downloadExport(token: string, path: string, format: ExportFormat): Promise<ApiResult<Blob>> {
  let response: Response;
  try {
    response = await trackedFetch(`${path}?format=${format}`, {
      headers: { Accept: format === 'csv' ? 'text/csv' : 'application/json', Authorization: `Bearer ${token}` },
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

/** A guest's new link, or why not; a 429 says when the next one is allowed. */
export type GuestCreateResult = Result<Shortlink, ApiFailure & { retryAfterSeconds: number | null }>;

/**
 * A guest creation carries no authorization. Fetched directly
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
    return err({ ...networkFailure(), retryAfterSeconds: null });
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return ok(payload as Shortlink);
  const retryAfter = Number(response.headers.get('Retry-After'));
  return err({
    ...failureFrom(response.status, payload),
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : null,
  });
}
