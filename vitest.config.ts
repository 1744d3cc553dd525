import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// A guard against a test that hangs, not a speed check (speed is for `pnpm bench`). Three files at
// a time on a 2-core CI machine stretch a test that takes 1.6 s alone, such as one that writes
// 20,000 links to PostgreSQL, past Vitest's 5 s default.
const timeouts = { testTimeout: 30_000, hookTimeout: 60_000 };

/** Unit and API tests. The browser suite has its own config in e2e/. */
export default defineConfig({
  test: {
    // Vitest's default is one file at a time on a 2-core machine (cores − 1), and most of a file's
    // time here is spent waiting on PostgreSQL, Redis, child servers and timers: one file at a time
    // kept the cores about a third idle (17½ minutes), three at a time took 7¼. Each file already
    // has its own database schema, Redis prefix and ports (apps/api/test/engines.ts, servers.ts).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'shared',
          ...timeouts,
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          ...timeouts,
          root: './apps/api',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
          // Finds PostgreSQL once for the storage contract tests (test/engines.ts).
          globalSetup: ['./test/global-setup.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          ...timeouts,
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'build/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          // Every test starts with its mocks' calls cleared and the globals it stubbed (fetch,
          // createImageBitmap, …) put back, instead of each file repeating those hooks.
          clearMocks: true,
          unstubGlobals: true,
        },
      },
      {
        test: {
          name: 'scripts',
          ...timeouts,
          root: './scripts',
          include: ['**/*.test.{ts,mjs}'],
          environment: 'node',
        },
      },
    ],
  },
});
