/** The Bloch engine (DESIGN.md §3, backend `censol`): isochromats, a reference engine and the production engine (engine.ts), the image reconstruction (recon.ts). */
export { simulateBloch, type BlochEngineOptions } from './engine.ts';
export { simulateReference } from './reference.ts';
export { createJsKernels, type BlochKernels, type KernelFactory } from './kernels.ts';
export { createWasmKernelFactory } from './wasm.ts';
export { createWasmKernels } from './wasmKernels.ts';
export {
  addSignals,
  emptySignal,
  splitIntoChunks,
  type BlochScan,
  type BlochSignal,
  type CoilSensitivity,
  type RigidMotion,
} from './scan.ts';
export {
  cloneSpins,
  createSpinSet,
  sliceSpins,
  withT2StarSpread,
  type SpinProperties,
  type SpinSet,
} from './spins.ts';
export { adcSampleTimes } from './plan.ts';
export { T2_STAR_ISOCHROMATS } from './dephasing.ts';
export { spinsFromSlice, type SlicePhantomOptions } from './phantom.ts';
