/** Test helper: a fresh query cache per rendered tree, with no retries (imported by tests only). */
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from './query';

export function QueryWrapper({ children }: { children: ReactNode }) {
  const [client] = useState(() => createQueryClient(false));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
