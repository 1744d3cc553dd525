import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ApiResult } from '../../lib/api';
import { fromApi, type ApiError } from '../../lib/query';
import { listQuery, type AdminView } from './admin-view';
import { windowQuery, type WindowChoice } from './analytics-window.service';
import { shortlinkApi } from './shortlink-manager.api';

/** The manager's server state in the query cache; every key starts with 'shortlinks'. */
export const shortlinkKeys = {
  all: ['shortlinks'] as const,
  lists: ['shortlinks', 'list'] as const,
  list: (query: string) => ['shortlinks', 'list', query] as const,
  tags: ['shortlinks', 'tags'] as const,
  folders: ['shortlinks', 'folders'] as const,
  summary: ['shortlinks', 'summary'] as const,
  /** `query` is the window's query string (windowQuery). */
  analytics: (query: string) => ['shortlinks', 'analytics', query] as const,
  link: (id: number, query: string) => ['shortlinks', 'link', id, query] as const,
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

/** The whole site's analytics over a window; `enabled` is false while the window has a problem too. */
export function useAnalytics(token: string, window: WindowChoice, enabled: boolean) {
  const query = windowQuery(window);
  return useManagerQuery(
    shortlinkKeys.analytics(query),
    (signal) => shortlinkApi.analytics(token, query, signal),
    enabled,
  );
}

export function useLinkAnalytics(token: string, id: number, window: WindowChoice) {
  const query = windowQuery(window);
  return useManagerQuery(shortlinkKeys.link(id, query), (signal) =>
    shortlinkApi.linkAnalytics(token, id, query, signal),
  );
}
