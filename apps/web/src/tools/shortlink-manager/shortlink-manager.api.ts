import {
  ENDPOINTS,
  endpointUrl,
  type AnalyticsRange,
  type Endpoint,
  type ExportFormat,
  type GuestShortlinkInput,
  type ShortlinkInput,
  type ShortlinkUpdate,
} from '@toolvault/shared';
import { apiFetch, callApi, failureFrom, networkFailure, type ApiResult } from '../../lib/api';
import { err, ok } from '../../lib/result';
import { trackedFetch } from '../../lib/use-online';
import { createWithRetry, type ExportKind } from './shortlink-manager.service';

/** The manager's API calls, each answering an ApiResult (401 is left to the caller). */
export const shortlinkApi = {
  /** One page of links; `query` comes from listQuery (limit, sort, q, tag, cursor). */
  list: (token: string, query: string, signal?: AbortSignal) =>
    callApi(ENDPOINTS.shortlinkList, { query, token, signal }),

  summary: (token: string, signal?: AbortSignal) => callApi(ENDPOINTS.shortlinkSummary, { token, signal }),

  tags: (token: string, signal?: AbortSignal) => callApi(ENDPOINTS.shortlinkTags, { token, signal }),

  analytics: (token: string, range: AnalyticsRange, signal?: AbortSignal) =>
    callApi(ENDPOINTS.shortlinkAnalytics, { query: { range }, token, signal }),

  linkAnalytics: (token: string, id: number, range: AnalyticsRange, signal?: AbortSignal) =>
    callApi(ENDPOINTS.shortlinkLinkAnalytics, { params: { id }, query: { range }, token, signal }),

  create: (token: string, input: ShortlinkInput) =>
    createWithRetry(input, (body) => callApi(ENDPOINTS.shortlinkCreate, { body, token })),

  update: (token: string, id: number, input: ShortlinkUpdate) =>
    callApi(ENDPOINTS.shortlinkUpdate, { params: { id }, body: input, token }),

  remove: (token: string, id: number) => callApi(ENDPOINTS.shortlinkDelete, { params: { id }, token }),

  /** The links (`links`) or the raw clicks kept (`clicks`), as a file to save. */
  export: (token: string, kind: ExportKind, format: ExportFormat) =>
    downloadExport(token, EXPORT_ENDPOINTS[kind], format),

  import: (token: string, rows: unknown[]) => callApi(ENDPOINTS.shortlinkImport, { body: rows, token }),

  /** The web app's static sample file. */
  sample: () => apiFetch<unknown>('/sample-shortlinks.json'),
};

const EXPORT_ENDPOINTS = { links: ENDPOINTS.shortlinkExport, clicks: ENDPOINTS.shortlinkClickExport } satisfies Record<
  ExportKind,
  Endpoint
>;

/**
 * An export as a file. The server streams it (it may hold a million links, and
 * more clicks), so it is read as a Blob, never parsed here; the bearer token is
 * why this is a fetch and not a plain link.
 */
async function downloadExport(token: string, endpoint: Endpoint, format: ExportFormat): Promise<ApiResult<Blob>> {
  let response: Response;
  try {
    response = await trackedFetch(endpointUrl(endpoint, { query: { format } }), {
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

/** A guest's new link, or why not; a 429 says when the next one is allowed (retryAfterSeconds). */
export const createGuestShortlink = (input: GuestShortlinkInput) => callApi(ENDPOINTS.shortlinkCreate, { body: input });
