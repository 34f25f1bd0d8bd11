import type { Meters } from '../units.ts';
import { valueNoise3 } from './noise.ts';

/**
 * Tissue texture: real tissue is not flat. Cell density, water content, myelination and iron vary smoothly within
 * a tissue, so PD, T1 and T2 vary by a few per cent over millimetres (e.g. regional white-matter T1 varies by
 * ±3–5 % across the brain at 3 T: Wright et al., MAGMA 2008;21:121; and within-tissue T2 standard deviations of a
 * few per cent in quantitative maps of healthy tissue, Deoni, Top Magn Reson Imaging 2010;21:101). A model carries
 * a texture (seed, amplitude, feature size); the engines multiply each voxel's PD, T1 and T2 by
 * 1 + amplitude·n(position), with n a smooth, seeded value-noise field in [−1, 1] (noise.ts), one field per
 * property. The same model always gets the same fields, so its images stay reproducible.
 */
export interface TissueTexture {
  /** Seed of the three fields (PD, T1, T2). */
  seed: number;
  /** Largest relative deviation of a property from its library value (0.03 = ±3 %). */
  amplitude: number;
  /** Size of the texture's features [m]: the lattice spacing of the value noise. */
  featureSize: Meters;
}

/** The properties a texture modulates, in the order of their fields. */
export const TEXTURE_PROPERTIES = ['pd', 't1', 't2'] as const;
export type TexturedProperty = (typeof TEXTURE_PROPERTIES)[number];

/** A few per cent (issue 22: "a few per cent, smooth at a few mm"). */
export const TEXTURE_AMPLITUDE = 0.03;
/** Features of about 4 mm. */
export const TEXTURE_FEATURE_SIZE: Meters = 0.004;

/** The texture of model `id`: the same for every build of that model. */
export function modelTexture(id: number): TissueTexture {
  return {
    seed: (Math.imul(id + 1, 0x9e3779b1) ^ 0x74657874) >>> 0,
    amplitude: TEXTURE_AMPLITUDE,
    featureSize: TEXTURE_FEATURE_SIZE,
  };
}

/**
 * The factor that multiplies `property` at patient position (x, y, z) [m]: 1 + amplitude·n, n ∈ [−1, 1] from
 * value noise with the quintic fade (C² smooth; steepest slope 2·15/8 = 3.75 per feature size), so the factor stays
 * within [1 − amplitude, 1 + amplitude] and changes by at most 3.75·amplitude·d/featureSize over a short distance d.
 */
export function textureFactor(
  texture: TissueTexture,
  property: TexturedProperty,
  x: number,
  y: number,
  z: number,
): number {
  const f = 1 / texture.featureSize;
  return 1 + texture.amplitude * valueNoise3(x * f, y * f, z * f, textureSeed(texture, property));
}

/** The noise seed of one property's field. */
export function textureSeed(texture: TissueTexture, property: TexturedProperty): number {
  return (texture.seed + TEXTURE_PROPERTIES.indexOf(property) * 0x632be5ab) >>> 0;
}
