import type { Meters, Vec3 } from '../../units.ts';
import { paint, paintBands, type VolumeGrid } from '../rasterize.ts';
import {
  axesAlong,
  capsule,
  ellipsoid,
  halfSpace,
  intersect,
  offset,
  roughen,
  smoothUnion,
  type Shape,
} from '../sdf.ts';
import { contraction, diaphragmShift, type BodyState } from './state.ts';
import { B } from './tissues.ts';

/**
 * Lungs, heart and great vessels in whole-body coordinates (see torso.ts). Cardiac dimensions are adult
 * end-diastolic values (Lang et al., J Am Soc Echocardiogr 2015;28:1–39: LV end-diastolic diameter ≈ 48 mm,
 * wall ≈ 9–10 mm, ejection fraction ≈ 60 %); systole shrinks the cavities and thickens the walls at constant
 * myocardial volume.
 */

/** Heart centre at end-expiration [m] and the base-to-apex long axis (to the patient's left, anterior, down). */
export const HEART_CENTRE: Vec3 = [0.02, -0.035, 1.25];
const LONG_AXIS: Vec3 = [0.55, -0.5, -0.65];
/** Fractional shortening of the LV cavity's short and long semi-axes at end-systole. */
const SHORT_AXIS_SHORTENING = 0.28;
const LONG_AXIS_SHORTENING = 0.12;

/** Heart centre for a body state: the heart follows the diaphragm about half-way (Wang et al., MRM 1995;33:713). */
export function heartCentre(state: BodyState): Vec3 {
  return [HEART_CENTRE[0], HEART_CENTRE[1], HEART_CENTRE[2] + 0.5 * diaphragmShift(state.breathingMode)];
}

/** Outer semi-axis that keeps the wall volume ∝ (outer³ − inner³) constant as the inner one changes. */
function outerFor(inner: Meters, inner0: Meters, outer0: Meters): Meters {
  return Math.cbrt(inner ** 3 + (outer0 ** 3 - inner0 ** 3));
}

export function paintLungs(grid: VolumeGrid, labels: Uint8Array, state: BodyState): void {
  const dz = diaphragmShift(state.breathingMode);
  for (const side of [-1, 1]) {
    // The lung base follows the diaphragm; the apex stays put, so the lung lengthens on inspiration.
    const base = 1.13 + dz + (side < 0 ? 0.015 : 0);
    const apex = 1.47;
    const lung = roughen(
      ellipsoid([side * 0.085, 0.015, (base + apex) / 2], [0.072, 0.085, (apex - base) / 2]),
      0.004,
      0.05,
      0x6c756e67 + side,
    );
    paint(grid, labels, { label: B.lung, shape: lung, onlyOver: [B.muscle] });
  }
  // Mediastinal fat: superior mediastinum around the great vessels, posterior mediastinum behind the heart.
  for (const shape of [
    ellipsoid([0.005, 0.0, 1.37], [0.03, 0.04, 0.06]),
    ellipsoid([0.005, 0.035, 1.26], [0.028, 0.03, 0.13]),
  ]) {
    paint(grid, labels, { label: B.fat, shape, onlyOver: [B.lung, B.muscle] });
  }
  // Oesophagus (muscular wall) in the posterior mediastinum, right of the descending aorta.
  paint(grid, labels, {
    label: B.muscle,
    shape: capsule([0.0, 0.04, 1.45], [0.01, 0.03, 1.1 + dz], 0.008),
    onlyOver: [B.fat, B.lung],
  });
}

function pointOnAxis(c: Vec3, along: Vec3): (t: number, u?: Vec3) => Vec3 {
  return (t, u = [0, 0, 0]) => [
    c[0] + along[0] * t + u[0],
    c[1] + along[1] * t + u[1],
    c[2] + along[2] * t + u[2],
  ];
}

/**
 * The left ventricle for a body state: wall (outer surface, truncated at the valve plane) and cavity. Systole
 * shortens the cavity's short axes by 28 % and its long axis by 12 % (cavity volume × 0.456, EF ≈ 54 %).
 */
export function leftVentricle(state: BodyState): { outer: Shape; cavity: Shape; basePlane: Shape } {
  const axes = axesAlong(LONG_AXIS, [0, 0, 1]);
  const along = axes[2];
  const at = pointOnAxis(heartCentre(state), along);
  const k = contraction(state.cardiacPhase);
  const short0 = 0.024;
  const long0 = 0.045;
  const shortIn = short0 * (1 - SHORT_AXIS_SHORTENING * k);
  const longIn = long0 * (1 - LONG_AXIS_SHORTENING * k);
  const shortOut = outerFor(shortIn, short0, 0.034);
  const longOut = outerFor(longIn, long0, 0.053);
  const basePlane = halfSpace(at(-0.012), [-along[0], -along[1], -along[2]]);
  const centre = at(0.01);
  return {
    outer: intersect(ellipsoid(centre, [shortOut, shortOut, longOut], axes), basePlane),
    cavity: ellipsoid(centre, [shortIn, shortIn, longIn], axes),
    basePlane,
  };
}

