/**
 * `@larmor/mri/sequence`: a protocol's defaults, parameters, limits (`validateProtocol`, the free plan), timing
 * and derived values, signal equations, phase ordering, and the timeline builder (`buildTimeline`).
 */
export * from './defaults.ts';
export * from './parameters.ts';
export * from './validate.ts';
export * from './derived.ts';
export * from './timing.ts';
export * from './steady-state.ts';
export * from './prepared.ts';
export * from './signal.ts';
export * from './phase-order.ts';
export * from './echo-train.ts';
export * from './hardware.ts';
export { buildTimeline } from './build/index.ts';
export type { BuildOptions } from './build/context.ts';
export * from './build/timelineBuilder.ts';
export * from './build/rf.ts';
export * from './kspace-centre.ts';
