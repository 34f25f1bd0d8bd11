import type { Meters, Vec3 } from '../../units.ts';
import type { LabelVolume } from '../types.ts';
import { gridCovering } from '../rasterize.ts';
import { buildTrunkVolume } from '../body/body.ts';
import type { BodyState } from '../body/state.ts';
import { HEART_CENTRE } from '../body/thorax.ts';

/**
 * Models cut from the procedural trunk: each is the trunk rasterised over a box around a region, with
 * coordinates shifted so the region centre is the origin (the magnet isocentre once the region is chosen).
 */
export interface TrunkCrop {
  /** Region centre in whole-body coordinates [m]. */
  centre: Vec3;
  /** Half-extents of the box around it [m]. */
  half: Vec3;
  voxelSize: Meters;
}

export const TRUNK_CROPS = {
  heart: { centre: HEART_CENTRE, half: [0.18, 0.125, 0.12], voxelSize: 0.0015 },
  spine: { centre: [0, 0.06, 1.1], half: [0.1, 0.1, 0.2], voxelSize: 0.0015 },
  abdomen: { centre: [0, 0.01, 1.07], half: [0.19, 0.13, 0.15], voxelSize: 0.002 },
  pelvis: { centre: [0, 0.01, 0.89], half: [0.2, 0.13, 0.12], voxelSize: 0.002 },
} as const satisfies Record<string, TrunkCrop>;

/** Rasterises the trunk over a crop, in coordinates centred on the crop's region. */
export function buildTrunkCrop(crop: TrunkCrop, state: BodyState): LabelVolume {
  const { centre, half } = crop;
  const grid = gridCovering(
    [centre[0] - half[0], centre[1] - half[1], centre[2] - half[2]],
    [centre[0] + half[0], centre[1] + half[1], centre[2] + half[2]],
    crop.voxelSize,
  );
  const volume = buildTrunkVolume(grid, state);
  const o = volume.origin;
  return { ...volume, origin: [o[0] - centre[0], o[1] - centre[1], o[2] - centre[2]] };
}
