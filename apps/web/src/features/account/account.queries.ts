import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fromApi } from '../../lib/query';
import { useAdminToken } from '../auth/admin-session';
import { accountKey } from '../auth/account.queries';
import { accountApi } from './account.api';

/**
 * The account's query keys, under the session's token: what one person's session loaded is never
 * shown to the next one signed in on the same browser.
 */
export const accountKeys = {
  all: ['account'] as const,
  me: accountKey,
  sessions: (token: string | null) => ['account', token, 'sessions'] as const,
  keys: (token: string | null) => ['account', token, 'keys'] as const,
};

/** The role and grants change only when someone changes them: a minute between checks is plenty. */
const ACCOUNT_STALE_MS = 60_000;

/**
 * The signed-in person: who they are, their role and what it allows (`data.grants`), for any page
 * that shows only what the role may use. Nothing is asked while signed out; on logout (or another
 * sign-in) what was loaded for the previous token is dropped. A 401 (the session has ended) is the
 * caller's to act on.
 */
export function useAccount() {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient.removeQueries({ queryKey: accountKeys.all, predicate: ({ queryKey }) => queryKey[1] !== token });
  }, [queryClient, token]);
  return useQuery({
    queryKey: accountKeys.me(token),
    queryFn: ({ signal }) => fromApi(accountApi.me(token ?? '', signal)),
    enabled: token !== null,
    staleTime: ACCOUNT_STALE_MS,
  });
}
