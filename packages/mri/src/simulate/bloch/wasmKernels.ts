import { BLOCH_WASM_BASE64 } from './generated/bloch-wasm.ts';
import type { KernelFactory } from './kernels.ts';
import { createWasmKernelFactory } from './wasm.ts';

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Bytes of a base64 string (RFC 4648, with padding). */
export function decodeBase64(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '');
  const bytes = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let o = 0;
  for (const ch of clean) {
    value = (value << 6) | BASE64_ALPHABET.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[o++] = (value >> bits) & 0xff;
    }
  }
  return bytes;
}

let factory: KernelFactory | undefined;

/**
 * The WebAssembly SIMD kernels embedded at build time (asm/build.mjs), compiled on first use. Throws where
 * WebAssembly SIMD is unavailable; callers then use createJsKernels.
 */
export const createWasmKernels: KernelFactory = (spins, samples) => {
  factory ??= createWasmKernelFactory(decodeBase64(BLOCH_WASM_BASE64));
  return factory(spins, samples);
};
