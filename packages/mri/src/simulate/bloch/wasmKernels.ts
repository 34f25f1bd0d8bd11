import { decodeBase64 } from '../../wasmBytes.ts';
import { BLOCH_WASM_BASE64 } from './generated/bloch-wasm.ts';
import type { KernelFactory } from './kernels.ts';
import { createWasmKernelFactory } from './wasm.ts';

let factory: KernelFactory | undefined;

/**
 * The WebAssembly SIMD kernels embedded at build time (asm/build.mjs), compiled on first use. Throws where
 * WebAssembly SIMD is unavailable; callers then use createJsKernels.
 */
export const createWasmKernels: KernelFactory = (spins, samples) => {
  factory ??= createWasmKernelFactory(decodeBase64(BLOCH_WASM_BASE64));
  return factory(spins, samples);
};
