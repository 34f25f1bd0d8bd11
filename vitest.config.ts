import { defineConfig } from 'vitest/config';

/** One project per workspace, so each runs in its own environment (node, or jsdom for the web app). */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'repo', root: 'tools', environment: 'node', testTimeout: 30_000 } },
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node' } },
      { test: { name: 'mri', root: 'packages/mri', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      'packages/web/vite.config.ts',
    ],
  },
});
