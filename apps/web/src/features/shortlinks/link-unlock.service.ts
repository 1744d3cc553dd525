import { ENDPOINTS, endpointUrl, LINK_PASSWORD_MESSAGES, type PublicShortlink } from '@toolvault/shared';
import { callApi, type ApiFailure } from '../../lib/api';

/**
 * A password link's side of the redirect page, no React: opening the link with the browser's unlock
 * cookie (if any), and sending a password. The cookie is HttpOnly, so the page never sees it; the
 * server says whether it opens the link.
 */

export type OpenResult = { kind: 'open'; link: PublicShortlink } | { kind: 'locked' } | { kind: 'failed' };

/**
 * `GET /{code}` as JSON: with a valid unlock cookie the server counts the click and answers the link,
 * else 403. Forwards where the visitor came from, as the click request of an open link does.
 */
export async function openLockedLink(shortCode: string, fetcher: typeof fetch = fetch): Promise<OpenResult> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (document.referrer) headers['X-Visitor-Referrer'] = document.referrer;
  try {
    const res = await fetcher(endpointUrl(ENDPOINTS.shortlinkClick, { params: { shortCode } }), { headers });
    if (res.status === 403) return { kind: 'locked' };
    if (!res.ok) return { kind: 'failed' };
    return { kind: 'open', link: (await res.json()) as PublicShortlink };
  } catch {
    return { kind: 'failed' };
  }
}

/** Sends the password; null when it was right (the cookie is set), else the sentence to show under the field. */
export async function sendLinkPassword(
  shortCode: string,
  password: string,
  request: typeof callApi = callApi,
): Promise<string | null> {
  if (password === '') return LINK_PASSWORD_MESSAGES.empty;
  const result = await request(ENDPOINTS.shortlinkUnlock, { params: { shortCode }, body: { password } });
  return result.ok ? null : unlockProblem(result.error);
}

/** What the visitor reads for a refused unlock. */
export function unlockProblem({ code, message, status, retryAfterSeconds }: ApiFailure): string {
  if (code === 'SHORTLINK_PASSWORD_WRONG') return LINK_PASSWORD_MESSAGES.wrong;
  if (code === 'RATE_LIMITED') {
    const minutes = retryAfterSeconds === undefined ? undefined : Math.ceil(retryAfterSeconds / 60);
    return minutes === undefined
      ? 'Too many attempts. Please try again later.'
      : `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  }
  if (status === 0) return 'Network error. Please try again.';
  return message;
}
