import { defineConfig } from 'vitest/config';

/**
 * The real-browser suite: one built server and one Chromium shared by every
 * file (global-setup.ts), files run one after another.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
