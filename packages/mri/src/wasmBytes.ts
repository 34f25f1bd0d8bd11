/** Bytes of a base64 string (RFC 4648), through the platform's decoder (atob: browsers, Node ≥ 16). */
export function decodeBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
}

/** The part of the WebAssembly JS API used here (lib ES2024 declares none; browsers and Node have it). */
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
};

/** An instance's memory, as the kernels' wrappers grow and view it. */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

/** The exports of a new instance of a compiled `module` with `imports` (the caller knows their shape). */
export function instantiate(module: object, imports: object = {}): unknown {
  return new WebAssembly.Instance(module, imports).exports;
}

/**
 * The module of `base64`'s bytes, compiled on the first call and kept; null where it does not compile (no
 * WebAssembly SIMD, a CSP without wasm, a browser's main thread refusing a synchronous compile).
 */
export function compiledOnce(base64: string): () => object | null {
  let compiled: object | undefined | null;
  return () => {
    if (compiled === undefined) {
      try {
        compiled = new WebAssembly.Module(decodeBase64(base64));
      } catch {
        compiled = null;
      }
    }
    return compiled;
  };
}
