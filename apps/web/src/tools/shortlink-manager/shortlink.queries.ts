import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { AnalyticsRange } from '@toolvault/shared';
import type { ApiResult } from '../../lib/api';
import { fromApi, type ApiError } from '../../lib/query';
import { listQuery, type AdminView } from './admin-view';
import { shortlinkApi } from './shortlink-manager.api';

/** The manager's server state in the query cache; every key starts with 'shortlinks'. */
export const shortlinkKeys = {
  all: ['shortlinks'] as const,
  lists: ['shortlinks', 'list'] as const,
  list: (query: string) => ['shortlinks', 'list', query] as const,
  tags: ['shortlinks', 'tags'] as const,
  folders: ['shortlinks', 'folders'] as const,
  summary: ['shortlinks', 'summary'] as const,
  analytics: (range: AnalyticsRange) => ['shortlinks', 'analytics', range] as const,
  link: (id: number, range: AnalyticsRange) => ['shortlinks', 'link', id, range] as const,
};

/**
 * How the manager keeps its answers. A tab that is left and opened again shows what it had at once
 * (`enabled` turns off, the answer stays), and only the admin's own changes mark it out of date
 * (invalidation), hence no staleness by time. A screen that moves to another key (next page, another
 * range) drops the answer it leaves (no cache time), so coming back to it asks the server again, and
 * meanwhile the previous answer stays on screen, dimmed (`isFetching`).
 */
const MANAGER_CACHE = { staleTime: Infinity, gcTime: 0, placeholderData: keepPreviousData } as const;

/** A 401 ends the session (the caller's `onUnauthorized`) rather than showing as a failed load. */
export function useUnauthorized(error: ApiError | null, onUnauthorized: () => void): void {
  const latest = useRef(onUnauthorized);
  useEffect(() => {
    latest.current = onUnauthorized;
  });
  // Once per failed answer, whatever the caller's callback identity.
  useEffect(() => {
    if (error?.status === 401) latest.current();
  }, [error]);
}

/** One of the manager's reads, kept as MANAGER_CACHE says. */
function useManagerQuery<T>(
  queryKey: readonly unknown[],
  load: (signal: AbortSignal) => Promise<ApiResult<T>>,
  enabled = true,
) {
  return useQuery({ queryKey, queryFn: ({ signal }) => fromApi(load(signal)), enabled, ...MANAGER_CACHE });
}

/** One page of Manage Links: the view's search, sort, tag, size and cursor. */
export function useLinkPage(token: string, view: AdminView, enabled: boolean) {
  const query = listQuery(view);
  return useManagerQuery(shortlinkKeys.list(query), (signal) => shortlinkApi.list(token, query, signal), enabled);
}

export const useLinkTags = (token: string, enabled: boolean) =>
  useManagerQuery(shortlinkKeys.tags, (signal) => shortlinkApi.tags(token, signal), enabled);

/** The folders, each with its count of links (the folder filter, the bulk move, folder management). */
export const useLinkFolders = (token: string, enabled: boolean) =>
  useManagerQuery(shortlinkKeys.folders, (signal) => shortlinkApi.folders(token, signal), enabled);

export const useLinkSummary = (token: string, enabled: boolean) =>
  useManagerQuery(shortlinkKeys.summary, (signal) => shortlinkApi.summary(token, signal), enabled);

export const useAnalytics = (token: string, range: AnalyticsRange, enabled: boolean) =>
  useManagerQuery(shortlinkKeys.analytics(range), (signal) => shortlinkApi.analytics(token, range, signal), enabled);

export const useLinkAnalytics = (token: string, id: number, range: AnalyticsRange) =>
  useManagerQuery(shortlinkKeys.link(id, range), (signal) => shortlinkApi.linkAnalytics(token, id, range, signal));
