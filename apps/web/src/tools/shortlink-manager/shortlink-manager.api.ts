import type {
  GuestShortlinkInput,
  ImportShortlinksResponse,
  Shortlink,
  ShortlinkAnalytics,
  ShortlinkExportRow,
  ShortlinkInput,
  ShortlinkUpdate,
} from '@toolvault/shared';
import { apiFetch, NETWORK_ERROR } from '../../lib/api';
import { trackedFetch } from '../../lib/use-online';
import { createWithRetry, type RandomBytes } from './shortlink-manager.service';

/** The calls of spec 001 §7 for the manager, each answering an ApiResult (401 is left to the caller). */
export const shortlinkApi = {
  list: (token: string) => apiFetch<Shortlink[]>('/api/shortlinks', { token }),

  analytics: (token: string) => apiFetch<ShortlinkAnalytics>('/api/shortlinks/analytics', { token }),

  create: (token: string, input: ShortlinkInput, randomBytes?: RandomBytes) =>
    createWithRetry(
      input,
      (body) => apiFetch<Shortlink>('/api/shortlinks', { method: 'POST', body, token }),
      randomBytes ? { randomBytes } : {},
    ),

  update: (token: string, id: number, input: ShortlinkUpdate) =>
    apiFetch<Shortlink>(`/api/shortlinks/${id}`, { method: 'PUT', body: input, token }),

  remove: (token: string, id: number) => apiFetch<null>(`/api/shortlinks/${id}`, { method: 'DELETE', token }),

  export: (token: string) => apiFetch<ShortlinkExportRow[]>('/api/shortlinks/export', { token }),

  import: (token: string, rows: unknown[]) =>
    apiFetch<ImportShortlinksResponse>('/api/shortlinks/import', { method: 'POST', body: rows, token }),

  /** The web app's static sample file (spec 001 §3). */
  sample: () => apiFetch<unknown>('/sample-shortlinks.json'),
};

export type GuestCreateResult =
  { ok: true; link: Shortlink } | { ok: false; status: number; error: string; retryAfterSeconds: number | null };

/**
 * A guest creation carries no authorization (spec 001 §6). Fetched directly
 * rather than through apiFetch so a 429's Retry-After can be shown.
 */
export async function createGuestShortlink(input: GuestShortlinkInput): Promise<GuestCreateResult> {
  let response: Response;
  try {
    response = await trackedFetch('/api/shortlinks', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    return { ok: false, status: 0, error: NETWORK_ERROR, retryAfterSeconds: null };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, link: payload as Shortlink };
  const message = (payload as { error?: unknown } | null)?.error;
  const retryAfter = Number(response.headers.get('Retry-After'));
  return {
    ok: false,
    status: response.status,
    error: typeof message === 'string' ? message : `Request failed (${response.status})`,
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : null,
  };
}
