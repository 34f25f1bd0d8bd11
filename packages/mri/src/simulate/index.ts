/**
 * `@larmor/mri/simulate`: the fast engine and the scan path (DESIGN.md §3, §7) — a scan snapshot run as parts
 * (`scanParts` → `runScanPart` → `assembleScan`), `simulate` and its slices, the localisers, slice geometry,
 * noise, motion, the susceptibility field map, diffusion and the Bloch phantom of a slice.
 */
export * from './simulate.ts';
export * from './snapshot.ts';
export * from './scout.ts';
export * from './geometry.ts';
export * from './noise.ts';
export * from './motion.ts';
export * from './fieldMap.ts';
export * from './epiDistortion.ts';
export * from './diffusion.ts';
export * from './prescan.ts';
export * from './blochPhantom.ts';
export * from './stop.ts';
export * from './sliceCache.ts';
export * from './fast/prepare.ts';
export * from './fast/render.ts';
