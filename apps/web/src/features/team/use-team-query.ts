import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ApiResult } from '../../lib/api';
import { fromApi } from '../../lib/query';
import { getAdminToken } from '../auth/admin-session';

/**
 * A query of the Team page: `call` gets the session token as it is when the request goes, and a 401
 * (the session ended) runs `onExpired`.
 */
export function useTeamQuery<T>(
  queryKey: QueryKey,
  call: (token: string | null, signal: AbortSignal) => Promise<ApiResult<T>>,
  onExpired: () => void,
) {
  const query = useQuery({ queryKey, queryFn: ({ signal }) => fromApi(call(getAdminToken(), signal)) });
  useEffect(() => {
    if (query.error?.status === 401) onExpired();
  }, [query.error, onExpired]);
  return query;
}
