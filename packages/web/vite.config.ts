import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Vite builds the single-page app into dist/ (served by the Larmor server with SPA fallback, API under /api);
 * the `test` block is the `web` project of the root vitest.config.ts.
 */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true, chunkSizeWarningLimit: 800 },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // One jsdom per worker instead of one per file; each file still gets fresh module state.
    pool: 'vmThreads',
  },
});
