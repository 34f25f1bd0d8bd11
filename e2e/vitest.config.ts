import { defineConfig } from 'vitest/config';

/** The browser stories (`npm test --workspace @larmor/e2e`): one server and one Chromium, stories in order. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['stories/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
