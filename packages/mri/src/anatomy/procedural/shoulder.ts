import type { Meters } from '../../units.ts';
import type { LabelVolume } from '../types.ts';
import { airLabels, gridCovering, paint } from '../rasterize.ts';
import { JOINT_TISSUES, paintBones, paintSkinFatMuscle } from '../layers.ts';
import {
  axesAlong,
  box,
  capsule,
  ellipsoid,
  intersect,
  offset,
  roughen,
  smoothUnion,
  sphere,
  subtract,
} from '../sdf.ts';
import { tissueTable } from '../tissueTable.ts';

/**
 * A left shoulder, glenohumeral joint centre at the origin (LPS: +x lateral for the left side, +y posterior,
 * +z superior). Humeral head radius ≈ 24 mm, glenoid ≈ 35 × 25 mm, rotator-cuff tendon 4–6 mm thick, acromion
 * ≈ 8 mm above the cuff (Gray's Anatomy, 41st ed., ch. 47).
 */
export const SHOULDER_TISSUES = tissueTable([...JOINT_TISSUES, 'blood', 'lung'] as const);

const T = SHOULDER_TISSUES.index;
export const SHOULDER_VOXEL_SIZE: Meters = 0.0015;
const SEED = 0x73686c64;

export function buildShoulderVolume(voxelSize: Meters = SHOULDER_VOXEL_SIZE): LabelVolume {
  const grid = gridCovering([-0.13, -0.09, -0.15], [0.095, 0.11, 0.1], voxelSize);
  const labels = airLabels(grid);
  const envelope = roughen(
    smoothUnion(
      0.04,
      ellipsoid([-0.09, 0.01, -0.05], [0.09, 0.1, 0.13]), // chest wall and back
      ellipsoid([0.015, 0.005, -0.01], [0.05, 0.055, 0.07]), // deltoid
      capsule([0.03, 0.005, -0.04], [0.045, 0.01, -0.2], 0.045), // arm
      capsule([-0.13, 0.02, 0.06], [-0.02, 0.02, 0.05], 0.04), // trapezius
    ),
    0.002,
    0.04,
    SEED,
  );
  paintSkinFatMuscle(grid, labels, T, envelope, 0.0018, 0.006);
  paint(grid, labels, {
    label: T.lung,
    shape: ellipsoid([-0.13, -0.0, -0.12], [0.05, 0.06, 0.09]),
    onlyOver: [T.muscle],
  });
  // Subdeltoid fat plane over the cuff.
  const head = sphere([0.004, 0, 0], 0.024);
  paint(grid, labels, {
    label: T.fat,
    shape: intersect(
      subtract(offset(head, 0.013), offset(head, 0.01)),
      box([0.02, 0, 0.01], [0.03, 0.03, 0.03]),
    ),
    onlyOver: [T.muscle],
  });
  // Supraspinatus muscle in its fossa and its tendon arching over the head to the greater tuberosity.
  paint(grid, labels, { label: T.muscle, shape: capsule([-0.1, 0.04, 0.025], [-0.02, 0.012, 0.03], 0.013) });
  paint(grid, labels, {
    label: T.tendon,
    shape: intersect(
      subtract(offset(head, 0.008), offset(head, 0.0025)),
      box([0.012, -0.002, 0.02], [0.02, 0.014, 0.014]),
    ),
  });
  // Joint: fluid film, cartilage on head and glenoid, labrum.
  const glenoid = ellipsoid([-0.03, 0.004, 0], [0.008, 0.014, 0.019], axesAlong([0.2, 0.3, 1]));
  paint(grid, labels, {
    label: T.synovialFluid,
    shape: intersect(offset(head, 0.004), offset(glenoid, 0.014)),
  });
  paint(grid, labels, { label: T.cartilage, shape: intersect(offset(head, 0.002), offset(glenoid, 0.012)) });
  paint(grid, labels, {
    label: T.tendon,
    shape: intersect(
      subtract(offset(glenoid, 0.004), offset(glenoid, 0.0)),
      box([-0.024, 0.004, 0], [0.005, 0.02, 0.025]),
    ),
  });
  // Bones: humerus, scapula (glenoid, blade, spine, acromion, coracoid), clavicle.
  const humerus = roughen(
    smoothUnion(
      0.008,
      head,
      ellipsoid([0.022, -0.006, 0.008], [0.01, 0.012, 0.013]),
      capsule([0.012, 0, -0.012], [0.035, 0.004, -0.2], 0.012),
    ),
    0.0006,
    0.01,
    SEED + 1,
  );
  const scapula = smoothUnion(
    0.01,
    glenoid,
    box([-0.075, 0.045, -0.045], [0.045, 0.004, 0.065], 0.003, axesAlong([0, 0, 1], [0.85, 0.5, 0])),
    capsule([-0.1, 0.065, 0.02], [-0.005, 0.03, 0.04], 0.006),
    ellipsoid([0.02, 0.005, 0.042], [0.022, 0.02, 0.005]),
    capsule([-0.03, 0.0, 0.015], [-0.012, -0.035, 0.015], 0.006),
  );
  const clavicle = capsule([0.012, -0.012, 0.05], [-0.13, -0.045, 0.06], 0.007);
  paintBones(grid, labels, T, [humerus, scapula, clavicle], 0.0015);
  // Long head of biceps in the bicipital groove; axillary artery.
  paint(grid, labels, {
    label: T.tendon,
    shape: capsule([0.012, -0.024, 0.005], [0.03, -0.022, -0.12], 0.0028),
    onlyOver: [T.muscle, T.fat, T.corticalBone],
  });
  paint(grid, labels, {
    label: T.blood,
    shape: capsule([-0.06, -0.02, -0.03], [0.01, -0.01, -0.09], 0.004),
    onlyOver: [T.muscle, T.fat],
  });
  return { ...grid, labels };
}