/** Paints the heart, pericardial fat, aorta, pulmonary trunk and venae cavae for the body state. */
export function paintHeart(grid: VolumeGrid, labels: Uint8Array, state: BodyState): void {
  const c = heartCentre(state);
  const dz = c[2] - HEART_CENTRE[2];
  const axes = axesAlong(LONG_AXIS, [0, 0, 1]);
  const k = contraction(state.cardiacPhase);
  const at = pointOnAxis(c, axes[2]);
  const { outer: lvOuter, cavity: lvCavity, basePlane } = leftVentricle(state);
  // Right ventricle: a crescent wrapped on the right-anterior side of the LV (painted first, LV paints over it).
  const rvShift: Vec3 = [-0.022, -0.016, 0.004];
  const rvIn = 1 - 0.2 * k;
  const rvOuter = intersect(
    ellipsoid(at(0.0, rvShift), [0.032 * rvIn + 0.004, 0.02 * rvIn + 0.004, 0.048], axes),
    basePlane,
  );
  const rvCavity = ellipsoid(at(0.0, rvShift), [0.032 * rvIn, 0.02 * rvIn, 0.044], axes);
  // Atria behind and above the ventricles (filling in systole while the ventricles empty).
  const atrial = 1 + 0.12 * k;
  const la = ellipsoid(at(-0.035, [0.0, 0.025, 0.012]), [0.028 * atrial, 0.02 * atrial, 0.022], axes);
  const ra = ellipsoid(at(-0.03, [-0.035, 0.0, 0.01]), [0.024 * atrial, 0.024 * atrial, 0.028], axes);
  const heart = smoothUnion(0.008, lvOuter, rvOuter, la, ra);
  // Pericardium and epicardial fat: a rim around the heart where the mediastinum is not lung, then walls and pools.
  paint(grid, labels, {
    label: B.fat,
    shape: offset(roughen(heart, 0.003, 0.02, 0x70657269), 0.007),
    onlyOver: [B.muscle],
  });
  paint(grid, labels, { label: B.fat, shape: heart });
  for (const [outer, inner] of [
    [rvOuter, rvCavity],
    [la, la],
    [ra, ra],
  ] as const) {
    paintBands(grid, labels, outer, [{ label: B.myocardium, thickness: 0.003 }], B.blood);
    paint(grid, labels, { label: B.blood, shape: inner });
  }
  paint(grid, labels, { label: B.myocardium, shape: lvOuter });
  paint(grid, labels, { label: B.blood, shape: lvCavity });
  if (state.heartCondition === 'myocardialInfarction') paintInfarct(grid, labels, at, axes);
  paintGreatVessels(grid, labels, dz);
}

/**
 * Anterior-apical infarct (LAD territory, the commonest; transmural scar replacing the myocardium over about a
 * quarter of the LV wall).
 */
function paintInfarct(
  grid: VolumeGrid,
  labels: Uint8Array,
  at: (t: number, u?: Vec3) => Vec3,
  axes: readonly [Vec3, Vec3, Vec3],
): void {
  const [u, v] = axes;
  // Anterior direction in the short-axis plane: the part of −y perpendicular to the long axis.
  const ant: Vec3 = [
    -(u[1] * u[0] + v[1] * v[0]),
    -(u[1] * u[1] + v[1] * v[1]),
    -(u[1] * u[2] + v[1] * v[2]),
  ];
  const n = Math.hypot(ant[0], ant[1], ant[2]);
  const region: Shape = ellipsoid(
    at(0.03, [(ant[0] / n) * 0.02, (ant[1] / n) * 0.02, (ant[2] / n) * 0.02]),
    [0.03, 0.03, 0.035],
    axes,
  );
  paint(grid, labels, { label: B.infarct, shape: region, onlyOver: [B.myocardium] });
}

function paintGreatVessels(grid: VolumeGrid, labels: Uint8Array, dz: Meters): void {
  const vessels: Shape[] = [
    // Ascending aorta, arch, descending aorta along the left of the spine to the bifurcation (L4).
    capsule([0.0, -0.02, 1.27 + dz], [0.0, -0.01, 1.36], 0.014),
    capsule([0.0, -0.01, 1.36], [0.02, 0.03, 1.39], 0.013),
    capsule([0.02, 0.03, 1.39], [0.025, 0.045, 1.3], 0.012),
    capsule([0.025, 0.045, 1.3], [0.02, 0.035, 1.15], 0.012),
    capsule([0.02, 0.035, 1.15], [0.015, 0.02, 1.0], 0.011),
    // Pulmonary trunk from the RV outflow up and to the left.
    capsule([0.0, -0.05, 1.27 + dz], [0.02, -0.025, 1.33], 0.013),
    // Superior and inferior venae cavae on the right.
    capsule([-0.03, -0.0, 1.4], [-0.03, -0.005, 1.29 + dz], 0.01),
    capsule([-0.025, 0.025, 1.2 + dz], [-0.02, 0.03, 1.0], 0.012),
  ];
  for (const shape of vessels)
    paint(grid, labels, { label: B.blood, shape, onlyOver: [B.muscle, B.fat, B.lung] });
}
