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
    // A story waits for what a user would wait for: pages load lazily and the machine may be busy.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
