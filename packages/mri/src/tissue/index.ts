/** `@larmor/mri/tissue`: the tissue library (relaxation at a field), names, gadolinium and bolus enhancement. */
export * from './library.ts';
export * from './names.ts';
export * from './contrast.ts';
export * from './bolus.ts';
export type * from './types.ts';
