import type { Meters } from '../units.ts';
import { paintBands, type VolumeGrid } from './rasterize.ts';
import type { Shape } from './sdf.ts';

/**
 * The tissues every limb model starts its table with, in label order: skin, subcutaneous fat, muscle, bone
 * (cortex over marrow) and articular cartilage. A model appends its own after them (fluid, tendon, vessels…).
 */
export const LIMB_TISSUES = ['skin', 'fat', 'muscle', 'corticalBone', 'marrow', 'cartilage'] as const;

/** The limb tissues of a joint: the limb's, then joint fluid and tendon (ligaments are tendon-like collagen). */
export const JOINT_TISSUES = [...LIMB_TISSUES, 'synovialFluid', 'tendon'] as const;

/** The labels the painters below use, from a model's tissue table. */
export type LayerLabels = Readonly<Record<'skin' | 'fat' | 'muscle' | 'corticalBone' | 'marrow', number>>;

/**
 * Paints a body part's soft tissue in one pass: skin and subcutaneous fat bands below the envelope's surface,
 * muscle inside them.
 * @param skin skin thickness [m]
 * @param fat subcutaneous fat thickness [m]
 */
export function paintSkinFatMuscle(
  grid: VolumeGrid,
  labels: Uint8Array,
  tissue: LayerLabels,
  envelope: Shape,
  skin: Meters,
  fat: Meters,
): void {
  paintBands(
    grid,
    labels,
    envelope,
    [
      { label: tissue.skin, thickness: skin },
      { label: tissue.fat, thickness: fat },
    ],
    tissue.muscle,
  );
}

/**
 * Paints bones, in order: each a cortical shell over marrow.
 * @param cortex cortical thickness [m]
 */
export function paintBones(
  grid: VolumeGrid,
  labels: Uint8Array,
  tissue: LayerLabels,
  bones: readonly Shape[],
  cortex: Meters,
): void {
  for (const bone of bones) {
    paintBands(grid, labels, bone, [{ label: tissue.corticalBone, thickness: cortex }], tissue.marrow);
  }
}
