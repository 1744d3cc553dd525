/** Test helper: a fake of our API behind `fetch` (imported by tests only). */
import { act } from '@testing-library/react';
import { vi } from 'vitest';

export type Handler = (body: unknown) => Response | Promise<Response>;

export interface Call {
  /** `METHOD /path?query`, as the page asked. */
  key: string;
  body: unknown;
  auth: string | null;
}

/** A fetch that answers `METHOD /path?query` from a table (500 for any other) and records every call. */
export function stubApi(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${String(input)}`;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({ key, body, auth: headers.Authorization ?? null });
      const handler = routes[key];
      if (!handler) return Response.json({ error: `no route ${key}` }, { status: 500 });
      return handler(body);
    }),
  );
  return calls;
}

/** An answer of `body` with `status` (no body for a 204). */
export const json =
  (body: unknown, status = 200) =>
  () =>
    status === 204 ? new Response(null, { status }) : Response.json(body, { status });

/** A request that gets no answer (offline, server down). */
export const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

/** Lets the pending answers and the renders they cause run. */
export const settle = async () => {
  for (let i = 0; i < 6; i++) await act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));
};
