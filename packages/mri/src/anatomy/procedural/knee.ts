import type { Meters } from '../../units.ts';
import type { LabelVolume } from '../types.ts';
import { airLabels, gridCovering, paint } from '../rasterize.ts';
import { JOINT_TISSUES, paintBones, paintSkinFatMuscle } from '../layers.ts';
import {
  axesAlong,
  box,
  capsule,
  cylinder,
  ellipsoid,
  intersect,
  offset,
  roughen,
  smoothUnion,
  subtract,
  union,
} from '../sdf.ts';
import { tissueTable } from '../tissueTable.ts';

/**
 * A right knee, joint line at the origin, in patient coordinates (LPS) [m]: +x is the patient's left (medial for
 * a right knee), +y posterior, +z superior. Sizes follow adult anatomy (e.g. Gray's Anatomy, 41st ed., ch. 81–82;
 * cartilage 2–3 mm, menisci 8–12 mm wide, ACL/PCL 7–11 mm thick).
 */
export const KNEE_TISSUES = tissueTable([...JOINT_TISSUES, 'meniscus', 'blood'] as const);

const T = KNEE_TISSUES.index;

/** Default voxel size of the knee model [m]. */
export const KNEE_VOXEL_SIZE: Meters = 0.001;

/** Deterministic seed of the knee's surface detail. */
const SEED = 0x6b6e6565;

function bone() {
  // Distal femur: shaft, flared metaphysis and two condyles (medial at +x), with the intercondylar notch cut out.
  const femurShaft = capsule([0, 0.004, 0.06], [0.002, 0.002, 0.2], 0.0145);
  const metaphysis = ellipsoid([0, 0.004, 0.045], [0.036, 0.026, 0.03]);
  const medialCondyle = ellipsoid([0.021, 0.008, 0.021], [0.017, 0.03, 0.024]);
  const lateralCondyle = ellipsoid([-0.021, 0.006, 0.022], [0.017, 0.029, 0.023]);
  const trochlea = ellipsoid([0, -0.016, 0.035], [0.032, 0.014, 0.024]);
  const notch = capsule([0, 0.012, 0.008], [0, 0.05, 0.01], 0.009);
  const femur = roughen(
    subtract(smoothUnion(0.012, femurShaft, metaphysis, medialCondyle, lateralCondyle, trochlea), notch),
    0.0006,
    0.01,
    SEED + 1,
  );
  // Proximal tibia: plateau, tuberosity and shaft; fibula lateral (−x) and posterior.
  const plateau = box([0, 0.004, -0.026], [0.039, 0.028, 0.019], 0.008);
  const tuberosity = ellipsoid([0, -0.024, -0.045], [0.012, 0.01, 0.016]);
  const tibiaShaft = capsule([0, 0.006, -0.04], [0.002, 0.008, -0.2], 0.0135, 0.011);
  const tibia = roughen(smoothUnion(0.014, plateau, tuberosity, tibiaShaft), 0.0006, 0.01, SEED + 2);
  const fibula = smoothUnion(
    0.008,
    ellipsoid([-0.036, 0.02, -0.042], [0.01, 0.01, 0.012]),
    capsule([-0.037, 0.021, -0.05], [-0.039, 0.022, -0.2], 0.0065),
  );
  const patella = roughen(
    ellipsoid([0, -0.043, 0.034], [0.022, 0.01, 0.021], axesAlong([0, 0.25, 1], [1, 0, 0])),
    0.0004,
    0.008,
    SEED + 3,
  );
  return { femur, tibia, fibula, patella };
}

