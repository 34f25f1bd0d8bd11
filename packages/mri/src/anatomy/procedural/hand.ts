import type { Meters, Vec3 } from '../../units.ts';
import type { LabelVolume } from '../types.ts';
import { airLabels, gridCovering, paint, paintBands } from '../rasterize.ts';
import { LIMB_TISSUES, paintBones, paintSkinFatMuscle } from '../layers.ts';
import { box, capsule, ellipsoid, normalise, offset, roughen, smoothUnion, type Shape } from '../sdf.ts';
import { tissueTable } from '../tissueTable.ts';

/**
 * A left hand and wrist in anatomical position: fingers towards −z, palm facing anterior (−y), thumb lateral
 * (+x); the radiocarpal joint at the origin. Bone lengths from adult norms (metacarpals 45–70 mm, proximal
 * phalanges 25–45 mm; Gray's Anatomy, 41st ed., ch. 50).
 */
export const HAND_TISSUES = tissueTable([...LIMB_TISSUES, 'tendon', 'blood'] as const);

const T = HAND_TISSUES.index;
export const HAND_VOXEL_SIZE: Meters = 0.001;
const SEED = 0x68616e64;

/** One ray (metacarpal and phalanges): base position and direction, and bone lengths [m]. */
interface Ray {
  base: Vec3;
  direction: Vec3;
  lengths: readonly number[];
  radius: Meters;
}

const RAYS: readonly Ray[] = [
  {
    base: [0.02, -0.006, -0.018],
    direction: [0.45, -0.3, -0.85],
    lengths: [0.042, 0.03, 0.022],
    radius: 0.0052,
  },
  {
    base: [0.014, 0, -0.025],
    direction: [0.08, 0, -1],
    lengths: [0.065, 0.04, 0.024, 0.018],
    radius: 0.0046,
  },
  { base: [0.004, 0, -0.026], direction: [0, 0, -1], lengths: [0.062, 0.044, 0.027, 0.019], radius: 0.0046 },
  {
    base: [-0.006, 0, -0.025],
    direction: [-0.06, 0, -1],
    lengths: [0.056, 0.041, 0.026, 0.018],
    radius: 0.0042,
  },
  {
    base: [-0.016, 0, -0.023],
    direction: [-0.14, 0, -1],
    lengths: [0.052, 0.033, 0.02, 0.017],
    radius: 0.004,
  },
];

/** Joint gap between consecutive bones of a ray, filled with cartilage [m]. */
const JOINT: Meters = 0.0025;

export function buildHandVolume(voxelSize: Meters = HAND_VOXEL_SIZE): LabelVolume {
  const grid = gridCovering([-0.055, -0.035, -0.2], [0.08, 0.03, 0.09], voxelSize);
  const labels = airLabels(grid);
  const bones: Shape[] = [];
  const fingers: Shape[] = [];
  const tendons: Shape[] = [];
  for (const ray of RAYS) {
    const d = normalise(ray.direction);
    let p: Vec3 = ray.base;
    ray.lengths.forEach((length, b) => {
      const q: Vec3 = [p[0] + d[0] * length, p[1] + d[1] * length, p[2] + d[2] * length];
      const r = ray.radius * (b === 0 ? 1 : 0.9 - 0.12 * b);
      bones.push(capsule(p, q, r));
      if (b > 0) fingers.push(capsule(p, q, r + 0.0055));
      p = [q[0] + d[0] * JOINT, q[1] + d[1] * JOINT, q[2] + d[2] * JOINT];
    });
    // Flexor (palmar, −y) and extensor (dorsal, +y) tendons along the ray.
    tendons.push(capsule([ray.base[0], -0.009, 0.02], [p[0], p[1] - 0.0065, p[2] + 0.01], 0.0022));
    tendons.push(capsule([ray.base[0], 0.008, 0.02], [p[0], p[1] + 0.0055, p[2] + 0.01], 0.0016));
  }
  const palm = roughen(
    smoothUnion(
      0.015,
      box([0.002, 0, -0.05], [0.036, 0.014, 0.045], 0.01),
      ellipsoid([0.028, -0.01, -0.04], [0.016, 0.014, 0.03]), // thenar eminence
      capsule([0.0, 0.0, 0.0], [0.0, 0.002, 0.1], 0.024, 0.03), // wrist and forearm
    ),
    0.0015,
    0.02,
    SEED,
  );
  paintSkinFatMuscle(grid, labels, T, palm, 0.0015, 0.004);
  for (const f of fingers) paintBands(grid, labels, f, [{ label: T.skin, thickness: 0.0015 }], T.fat);
  for (const t of tendons) paint(grid, labels, { label: T.tendon, shape: t });
  // Cartilage caps around each joint, then the bones.
  for (const b of bones) paint(grid, labels, { label: T.cartilage, shape: offset(b, JOINT * 0.6) });
  const forearm = [
    smoothUnion(
      0.01,
      capsule([0.012, 0, 0.012], [0.014, 0.002, 0.09], 0.0085),
      ellipsoid([0.009, 0, 0.012], [0.018, 0.01, 0.008]),
    ),
    capsule([-0.016, 0.002, 0.012], [-0.015, 0.004, 0.09], 0.0065),
  ];
  // Carpus: proximal row (scaphoid, lunate, triquetrum, pisiform) and distal row (trapezium … hamate).
  const carpals: Shape[] = [
    ellipsoid([0.014, -0.001, -0.002], [0.007, 0.006, 0.009]),
    ellipsoid([0.002, 0, -0.001], [0.006, 0.007, 0.006]),
    ellipsoid([-0.009, 0.001, -0.003], [0.005, 0.006, 0.006]),
    ellipsoid([-0.012, -0.009, -0.004], [0.004, 0.004, 0.004]),
    ellipsoid([0.02, -0.004, -0.014], [0.006, 0.006, 0.006]),
    ellipsoid([0.011, 0, -0.015], [0.004, 0.006, 0.005]),
    ellipsoid([0.002, 0, -0.015], [0.005, 0.007, 0.008]),
    ellipsoid([-0.01, 0, -0.014], [0.006, 0.007, 0.007]),
  ];
  for (const b of [...forearm, ...carpals])
    paint(grid, labels, { label: T.cartilage, shape: offset(b, 0.001) });
  paintBones(grid, labels, T, [...bones, ...forearm, ...carpals], 0.001);
  // Radial and ulnar arteries at the wrist.
  for (const x of [0.02, -0.018]) {
    paint(grid, labels, {
      label: T.blood,
      shape: capsule([x, -0.014, 0.08], [x * 0.8, -0.012, -0.01], 0.0016),
      onlyOver: [T.muscle, T.fat],
    });
  }
  return { ...grid, labels };
}
