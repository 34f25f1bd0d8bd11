import type { TissueKey } from '../../tissue/types.ts';
import type { Vec3 } from '../../units.ts';
import type { LabelVolume } from '../types.ts';
import { classifyVoxels } from '../rasterize.ts';
import { irregularBlob } from '../lesionShapes.ts';

/**
 * The knee's pathology for the fat-suppression lessons (STIR vs fat saturation): the "bone bruise" pattern of a
 * pivot-shift injury — bone-marrow oedema in the lateral femoral condyle and the posterolateral tibial plateau
 * (Sanders et al., Radiographics 2000;20:S135, "Bone contusion patterns of the knee at MR imaging") — and a joint
 * effusion distending the suprapatellar recess. Oedema is only visible once the fat of the marrow is suppressed
 * (bright on STIR and fat-saturated T2, dark on T1); the effusion is fluid (`synovialFluid`). Both are seeded
 * irregular blobs painted at load time, the same on every build.
 */

/** Tissues the pathology adds to a knee's table (after the base tissues). */
export const KNEE_PATHOLOGY_TISSUES = ['marrowOedema'] as const;

/** Where the pathology sits in one knee model (LPS; −x is lateral in these right knees) [m]. */
export interface KneeSites {
  /** Bone-marrow oedema: centre and semi-axes of each contusion. */
  contusions: readonly { centre: Vec3; radii: Vec3 }[];
  /** The distended suprapatellar recess. */
  effusion: { centre: Vec3; radii: Vec3 };
}

/** The atlas knee (joint line near z = −10 mm, patella at y ≈ −45 mm, z 20–45 mm). */
export const ATLAS_KNEE_SITES: KneeSites = {
  contusions: [
    { centre: [-0.03, 0.006, 0.005], radii: [0.009, 0.013, 0.008] },
    { centre: [-0.025, 0.015, -0.022], radii: [0.009, 0.008, 0.006] },
  ],
  effusion: { centre: [-0.01, -0.026, 0.058], radii: [0.022, 0.006, 0.016] },
};

/** The procedural knee (procedural/knee.ts: joint line at z = 0, lateral condyle at x = −21 mm). */
export const PROCEDURAL_KNEE_SITES: KneeSites = {
  contusions: [
    { centre: [-0.021, 0.0, 0.007], radii: [0.009, 0.012, 0.007] },
    { centre: [-0.02, 0.012, -0.015], radii: [0.009, 0.008, 0.006] },
  ],
  effusion: { centre: [0, -0.028, 0.068], radii: [0.022, 0.007, 0.02] },
};

const SEED = 0x626d65;

/** The knee's tissue table with the pathology tissues appended. */
export function kneeTissuesWithPathology(base: readonly TissueKey[]): TissueKey[] {
  return [...base, ...KNEE_PATHOLOGY_TISSUES.filter((t) => !base.includes(t))];
}

/**
 * A copy of `volume` (labelled by `base`, whose table becomes `kneeTissuesWithPathology(base)`) with the
 * contusions painted over marrow and the effusion over fat, muscle and joint fluid of the recess.
 */
export function applyKneePathology(
  volume: LabelVolume,
  base: readonly TissueKey[],
  sites: KneeSites,
): LabelVolume {
  const tissues = kneeTissuesWithPathology(base);
  const idx = (key: TissueKey): number => {
    const i = tissues.indexOf(key);
    if (i < 0) throw new Error(`the knee's tissue table has no ${key}`);
    return i;
  };
  const out: LabelVolume = { ...volume, labels: new Uint8Array(volume.labels) };
  const oedema = idx('marrowOedema');
  sites.contusions.forEach((c, n) => {
    const shape = irregularBlob({ ...c, lobes: 4, roughness: 0.35, seed: SEED + n });
    classifyVoxels(out, out.labels, shape, (d) => (d < 0 ? oedema : -1), [idx('marrow')]);
  });
  const fluid = idx('synovialFluid');
  const recess = irregularBlob({ ...sites.effusion, lobes: 3, roughness: 0.2, seed: SEED + 16 });
  classifyVoxels(out, out.labels, recess, (d) => (d < 0 ? fluid : -1), [idx('fat'), idx('muscle'), fluid]);
  return out;
}
