/**
 * Test helper (imported by tests only): a fake of our API behind `fetch`, answering `METHOD /path`
 * from a table and recording every call, so a screen's test says what the server answers and checks
 * what the screen sent.
 *
 *   const calls = stubApi({ 'GET /api/account': json(account), 'DELETE /api/account/keys/3': json(null, 204) });
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';

export type FakeRoute = (body: unknown) => Response | Promise<Response>;

export interface FakeCall {
  /** `METHOD /path?query`. */
  key: string;
  /** The JSON body sent, parsed; undefined without one. */
  body: unknown;
  /** The Authorization header sent, or null. */
  auth: string | null;
  /** Every header sent. */
  headers: Record<string, string>;
}

/**
 * Replaces `fetch` (undo with `vi.unstubAllGlobals()`); a request no route answers gets a 500, so a
 * screen that asks for something unexpected shows it in the test.
 */
export function stubApi(routes: Record<string, FakeRoute>): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${String(input)}`;
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({ key, body, auth: headers.Authorization ?? null, headers });
      const route = routes[key];
      if (!route) return Response.json({ error: `no route ${key}` }, { status: 500 });
      return route(body);
    }),
  );
  return calls;
}

/** A route answering `body` as JSON with `status` (no body for 204). */
export const json =
  (body: unknown, status = 200): FakeRoute =>
  () =>
    status === 204 ? new Response(null, { status }) : Response.json(body, { status });

/** A refusal as the API writes it. */
export const refuse = (status: number, code: string, error: string): FakeRoute => json({ error, code }, status);

/** A request that never gets an answer (offline, server down). */
export const networkDown: FakeRoute = () => Promise.reject(new TypeError('Failed to fetch'));

/** Lets pending fetches, queries and renders finish. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 6; i++) await act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));
}
