/**
 * A part runner compiles the Bloch WebAssembly kernels on its first Bloch part, not when its thread starts: a
 * thread terminated while starting is then never mid-compilation (Node has crashed on that: SIGSEGV/SIGABRT).
 */
import type * as WasmKernels from '@larmor/mri/bloch';
import { afterEach, describe, expect, it, vi } from 'vitest';

const compiled = vi.hoisted(() => ({ count: 0 }));
vi.mock('@larmor/mri/bloch', async (importOriginal) => {
  const original = await importOriginal<typeof WasmKernels>();
  return {
    ...original,
    createWasmKernels: (spins: number, samples: number) => {
      compiled.count++;
      return original.createWasmKernels(spins, samples);
    },
  };
});

const { createPartRunner, lazyKernels } = await import('./parts.ts');

describe('Bloch kernels compiled on first use', () => {
  afterEach(() => {
    compiled.count = 0;
  });

  it('a new part runner (a starting thread) compiles nothing', () => {
    createPartRunner();
    lazyKernels();
    expect(compiled.count).toBe(0);
  });

  it('the first call picks the kernels once, and they work', () => {
    const kernels = lazyKernels();
    const first = kernels(4, 1);
    kernels(8, 2);
    expect(first).toBeDefined();
    // One probe when picking, then one per call.
    expect(compiled.count).toBe(3);
  });
});
