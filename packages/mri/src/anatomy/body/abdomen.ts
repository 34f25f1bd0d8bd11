import type { Vec3 } from '../../units.ts';
import { valueNoise3 } from '../noise.ts';
import { paint, paintBands, type VolumeGrid } from '../rasterize.ts';
import { axesAlong, capsule, ellipsoid, roughen, smoothUnion, type Shape } from '../sdf.ts';
import { diaphragmShift, type BodyState } from './state.ts';
import { B } from './tissues.ts';

/**
 * Abdominal and pelvic organs in whole-body coordinates (see torso.ts), sized after adult norms (liver ≈ 1.5 L,
 * kidneys 10–12 cm long with a cortex of 6–10 mm, spleen ≈ 12 cm, bladder ≈ 300 mL moderately filled, prostate
 * ≈ 4 cm wide). Upper-abdominal organs move with the diaphragm; kidneys about 70 % as far (Moerland et al.,
 * Radiother Oncol 1994;30:150–154).
 */
const SEED = 0x61626430;

function shifted(v: Vec3, dz: number): Vec3 {
  return [v[0], v[1], v[2] + dz];
}

/** Bowel loops: inside `region`, where a smooth noise field is positive (fat in between, like mesentery). */
function bowelLoops(region: Shape, featureSize: number, seed: number): Shape {
  const f = 1 / featureSize;
  return {
    distance: (x, y, z) =>
      Math.max(region.distance(x, y, z), -0.006 * valueNoise3(x * f, y * f, z * f, seed) - 0.001),
    min: region.min,
    max: region.max,
  };
}

export function paintAbdomen(grid: VolumeGrid, labels: Uint8Array, state: BodyState): void {
  const dz = diaphragmShift(state.breathingMode);
  const soft = [B.muscle, B.fat, B.lung];
  // Intra-abdominal fat fills the peritoneal cavity first; organs are painted into it.
  paint(grid, labels, {
    label: B.fat,
    shape: ellipsoid([0, -0.01, 1.02], [0.125, 0.075, 0.16]),
    onlyOver: [B.muscle],
  });
  // Liver: right lobe under the right hemidiaphragm, left lobe across the midline; dome pushes the lung up.
  const liver = roughen(
    smoothUnion(
      0.03,
      ellipsoid(shifted([-0.065, 0.0, 1.12], dz), [0.085, 0.08, 0.085]),
      ellipsoid(shifted([0.02, -0.045, 1.14], dz), [0.07, 0.035, 0.05]),
    ),
    0.004,
    0.05,
    SEED + 1,
  );
  paint(grid, labels, { label: B.liver, shape: liver, onlyOver: soft });
  // Portal vein and hepatic veins inside the liver.
  paint(grid, labels, {
    label: B.blood,
    shape: capsule(shifted([-0.01, 0.02, 1.07], dz), shifted([-0.06, 0.01, 1.12], dz), 0.006),
    onlyOver: [B.liver],
  });
  // Spleen, stomach (fluid-filled, drawn as bowel) on the left.
  paint(grid, labels, {
    label: B.spleen,
    shape: roughen(
      ellipsoid(shifted([0.1, 0.05, 1.12], dz), [0.03, 0.05, 0.06], axesAlong([0.3, 0.5, 1])),
      0.003,
      0.04,
      SEED + 2,
    ),
    onlyOver: soft,
  });
  paint(grid, labels, {
    label: B.bowel,
    shape: ellipsoid(shifted([0.06, -0.035, 1.12], dz), [0.05, 0.035, 0.06], axesAlong([-0.4, 0.2, 1])),
    onlyOver: soft,
  });
  // Kidneys: cortex band around medulla, renal sinus fat at the hilum (medial).
  const kdz = 0.7 * dz;
  for (const side of [-1, 1]) {
    const centre: Vec3 = [side * 0.075, 0.06, 1.035 + (side < 0 ? -0.015 : 0) + kdz];
    const kidney = roughen(
      ellipsoid(centre, [0.028, 0.024, 0.055], axesAlong([side * -0.25, 0.2, 1], [1, 0, 0])),
      0.0015,
      0.03,
      SEED + 3 + side,
    );
    paint(grid, labels, { label: B.fat, shape: ellipsoid(centre, [0.045, 0.04, 0.075]), onlyOver: soft });
    paintBands(grid, labels, kidney, [{ label: B.kidneyCortex, thickness: 0.007 }], B.kidneyMedulla);
    paint(grid, labels, {
      label: B.fat,
      shape: ellipsoid([centre[0] - side * 0.018, centre[1] - 0.005, centre[2]], [0.012, 0.01, 0.025]),
      onlyOver: [B.kidneyMedulla, B.kidneyCortex],
    });
    paint(grid, labels, {
      label: B.urine,
      shape: ellipsoid([centre[0] - side * 0.014, centre[1] - 0.004, centre[2]], [0.006, 0.005, 0.014]),
      onlyOver: [B.fat, B.kidneyMedulla],
    });
  }
  // Pancreas: head in the duodenal C on the right, body and tail across to the splenic hilum.
  paint(grid, labels, {
    label: B.pancreas,
    shape: smoothUnion(
      0.01,
      ellipsoid(shifted([-0.025, 0.0, 1.06], dz), [0.02, 0.016, 0.025]),
      capsule(shifted([-0.02, 0.005, 1.07], dz), shifted([0.075, 0.035, 1.09], dz), 0.011, 0.008),
    ),
    onlyOver: [B.fat, B.muscle],
  });
  // Small and large bowel in the lower abdomen.
  paint(grid, labels, {
    label: B.bowel,
    shape: bowelLoops(ellipsoid([0, -0.03, 0.98], [0.12, 0.06, 0.1]), 0.025, SEED + 5),
    onlyOver: [B.fat],
  });
}

/** Bladder, prostate and rectum (a male pelvis). */
export function paintPelvicOrgans(grid: VolumeGrid, labels: Uint8Array): void {
  const soft = [B.muscle, B.fat, B.bowel];
  paint(grid, labels, {
    label: B.fat,
    shape: ellipsoid([0, 0.0, 0.87], [0.06, 0.08, 0.07]),
    onlyOver: [B.muscle],
  });
  const bladder = roughen(ellipsoid([0, -0.04, 0.885], [0.045, 0.035, 0.035]), 0.002, 0.03, SEED + 9);
  paintBands(grid, labels, bladder, [{ label: B.muscle, thickness: 0.003 }], B.urine);
  paint(grid, labels, {
    label: B.prostate,
    shape: ellipsoid([0, -0.02, 0.835], [0.02, 0.016, 0.018]),
    onlyOver: soft,
  });
  paint(grid, labels, {
    label: B.bowel,
    shape: smoothUnion(
      0.01,
      capsule([0, 0.035, 0.84], [0, 0.06, 0.93], 0.014),
      capsule([0, 0.06, 0.93], [0.02, 0.04, 0.98], 0.013),
    ),
    onlyOver: soft,
  });
}
