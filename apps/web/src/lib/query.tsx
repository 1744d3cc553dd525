/**
 * Server state through TanStack Query. Imported only by the lazily loaded screens that read our API,
 * so the library stays out of the home page's first load.
 */
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import type { ApiErrorCode } from '@toolvault/shared';
import type { ApiFailure, ApiResult } from './api';

/** A failed API call as the query library sees it: thrown by `fromApi`, read back as `query.error`. */
export class ApiError extends Error implements ApiFailure {
  readonly status: number;
  readonly code?: ApiErrorCode;
  readonly retryAfterSeconds?: number;
  readonly fallbackUrl?: string;
  constructor({ message, status, code, retryAfterSeconds, fallbackUrl }: ApiFailure) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (code !== undefined) this.code = code;
    if (retryAfterSeconds !== undefined) this.retryAfterSeconds = retryAfterSeconds;
    if (fallbackUrl !== undefined) this.fallbackUrl = fallbackUrl;
  }
}

declare module '@tanstack/react-query' {
  // Every query and mutation function goes through `fromApi`, so what they throw is an ApiError.
  interface Register {
    defaultError: ApiError;
  }
}

/** The value of an API answer, or the ApiError a query or mutation fails with. */
export async function fromApi<T>(call: Promise<ApiResult<T>>): Promise<T> {
  const result = await call;
  if (result.ok) return result.value;
  throw new ApiError(result.error);
}

/**
 * One quick second try, only for a request that got no answer while the browser believes it is
 * online (a dropped connection). A refusal (4xx) or a server error is shown at once, and so is a
 * failure while offline: the screens' error state and "Try again" must appear without a wait.
 */
export function retryOnce(failures: number, error: ApiError): boolean {
  return failures < 1 && error.status === 0 && navigator.onLine;
}

export function createQueryClient(retry: typeof retryOnce | false = retryOnce): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry,
        retryDelay: 300,
        // Offline, a request is still made and fails, so the screen shows its error and the
        // offline notice instead of a spinner that waits for the connection.
        networkMode: 'always',
        // Screens refresh on their own "Try again" / "Refresh" and after the admin's changes, as before.
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

let appClient: QueryClient | null = null;

/**
 * Gives its screen the app's query cache (made on first use, shared by every screen), unless a client
 * is already provided above it (tests give each render its own).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  appClient ??= createQueryClient();
  return <QueryClientProvider client={appClient}>{children}</QueryClientProvider>;
}

/**
 * A failure handler for the admin screens' calls: a 401 means the session ended (`onUnauthorized`),
 * anything else is the screen's to show (`otherwise`).
 */
export const unlessUnauthorized =
  (onUnauthorized: () => void, otherwise: (error: ApiFailure) => void) =>
  (error: ApiFailure): void => {
    if (error.status === 401) onUnauthorized();
    else otherwise(error);
  };
