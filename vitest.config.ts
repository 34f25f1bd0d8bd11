import { defineConfig } from 'vitest/config';

/**
 * V8 flags for the test processes whose tests run WebAssembly in worker threads (scan threads): no tier-up to
 * TurboFan and no freeing of replaced code. Twice in clean-clone runs (sessions 10 and 11) a test fork died with
 * V8's fatal `Check failed: jit_page.has_value()` (ThreadIsolation's process-wide JIT page map, raced by
 * WebAssembly code being allocated and freed across isolates; known in Node 24's V8, no release fixes it:
 * nodejs/node#64500). The tests create and terminate many scan threads; these flags keep each module's code as
 * first compiled, so no code is published or freed behind a terminating thread. Results are the same (WebAssembly
 * semantics do not depend on the tier); the product runs with V8's defaults.
 */
const WASM_FLAGS = ['--no-wasm-tier-up', '--no-wasm-code-gc'];

/** One project per workspace, so each runs in its own environment (node, or jsdom for the web app). */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'repo', root: 'tools', environment: 'node', testTimeout: 30_000 } },
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node' } },
      // Physics tests simulate whole slices: vitest's 5 s default is too short for them on a busy 2-core machine.
      {
        test: {
          name: 'mri',
          root: 'packages/mri',
          environment: 'node',
          testTimeout: 30_000,
          execArgv: WASM_FLAGS,
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          execArgv: WASM_FLAGS,
        },
      },
      'packages/web/vite.config.ts',
    ],
  },
});
