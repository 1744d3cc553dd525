import {
  ENDPOINTS,
  type Endpoint,
  type ExportFormat,
  type GuestShortlinkInput,
  type QrFormat,
  type ShortlinkInput,
  type ShortlinkUpdate,
} from '@toolvault/shared';
import type { ShortlinkBulkBodyInput } from '@toolvault/shared/schemas';
import { apiFetch, callApi, downloadFile } from '../../lib/api';
import { qrQuery, type QrRequest } from './qr-code.service';
import { createWithRetry, type ExportKind } from './shortlink-manager.service';

/** The manager's API calls, each answering an ApiResult (401 is left to the caller). */
export const shortlinkApi = {
  /** One page of links; `query` comes from listQuery (limit, sort, q, tag, cursor). */
  list: (token: string, query: string, signal?: AbortSignal) =>
    callApi(ENDPOINTS.shortlinkList, { query, token, signal }),

  summary: (token: string, signal?: AbortSignal) => callApi(ENDPOINTS.shortlinkSummary, { token, signal }),

  tags: (token: string, signal?: AbortSignal) => callApi(ENDPOINTS.shortlinkTags, { token, signal }),

  /** `query` comes from windowQuery (range or from/to, and step). */
  analytics: (token: string, query: string, signal?: AbortSignal) =>
    callApi(ENDPOINTS.shortlinkAnalytics, { query, token, signal }),

  linkAnalytics: (token: string, id: number, query: string, signal?: AbortSignal) =>
    callApi(ENDPOINTS.shortlinkLinkAnalytics, { params: { id }, query, token, signal }),

  create: (token: string, input: ShortlinkInput) =>
    createWithRetry(input, (body) => callApi(ENDPOINTS.shortlinkCreate, { body, token })),

  update: (token: string, id: number, input: ShortlinkUpdate) =>
    callApi(ENDPOINTS.shortlinkUpdate, { params: { id }, body: input, token }),

  remove: (token: string, id: number) => callApi(ENDPOINTS.shortlinkDelete, { params: { id }, token }),

  /** The links (`links`) or the raw clicks kept (`clicks`), as a file to save. */
  export: (token: string, kind: ExportKind, format: ExportFormat) =>
    downloadFile(EXPORT_ENDPOINTS[kind], {
      query: { format },
      token,
      accept: format === 'csv' ? 'text/csv' : 'application/json',
    }),

  /** A link's QR code as the server draws it (GET /api/shortlinks/{id}/qr). */
  qr: (token: string, id: number, request: QrRequest, format: QrFormat, signal?: AbortSignal) =>
    downloadFile(ENDPOINTS.shortlinkQr, {
      params: { id },
      query: qrQuery(request, format),
      token,
      accept: format === 'png' ? 'image/png' : 'image/svg+xml',
      signal,
    }),

  import: (token: string, rows: unknown[]) => callApi(ENDPOINTS.shortlinkImport, { body: rows, token }),

  /** What the import of `rows` would answer, every problem of every row; nothing is stored. */
  importDryRun: (token: string, rows: unknown[]) => callApi(ENDPOINTS.shortlinkImportDryRun, { body: rows, token }),

  /** One change to many links (ids, or the list's filter): all of them or none. */
  bulk: (token: string, body: ShortlinkBulkBodyInput) => callApi(ENDPOINTS.shortlinkBulk, { body, token }),

  folders: (token: string, signal?: AbortSignal) => callApi(ENDPOINTS.shortlinkFolderList, { token, signal }),

  createFolder: (token: string, name: string) => callApi(ENDPOINTS.shortlinkFolderCreate, { body: { name }, token }),

  renameFolder: (token: string, id: number, name: string) =>
    callApi(ENDPOINTS.shortlinkFolderUpdate, { params: { id }, body: { name }, token }),

  deleteFolder: (token: string, id: number) => callApi(ENDPOINTS.shortlinkFolderDelete, { params: { id }, token }),

  /** The web app's static sample file. */
  sample: () => apiFetch<unknown>('/sample-shortlinks.json'),
};

const EXPORT_ENDPOINTS = { links: ENDPOINTS.shortlinkExport, clicks: ENDPOINTS.shortlinkClickExport } satisfies Record<
  ExportKind,
  Endpoint
>;

/** A guest's new link, or why not; a 429 says when the next one is allowed (retryAfterSeconds). */
export const createGuestShortlink = (input: GuestShortlinkInput) => callApi(ENDPOINTS.shortlinkCreate, { body: input });
