import { ENDPOINTS } from '@toolvault/shared';
import { callApi, downloadFile } from '../../lib/api';
import { auditQuery, type AuditFilters } from './audit.service';

/** The Audit page's API calls, each answering an ApiResult (401 and 403 are left to the page). */
export const auditApi = {
  /** One page of events, newest first; `cursor` is the previous page's nextCursor. */
  page: (token: string | null, filters: AuditFilters, cursor: string | null, signal?: AbortSignal) =>
    callApi(ENDPOINTS.auditList, { query: { ...auditQuery(filters), cursor }, token, ...(signal ? { signal } : {}) }),

  /** Every event the filters match, as a CSV file. */
  export: (token: string, filters: AuditFilters) =>
    downloadFile(ENDPOINTS.auditExport, { query: auditQuery(filters), token, accept: 'text/csv' }),
};
