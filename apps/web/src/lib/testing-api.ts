/** Test helper: a fake API behind fetch (imported by tests only). */
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** Answers one route; it gets the request's JSON body, when it had one. */
export type Handler = (body: unknown) => Response | Promise<Response>;

export interface Call {
  /** `METHOD /path?query`, as fetch was called. */
  key: string;
  body: unknown;
  /** The Authorization header sent, or null. */
  auth: string | null;
  headers: Record<string, string>;
}

/** A fetch that answers `METHOD /path?query` from a table (500 for any other) and records every call. */
export function stubApi(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${String(input)}`;
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({ key, body, auth: headers.Authorization ?? null, headers });
      const handler = routes[key];
      if (!handler) return Response.json({ error: `no route ${key}` }, { status: 500 });
      return handler(body);
    }),
  );
  return calls;
}

/** A handler answering `body` as JSON with `status` (204: no body). */
export const json =
  (body: unknown, status = 200): Handler =>
  () =>
    status === 204 ? new Response(null, { status }) : Response.json(body, { status });

/** Lets the fake answers and the renders they cause run. */
export const settle = async () => {
  for (let i = 0; i < 6; i++) await act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));
};
