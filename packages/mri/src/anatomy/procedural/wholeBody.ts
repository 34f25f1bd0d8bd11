import type { Meters, Vec3 } from '../../units.ts';
import type { LabelVolume, Region } from '../types.ts';
import { airLabels, gridCovering, paintBands, type VolumeGrid } from '../rasterize.ts';
import { paintBones, paintSkinFatMuscle } from '../layers.ts';
import { box, capsule, ellipsoid, roughen, smoothUnion } from '../sdf.ts';
import { paintTrunk } from '../body/body.ts';
import { DEFAULT_BODY_STATE } from '../body/state.ts';
import { B } from '../body/tissues.ts';

/**
 * A low-resolution whole body (1.80 m, supine, arms at the sides) for choosing the isocentre: the procedural
 * trunk plus head, arms and legs, in whole-body coordinates (LPS, z [m] from the soles).
 */
export const WHOLE_BODY_VOXEL_SIZE: Meters = 0.005;

/** Whole-body isocentre choices along z [m] (spec: 180, 140, 100, 60, 20 cm; default 180). */
export const WHOLE_BODY_ISOCENTERS_M = [1.8, 1.4, 1.0, 0.6, 0.2] as const;

/** The spec's regions with their isocentre heights (simulator.md §9), placed on this body. */
export const WHOLE_BODY_REGIONS: readonly Region[] = [
  { id: 1, name: 'Spine', center: [0, 0.06, 1.3] },
  { id: 2, name: 'Abdomen', center: [0, 0.0, 1.3] },
  { id: 3, name: 'Left shoulder and elbow', center: [0.2, 0.01, 1.34] },
  { id: 4, name: 'Pelvis', center: [0, 0.01, 0.88] },
  { id: 5, name: 'Left hand', center: [0.25, 0.0, 0.93] },
  { id: 6, name: 'Right knee', center: [-0.1, 0.0, 0.6] },
  { id: 7, name: 'Right foot', center: [-0.1, -0.03, 0.11] },
];

const SEED = 0x626f6479;

function paintLimb(
  grid: VolumeGrid,
  labels: Uint8Array,
  points: readonly Vec3[],
  radii: readonly number[],
): void {
  const soft = [];
  const bone = [];
  for (let s = 0; s + 1 < points.length; s++) {
    const a = points[s] ?? [0, 0, 0];
    const b = points[s + 1] ?? [0, 0, 0];
    soft.push(capsule(a, b, radii[s] ?? 0.03, radii[s + 1] ?? 0.03));
    bone.push(capsule(a, b, 0.013));
  }
  const limb = roughen(smoothUnion(0.02, ...soft), 0.003, 0.05, SEED + points.length);
  paintSkinFatMuscle(grid, labels, B, limb, 0.002, 0.01);
  paintBones(grid, labels, B, bone, 0.004);
}

export function buildWholeBodyVolume(voxelSize: Meters = WHOLE_BODY_VOXEL_SIZE): LabelVolume {
  const grid = gridCovering([-0.3, -0.2, 0], [0.3, 0.17, 1.82], voxelSize);
  const labels = airLabels(grid);
  paintTrunk(grid, labels, DEFAULT_BODY_STATE);
  // Head: concentric layers (scalp, skull, CSF, cortex) around white matter.
  paintBands(
    grid,
    labels,
    roughen(ellipsoid([0, 0.01, 1.69], [0.075, 0.095, 0.11]), 0.003, 0.04, SEED),
    [
      { label: B.skin, thickness: 0.003 },
      { label: B.fat, thickness: 0.004 },
      { label: B.corticalBone, thickness: 0.007 },
      { label: B.csf, thickness: 0.003 },
      { label: B.greyMatter, thickness: 0.006 },
    ],
    B.whiteMatter,
  );
  for (const side of [-1, 1]) {
    // Arm: shoulder, elbow, wrist, fingertips.
    paintLimb(
      grid,
      labels,
      [
        [side * 0.19, 0.01, 1.45],
        [side * 0.22, 0.02, 1.13],
        [side * 0.24, 0.0, 0.87],
        [side * 0.25, -0.01, 0.7],
      ],
      [0.045, 0.04, 0.03, 0.02],
    );
    // Leg: hip, knee, ankle; then the foot pointing anterior (−y).
    paintLimb(
      grid,
      labels,
      [
        [side * 0.1, 0.015, 0.9],
        [side * 0.1, 0.0, 0.52],
        [side * 0.1, 0.03, 0.09],
      ],
      [0.085, 0.055, 0.035],
    );
    paintSkinFatMuscle(
      grid,
      labels,
      B,
      box([side * 0.1, -0.05, 0.04], [0.04, 0.11, 0.035], 0.02),
      0.002,
      0.008,
    );
  }
  return { ...grid, labels };
}