/** Builds the knee label volume (about 160 × 160 × 220 voxels at 1 mm). Pure and deterministic. */
export function buildKneeVolume(voxelSize: Meters = KNEE_VOXEL_SIZE): LabelVolume {
  const grid = gridCovering([-0.08, -0.075, -0.11], [0.08, 0.085, 0.11], voxelSize);
  const labels = airLabels(grid);
  const { femur, tibia, fibula, patella } = bone();

  // Soft tissue envelope: thigh, knee and calf; skin and subcutaneous fat in bands, muscle inside.
  const limb = roughen(
    smoothUnion(
      0.04,
      capsule([0, 0.008, 0.03], [0, 0.012, 0.2], 0.062),
      ellipsoid([0, 0.005, 0.0], [0.058, 0.056, 0.06]),
      capsule([0, 0.016, -0.03], [0, 0.022, -0.2], 0.052, 0.045),
    ),
    0.002,
    0.03,
    SEED,
  );
  paintSkinFatMuscle(grid, labels, T, limb, 0.0018, 0.007);

  const fatPads = [
    // Hoffa's (infrapatellar) fat pad behind the patellar tendon.
    ellipsoid([0, -0.03, -0.004], [0.021, 0.012, 0.016]),
    // Prefemoral and suprapatellar fat in front of the femur.
    ellipsoid([0, -0.03, 0.075], [0.022, 0.008, 0.03]),
    // Popliteal fossa fat between the hamstrings and the gastrocnemius heads.
    ellipsoid([0.002, 0.042, 0.005], [0.024, 0.017, 0.06]),
    // Intermuscular septum between the gastrocnemius heads.
    box([0.003, 0.05, -0.09], [0.0015, 0.02, 0.07], 0.001),
  ];
  for (const shape of fatPads) paint(grid, labels, { label: T.fat, shape, onlyOver: [T.muscle] });
  // Intermuscular fat septa radiating from the shafts: they separate the quadriceps heads, the hamstrings and,
  // below the knee, the gastrocnemius from the soleus and the anterior compartment.
  // [angle in the axial plane from +x (medial) towards +y (posterior) in degrees, length, z centre, z half-length,
  //  shaft y] [m]: lateral and medial septa, the vastus/rectus planes, the hamstring split; below the knee the
  //  soleus/gastrocnemius plane and the anterior compartment.
  const septa: [number, number, number, number, number][] = [
    [162, 0.05, 0.075, 0.045, 0.004],
    [28, 0.045, 0.075, 0.045, 0.004],
    [-48, 0.028, 0.085, 0.035, 0.004],
    [-128, 0.032, 0.085, 0.035, 0.004],
    [95, 0.03, 0.09, 0.03, 0.004],
    [70, 0.03, -0.085, 0.035, 0.008],
    [125, 0.035, -0.085, 0.035, 0.008],
    [-160, 0.03, -0.08, 0.04, 0.008],
  ];
  septa.forEach(([deg, length, zc, zh, y0], n) => {
    const dir: [number, number, number] = [
      Math.cos((deg * Math.PI) / 180),
      Math.sin((deg * Math.PI) / 180),
      0,
    ];
    const reach = 0.014 + length / 2;
    const centre: [number, number, number] = [dir[0] * reach, y0 + dir[1] * reach, zc];
    const sheet = box(centre, [length / 2, 0.0009, zh], 0.0008, axesAlong([0, 0, 1], dir));
    paint(grid, labels, {
      label: T.fat,
      shape: roughen(sheet, 0.0025, 0.018, SEED + 10 + n),
      onlyOver: [T.muscle],
    });
  });
  // Popliteal artery (medial) and vein.
  paint(grid, labels, { label: T.blood, shape: capsule([0.004, 0.036, 0.12], [0.002, 0.038, -0.11], 0.003) });
  paint(grid, labels, {
    label: T.blood,
    shape: capsule([-0.004, 0.041, 0.12], [-0.003, 0.043, -0.11], 0.0042),
  });

  // Joint fluid: a thin film around the articular surfaces, and the suprapatellar recess.
  const capsuleRegion = box([0, 0.0, 0.01], [0.045, 0.04, 0.045], 0.02);
  paint(grid, labels, {
    label: T.synovialFluid,
    shape: intersect(offset(union(femur, tibia, patella), 0.0032), capsuleRegion),
  });
  paint(grid, labels, {
    label: T.synovialFluid,
    shape: ellipsoid([0, -0.032, 0.062], [0.02, 0.0035, 0.016]),
  });

  // Hyaline cartilage, 2–3 mm, on the condyles, trochlea, tibial plateau and the back of the patella.
  paint(grid, labels, {
    label: T.cartilage,
    shape: intersect(offset(femur, 0.0025), box([0, 0, 0.02], [0.05, 0.05, 0.03])),
  });
  paint(grid, labels, {
    label: T.cartilage,
    shape: intersect(offset(tibia, 0.0022), box([0, 0.004, -0.006], [0.04, 0.03, 0.004])),
  });
  paint(grid, labels, {
    label: T.cartilage,
    shape: intersect(offset(patella, 0.003), box([0, -0.033, 0.034], [0.025, 0.006, 0.025])),
  });

  // Bones: cortical shell over marrow (thicker cortex along the diaphyses).
  paintBones(grid, labels, T, [femur, tibia, fibula, patella], 0.0012);
  for (const [a, b, r] of [
    [[0, 0.004, 0.085], [0.002, 0.002, 0.2], 0.0145],
    [[0, 0.006, -0.07], [0.002, 0.008, -0.2], 0.0128],
  ] as const) {
    paint(grid, labels, {
      label: T.corticalBone,
      shape: subtract(capsule(a, b, r), capsule(a, b, r - 0.004)),
    });
  }

  // Menisci: C-shaped fibrocartilage wedges on the plateau (dark on every sequence).
  for (const cx of [0.021, -0.021]) {
    const ring = subtract(
      cylinder([cx, 0.006, -0.0075], [cx, 0.006, -0.0005], 0.019),
      cylinder([cx, 0.006, -0.009], [cx, 0.006, 0.001], 0.011),
    );
    // Thin towards the centre (wedge) and open towards the intercondylar area (the C).
    const opening = ellipsoid([cx - Math.sign(cx) * 0.016, 0.006, -0.004], [0.009, 0.007, 0.01]);
    const wedge = subtract(subtract(ring, ellipsoid([cx, 0.006, 0.004], [0.019, 0.02, 0.0075])), opening);
    paint(grid, labels, {
      label: T.tendon,
      shape: wedge,
      onlyOver: [T.synovialFluid, T.muscle, T.fat, T.cartilage],
    });
  }

  // Ligaments and tendons.
  const ligaments = [
    capsule([-0.01, 0.022, 0.022], [0.004, -0.008, -0.007], 0.0045), // ACL
    capsule([0.008, 0.002, 0.018], [0.0, 0.03, -0.014], 0.005), // PCL
    capsule([0.05, 0.006, 0.042], [0.046, 0.0, -0.065], 0.0022), // MCL
    capsule([-0.05, 0.012, 0.036], [-0.045, 0.018, -0.04], 0.0022), // LCL
    capsule([0, -0.05, 0.014], [0, -0.034, -0.042], 0.0038), // patellar tendon
    capsule([0, -0.046, 0.055], [0, -0.032, 0.12], 0.0045), // quadriceps tendon
  ];
  for (const shape of ligaments) {
    paint(grid, labels, {
      label: T.tendon,
      shape,
      onlyOver: [T.muscle, T.fat, T.synovialFluid, T.skin, T.cartilage],
    });
  }
  return { ...grid, labels };
}
