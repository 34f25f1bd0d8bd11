import {
  paddedCapacity,
  CLASS_SLOTS,
  RELAXATION_SLOTS,
  WORKSPACE_SPIN_ARRAYS,
  type BlochKernels,
  type KernelFactory,
  type SpinArrayName,
  type Workspace,
} from './kernels.ts';

/** The part of the WebAssembly JS API used here (lib ES2024 declares none; browsers and Node have it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
};

/** Byte offset of the first workspace array: the kernel module has no static data below it. */
const WORKSPACE_BASE = 65536;
const WASM_PAGE = 65536;

/** The exports of packages/mri/asm/bloch.ts (pointers are byte offsets into `memory`). */
interface BlochWasmExports {
  memory: WasmMemory;
  precess(
    n: number,
    x: number,
    y: number,
    z: number,
    dw: number,
    mx: number,
    my: number,
    kx: number,
    ky: number,
    kz: number,
    dtw: number,
  ): void;
  phasors(
    n: number,
    x: number,
    y: number,
    z: number,
    dw: number,
    e2: number,
    zr: number,
    zi: number,
    kx: number,
    ky: number,
    kz: number,
    dtw: number,
  ): void;
  relax(n: number, rho: number, e1: number, e2: number, mx: number, my: number, mz: number): void;
  precessRelax(
    n: number,
    x: number,
    y: number,
    z: number,
    dw: number,
    rho: number,
    e1: number,
    e2: number,
    mx: number,
    my: number,
    mz: number,
    kx: number,
    ky: number,
    kz: number,
    dtw: number,
  ): void;
  readout(
    n: number,
    samples: number,
    mx: number,
    my: number,
    zr: number,
    zi: number,
    outRe: number,
    outIm: number,
  ): void;
  applyMap(
    n: number,
    cls: number,
    coef: number,
    rho: number,
    mx: number,
    my: number,
    mz: number,
    c: number,
    s: number,
  ): void;
  gatherClasses(n: number, cls: number, mx: number, my: number, accRe: number, accIm: number): void;
  advanceClasses(n: number, cls: number, zr: number, zi: number, mx: number, my: number): void;
  gatherAndAdvanceClasses(
    n: number,
    cls: number,
    mx: number,
    my: number,
    accRe: number,
    accIm: number,
    zr: number,
    zi: number,
  ): void;
  rfStep(
    n: number,
    x: number,
    y: number,
    z: number,
    dw: number,
    rho: number,
    e1: number,
    e2: number,
    mx: number,
    my: number,
    mz: number,
    b1x: number,
    b1y: number,
    gx: number,
    gy: number,
    gz: number,
    dt: number,
  ): void;
}

/**
 * Kernels running the WebAssembly SIMD module whose bytes the caller passes in (the package stays free of
 * I/O; generated/bloch-wasm.ts embeds the bytes built by `npm run build:wasm -w @larmor/mri`). Compiles once;
 * each workspace gets its own instance and memory.
 */
