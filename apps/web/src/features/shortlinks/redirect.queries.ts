import { ENDPOINTS } from '@toolvault/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { fromApi } from '../../lib/query';
import { toPreview } from './redirect.service';

/** The redirect page's server state: one public link per short code. */
export const redirectKeys = {
  link: (shortCode: string) => ['shortlink-public', shortCode] as const,
};

/**
 * The link behind `shortCode`, as its preview card. Asked anew on every visit (nothing is kept once
 * the page is left): its target may have changed, and an answer served from the cache would show a
 * card the server no longer stands behind.
 */
export const previewQuery = (shortCode: string) =>
  queryOptions({
    queryKey: redirectKeys.link(shortCode),
    queryFn: ({ signal }) => fromApi(callApi(ENDPOINTS.shortlinkPublic, { params: { shortCode }, signal })),
    select: toPreview,
    gcTime: 0,
  });
