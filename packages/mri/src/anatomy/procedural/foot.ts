import type { Meters, Vec3 } from '../../units.ts';
import type { LabelVolume } from '../types.ts';
import { airLabels, gridCovering, paint } from '../rasterize.ts';
import { JOINT_TISSUES, paintBones, paintSkinFatMuscle } from '../layers.ts';
import { box, capsule, ellipsoid, offset, roughen, smoothUnion, type Shape } from '../sdf.ts';
import { tissueTable } from '../tissueTable.ts';

/**
 * A right foot and ankle of a supine patient: toes point anterior (−y), the leg runs superior (+z), medial is +x;
 * the talar dome at the origin. Bone sizes from adult norms (calcaneus ≈ 75 mm long, foot ≈ 260 mm, Achilles
 * tendon ≈ 6 mm thick; Gray's Anatomy, 41st ed., ch. 84).
 */
export const FOOT_TISSUES = tissueTable([...JOINT_TISSUES, 'blood'] as const);

const T = FOOT_TISSUES.index;
export const FOOT_VOXEL_SIZE: Meters = 0.0015;
const SEED = 0x666f6f74;

export function buildFootVolume(voxelSize: Meters = FOOT_VOXEL_SIZE): LabelVolume {
  const grid = gridCovering([-0.065, -0.17, -0.075], [0.065, 0.11, 0.2], voxelSize);
  const labels = airLabels(grid);
  const envelope = roughen(
    smoothUnion(
      0.03,
      capsule([0, 0.03, 0.02], [0, 0.035, 0.22], 0.042, 0.048), // leg
      ellipsoid([0, 0.06, -0.035], [0.032, 0.04, 0.035]), // heel
      box([0.0, -0.035, -0.035], [0.042, 0.075, 0.022], 0.018), // midfoot and forefoot
      capsule([0.012, -0.11, -0.045], [-0.018, -0.12, -0.048], 0.016), // toes
    ),
    0.002,
    0.03,
    SEED,
  );
  paintSkinFatMuscle(grid, labels, T, envelope, 0.0018, 0.005);
  // Heel fat pad and Kager's fat pad in front of the Achilles tendon.
  paint(grid, labels, { label: T.fat, shape: ellipsoid([0, 0.06, -0.06], [0.026, 0.03, 0.014]) });
  paint(grid, labels, {
    label: T.fat,
    shape: ellipsoid([0, 0.06, 0.05], [0.012, 0.012, 0.04]),
    onlyOver: [T.muscle],
  });
  const bones: Shape[] = [
    smoothUnion(
      0.01,
      capsule([0.004, 0.03, 0.03], [0.004, 0.03, 0.21], 0.013),
      ellipsoid([0.017, 0.03, 0.01], [0.008, 0.014, 0.018]),
    ), // tibia, medial malleolus
    smoothUnion(
      0.006,
      capsule([-0.024, 0.042, 0.03], [-0.022, 0.04, 0.21], 0.006),
      ellipsoid([-0.024, 0.042, 0.005], [0.006, 0.01, 0.016]),
    ), // fibula, lateral malleolus
    ellipsoid([0, 0.025, -0.005], [0.017, 0.026, 0.013]), // talus
    ellipsoid([-0.004, 0.058, -0.032], [0.018, 0.038, 0.017]), // calcaneus
    ellipsoid([0.012, -0.006, -0.012], [0.014, 0.008, 0.012]), // navicular
    ellipsoid([-0.016, 0.004, -0.03], [0.012, 0.013, 0.01]), // cuboid
  ];
  // Cuneiforms and the five metatarsal–phalangeal rays, fanning out and dropping towards the forefoot.
  const rays: [number, number][] = [
    [0.02, 0.0075],
    [0.008, 0.005],
    [-0.004, 0.0048],
    [-0.016, 0.0046],
    [-0.028, 0.0045],
  ];
  rays.forEach(([x, r], n) => {
    if (n < 3) bones.push(ellipsoid([x * 0.8, -0.02, -0.018], [0.006, 0.009, 0.009]));
    const base: Vec3 = [x * 0.8, n < 3 ? -0.032 : -0.018, -0.025];
    const head: Vec3 = [x * 1.1, -0.1 + 0.006 * n, -0.042];
    bones.push(capsule(base, head, r));
    const toeLength = n === 0 ? 0.032 : 0.026 - 0.002 * n;
    bones.push(
      capsule([head[0], head[1] - 0.01, -0.043], [head[0], head[1] - 0.01 - toeLength, -0.046], r * 0.75),
    );
  });
  for (const b of bones) paint(grid, labels, { label: T.synovialFluid, shape: offset(b, 0.0022) });
  for (const b of bones) paint(grid, labels, { label: T.cartilage, shape: offset(b, 0.0012) });
  paintBones(
    grid,
    labels,
    T,
    bones.map((b) => roughen(b, 0.0004, 0.008, SEED + 1)),
    0.0012,
  );
  // Tendons: Achilles, tibialis posterior, peroneals, extensors, plantar fascia.
  const tendons: Shape[] = [
    capsule([0, 0.072, 0.2], [0, 0.09, -0.02], 0.0035),
    capsule([0.014, 0.045, 0.12], [0.02, 0.03, 0.0], 0.0025),
    capsule([-0.028, 0.055, 0.12], [-0.032, 0.05, -0.01], 0.0025),
    capsule([0.006, 0.005, 0.15], [0.012, -0.03, 0.0], 0.002),
    capsule([-0.002, 0.06, -0.05], [0.0, -0.09, -0.055], 0.0018),
  ];
  for (const t of tendons)
    paint(grid, labels, { label: T.tendon, shape: t, onlyOver: [T.muscle, T.fat, T.synovialFluid] });
  paint(grid, labels, {
    label: T.blood,
    shape: capsule([0.015, 0.05, 0.2], [0.02, 0.035, 0.0], 0.0022),
    onlyOver: [T.muscle, T.fat],
  });
  return { ...grid, labels };
}
