/**
 * The field map's per-pixel factor of a gradient echo (./fieldMap.ts `fieldFactorAt`) on WebAssembly SIMD
 * (packages/mri/asm/field.ts: two pixels per vector), the hot part of a live-preview TE change with
 * susceptibility on. The same operations as ./trig.ts `absSincPiProductInto` then `scaledCosSinInto`, in the same
 * order, with this platform's Math.sin and Math.cos imported for the angles beyond the kernels' range: the same
 * bits. The module's bytes are embedded at build time (generated/field-wasm.ts, asm/build.mjs).
 */
import { compiledOnce, instantiate, type WasmMemory } from '../wasmBytes.ts';
import { FIELD_WASM_BASE64 } from './generated/field-wasm.ts';

interface FieldWasmExports {
  memory: WasmMemory;
  factor(count: number, te: number, piScale: number, data: number, capacity: number): void;
}

/** The inputs of one slice's factor: −2π·Δf [rad/s] and g·w per axis [Hz], per pixel (never written after). */
export interface FieldFactorInputs {
  readonly radPerS: Float64Array;
  readonly gwRead: Float64Array;
  readonly gwPhase: Float64Array;
  readonly gwSlice: Float64Array;
}

const WASM_PAGE = 65536;
/** Page 0 is the module's own; the six arrays follow it. */
const DATA = 65536;

interface Instance {
  exports: FieldWasmExports;
  /** Pixels each array holds. */
  capacity: number;
  /** The inputs now in the module's memory (compared by identity: they are never written). */
  loaded: FieldFactorInputs | undefined;
}

const fieldModule = compiledOnce(FIELD_WASM_BASE64);
/** This thread's instance; null where WebAssembly SIMD is not available. */
let instance: Instance | null | undefined;

function instanceFor(count: number): Instance | null {
  if (instance === undefined) {
    const module = fieldModule();
    const imports = { field: { jsSin: Math.sin, jsCos: Math.cos } };
    instance = module
      ? {
          exports: instantiate(module, imports) as FieldWasmExports,
          capacity: 0,
          loaded: undefined,
        }
      : null;
  }
  if (instance && instance.capacity < count) {
    const memory = instance.exports.memory;
    const pages = Math.ceil((DATA + 48 * count) / WASM_PAGE) - memory.buffer.byteLength / WASM_PAGE;
    if (pages > 0) memory.grow(pages);
    instance.capacity = count;
    instance.loaded = undefined;
  }
  return instance;
}

/**
 * `cos`[p] ← m·cos θ and `sin`[p] ← m·sin θ for every pixel, m = Π_axis |sinc(g·w·`te`)| and θ = −2π·Δf·`te`
 * (`te` [s]); false, with nothing written, where WebAssembly SIMD is not available.
 */
export function wasmFieldFactor(
  inputs: FieldFactorInputs,
  te: number,
  cos: Float64Array,
  sin: Float64Array,
): boolean {
  const count = cos.length;
  const wasm = instanceFor(count);
  if (!wasm) return false;
  const at = (k: number): number => DATA + 8 * k * wasm.capacity;
  const view = (k: number): Float64Array => new Float64Array(wasm.exports.memory.buffer, at(k), count);
  if (wasm.loaded !== inputs) {
    view(0).set(inputs.radPerS);
    view(1).set(inputs.gwRead);
    view(2).set(inputs.gwPhase);
    view(3).set(inputs.gwSlice);
    wasm.loaded = inputs;
  }
  wasm.exports.factor(count, te, Math.PI * te, DATA, wasm.capacity);
  cos.set(view(4));
  sin.set(view(5));
  return true;
}