export function createWasmKernelFactory(bytes: Uint8Array): KernelFactory {
  const module = new WebAssembly.Module(bytes);
  return (spins, samples) => {
    const exports = new WebAssembly.Instance(module, {}).exports as unknown as BlochWasmExports;
    const capacity = paddedCapacity(spins);
    const f32Bytes = capacity * 4;
    const sampleCount = Math.max(1, samples);
    // Spin arrays, signal accumulators, then the class arrays: classOf (i32), classCoef (12 f32),
    // classRe, classIm (f64), classZr, classZi (f32), each `capacity` classes long.
    const classBytes = capacity * (4 + 48 + 8 + 8 + 4 + 4);
    // Then e1, e2 of relaxation slots 1… (slot 0's are spin arrays), then classOf of class slots 1….
    const slotBytes = (RELAXATION_SLOTS - 1) * 2 * f32Bytes + (CLASS_SLOTS - 1) * capacity * 4;
    const needed =
      WORKSPACE_BASE + WORKSPACE_SPIN_ARRAYS.length * f32Bytes + 2 * sampleCount * 8 + classBytes + slotBytes;
    const { memory } = exports;
    const pages = Math.ceil(needed / WASM_PAGE) - memory.buffer.byteLength / WASM_PAGE;
    if (pages > 0) memory.grow(pages);
    const ptr = {} as Record<SpinArrayName, number>;
    const arrays = {} as Record<SpinArrayName, Float32Array>;
    WORKSPACE_SPIN_ARRAYS.forEach((name, i) => {
      ptr[name] = WORKSPACE_BASE + i * f32Bytes;
      arrays[name] = new Float32Array(memory.buffer, ptr[name], capacity);
    });
    const outRePtr = WORKSPACE_BASE + WORKSPACE_SPIN_ARRAYS.length * f32Bytes;
    const outImPtr = outRePtr + sampleCount * 8;
    const classOfPtrs = [outImPtr + sampleCount * 8];
    const coefPtr = (classOfPtrs[0] as number) + capacity * 4;
    const classRePtr = coefPtr + capacity * 48;
    const classImPtr = classRePtr + capacity * 8;
    const classZrPtr = classImPtr + capacity * 8;
    const classZiPtr = classZrPtr + capacity * 4;
    const slotPtrs = [{ e1: ptr.e1, e2: ptr.e2 }];
    for (let slot = 1; slot < RELAXATION_SLOTS; slot++) {
      const e1 = classZiPtr + capacity * 4 + (slot - 1) * 2 * f32Bytes;
      slotPtrs.push({ e1, e2: e1 + f32Bytes });
    }
    const classSlotsPtr = classZiPtr + capacity * 4 + (RELAXATION_SLOTS - 1) * 2 * f32Bytes;
    for (let slot = 1; slot < CLASS_SLOTS; slot++)
      classOfPtrs.push(classSlotsPtr + (slot - 1) * capacity * 4);
    let classOfPtr = classOfPtrs[0] as number;
    const ws: Workspace = {
      capacity,
      ...arrays,
      outRe: new Float64Array(memory.buffer, outRePtr, sampleCount),
      outIm: new Float64Array(memory.buffer, outImPtr, sampleCount),
      classOf: new Int32Array(memory.buffer, classOfPtr, capacity),
      classCoef: new Float32Array(memory.buffer, coefPtr, 12 * capacity),
      classRe: new Float64Array(memory.buffer, classRePtr, capacity),
      classIm: new Float64Array(memory.buffer, classImPtr, capacity),
      classZr: new Float32Array(memory.buffer, classZrPtr, capacity),
      classZi: new Float32Array(memory.buffer, classZiPtr, capacity),
    };
    const p = ptr;
    const kernels: BlochKernels = {
      name: 'wasm-simd',
      ws,
      selectRelaxation: (slot) => {
        const chosen = slotPtrs[slot];
        if (!chosen || !Number.isInteger(slot))
          throw new RangeError(`relaxation slot ${slot} outside 0…${RELAXATION_SLOTS - 1}`);
        p.e1 = chosen.e1;
        p.e2 = chosen.e2;
        ws.e1 = new Float32Array(memory.buffer, chosen.e1, capacity);
        ws.e2 = new Float32Array(memory.buffer, chosen.e2, capacity);
      },
      selectClasses: (slot) => {
        const chosen = classOfPtrs[slot];
        if (chosen === undefined || !Number.isInteger(slot))
          throw new RangeError(`class slot ${slot} outside 0…${CLASS_SLOTS - 1}`);
        classOfPtr = chosen;
        ws.classOf = new Int32Array(memory.buffer, chosen, capacity);
      },
      precess: (kx, ky, kz, dtw) =>
        exports.precess(capacity, p.x, p.y, p.z, p.dw, p.mx, p.my, kx, ky, kz, dtw),
      phasors: (kx, ky, kz, dtw) =>
        exports.phasors(capacity, p.x, p.y, p.z, p.dw, p.e2, p.zr, p.zi, kx, ky, kz, dtw),
      relax: () => exports.relax(capacity, p.rho, p.e1, p.e2, p.mx, p.my, p.mz),
      precessRelax: (kx, ky, kz, dtw) =>
        exports.precessRelax(
          capacity,
          p.x,
          p.y,
          p.z,
          p.dw,
          p.rho,
          p.e1,
          p.e2,
          p.mx,
          p.my,
          p.mz,
          kx,
          ky,
          kz,
          dtw,
        ),
      readout: (scratch, count, spins = capacity) =>
        exports.readout(
          spins,
          count,
          scratch ? p.sx : p.mx,
          scratch ? p.sy : p.my,
          p.zr,
          p.zi,
          outRePtr,
          outImPtr,
        ),
      applyMap: (c, s) => exports.applyMap(capacity, classOfPtr, coefPtr, p.rho, p.mx, p.my, p.mz, c, s),
      gatherClasses: (scratch) =>
        exports.gatherClasses(
          capacity,
          classOfPtr,
          scratch ? p.sx : p.mx,
          scratch ? p.sy : p.my,
          classRePtr,
          classImPtr,
        ),
      advanceClasses: () => exports.advanceClasses(capacity, classOfPtr, classZrPtr, classZiPtr, p.mx, p.my),
      gatherAndAdvanceClasses: () =>
        exports.gatherAndAdvanceClasses(
          capacity,
          classOfPtr,
          p.mx,
          p.my,
          classRePtr,
          classImPtr,
          classZrPtr,
          classZiPtr,
        ),
      rfStep: (b1x, b1y, gx, gy, gz, dt) =>
        exports.rfStep(
          capacity,
          p.x,
          p.y,
          p.z,
          p.dw,
          p.rho,
          p.e1,
          p.e2,
          p.mx,
          p.my,
          p.mz,
          b1x,
          b1y,
          gx,
          gy,
          gz,
          dt,
        ),
    };
    return kernels;
  };
}
