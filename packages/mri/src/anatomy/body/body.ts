import type { LabelVolume } from '../types.ts';
import { airLabels, type VolumeGrid } from '../rasterize.ts';
import { paintAbdomen, paintPelvicOrgans } from './abdomen.ts';
import type { BodyState } from './state.ts';
import { paintHeart, paintLungs } from './thorax.ts';
import { paintPelvicBones, paintRibcage, paintSpine, paintTrunkWall } from './torso.ts';

/**
 * Paints the whole trunk (wall, lungs, heart, abdominal and pelvic organs, skeleton) onto `labels` over `grid`.
 * Only shapes whose bounding boxes meet the grid cost anything, so a small crop (the heart) is fast.
 */
export function paintTrunk(grid: VolumeGrid, labels: Uint8Array, state: BodyState): void {
  paintTrunkWall(grid, labels);
  paintLungs(grid, labels, state);
  paintAbdomen(grid, labels, state);
  paintPelvicOrgans(grid, labels);
  paintHeart(grid, labels, state);
  paintRibcage(grid, labels);
  paintPelvicBones(grid, labels);
  paintSpine(grid, labels);
}

/** The trunk rasterised on a grid. */
export function buildTrunkVolume(grid: VolumeGrid, state: BodyState): LabelVolume {
  const labels = airLabels(grid);
  paintTrunk(grid, labels, state);
  return { ...grid, labels };
}
