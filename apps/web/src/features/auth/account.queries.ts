import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS, type Account, type Permission, type Reach } from '@toolvault/shared';
import { callApi } from '../../lib/api';
import { fromApi } from '../../lib/query';

/**
 * The signed-in person's account (GET /api/account): their name, role and what the role allows, so a
 * page shows only what they may use. The server still decides every request; this only spares
 * people buttons that would be refused. Every page that reads the account shares this one key, so
 * it is asked once per token.
 */
export const accountKey = (token: string | null) => ['account', token, 'me'] as const;

/** Read once per token and kept while the page is open: a role changes rarely, and a refusal still says so. */
export function useSignedInAccount(token: string) {
  return useQuery({
    queryKey: accountKey(token),
    queryFn: ({ signal }) => fromApi(callApi(ENDPOINTS.accountMe, { token, signal })),
    staleTime: Infinity,
  });
}

/** How far `permission` reaches for the account; null when its role does not hold it. */
export const grantOf = (account: Pick<Account, 'grants'>, permission: Permission): Reach | null =>
  account.grants[permission] ?? null;
