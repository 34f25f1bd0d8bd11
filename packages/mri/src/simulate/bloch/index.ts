/**
 * `@larmor/mri/bloch`: the Bloch engine (DESIGN.md §3, backend `censol`): isochromats, a reference engine and the
 * production engine (engine.ts), its kernels (JavaScript, WebAssembly SIMD), phantoms and the image
 * reconstruction (recon.ts).
 */
export * from './engine.ts';
export { simulateReference } from './reference.ts';
export * from './kernels.ts';
export { createWasmKernelFactory } from './wasm.ts';
export { createWasmKernels } from './wasmKernels.ts';
export * from './scan.ts';
export * from './spins.ts';
export { adcSampleTimes } from './plan.ts';
export * from './dephasing.ts';
export * from './phantom.ts';
export * from './framePhantom.ts';
export * from './recon.ts';
