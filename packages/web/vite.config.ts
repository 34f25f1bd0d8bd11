import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { engineFigures } from './build/engine-figures.ts';
import { KNOWLEDGE_BASE_FIGURES } from './build/knowledge-base-figures.ts';
import { LANDING_FIGURES } from './build/landing-figures.ts';

/**
 * Vite builds the single-page app into dist/ (served by the Larmor server with SPA fallback, API under /api);
 * the `test` block is the `web` project of the root vitest.config.ts.
 */
export default defineConfig({
  plugins: [
    react(),
    // The knowledge base's figures, rendered by @larmor/mri at build time into a git-ignored cache.
    engineFigures({
      figures: KNOWLEDGE_BASE_FIGURES,
      base: 'figures/kb',
      cacheDir: fileURLToPath(new URL('./.cache/engine-figures', import.meta.url)),
    }),
    // The landing page's brain slice as T1, T2 and FLAIR, with the Colin27 notice beside them.
    engineFigures({
      figures: LANDING_FIGURES,
      base: 'figures/landing',
      cacheDir: fileURLToPath(new URL('./.cache/engine-figures', import.meta.url)),
    }),
  ],
  resolve: {
    // vtk.js (under Cornerstone3D) imports xmlbuilder2 for XML meshes Larmor never loads; the real package breaks
    // the chunk ("Class extends value undefined", STACK.md).
    alias: {
      xmlbuilder2: fileURLToPath(new URL('./src/ui/viewer/build/xmlbuilder2-unused.ts', import.meta.url)),
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true, chunkSizeWarningLimit: 800 },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Above Testing Library's 5 s wait (src/test/setup.ts), so a missing element reports what was not found.
    testTimeout: 10_000,
    // One jsdom per worker instead of one per file; each file still gets fresh module state.
    pool: 'vmThreads',
  },
});
