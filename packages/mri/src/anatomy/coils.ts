import type { Meters, Vec3 } from '../units.ts';
import type { Coil } from './types.ts';
import type { SliceGrid, SlicePlane } from './resample.ts';

/**
 * Receive sensitivity of one coil element at distance `d` [m] from its centre: the on-axis field of a circular
 * loop of radius R from the Biot–Savart law, B(d) ∝ R³/(R² + d²)^{3/2} (Jackson, "Classical Electrodynamics",
 * 3rd ed., §5.5), normalised to 1 at the element centre. By reciprocity this is the element's receive
 * sensitivity; we use it in every direction, a common isotropic simplification.
 */
export function loopSensitivity(distance: Meters, radius: Meters): number {
  return loopSensitivityOfSquare(distance * distance, radius);
}

/** loopSensitivity of the squared distance `squared` [m²] (no square root to take of it). */
function loopSensitivityOfSquare(squared: number, radius: Meters): number {
  const q = squared / (radius * radius);
  // (1 + q)^{3/2} as (1 + q)·√(1 + q): within an ulp of Math.pow, several times faster (a slice's coil maps
  // evaluate it for every element on every coarse point).
  const a = 1 + q;
  return 1 / (a * Math.sqrt(a));
}

/**
 * Sensitivity map of every element of a coil on a slice's pixel grid (pixel centres as in SliceGrid): one
 * Float32Array per element, `map[iy·nx + ix]` ∈ (0, 1].
 */
export function coilSensitivityMaps(coil: Coil, plane: SlicePlane, grid: SliceGrid): Float32Array[] {
  const { nx, ny } = grid;
  const cx = Math.floor(nx / 2);
  const cy = Math.floor(ny / 2);
  return coil.elements.map((element) => {
    const map = new Float32Array(nx * ny);
    for (let iy = 0; iy < ny; iy++) {
      const b = (iy - cy) * grid.pixelSpacing[1];
      for (let ix = 0; ix < nx; ix++) {
        const a = (ix - cx) * grid.pixelSpacing[0];
        const ex = plane.center[0] + a * plane.row[0] + b * plane.column[0] - element[0];
        const ey = plane.center[1] + a * plane.row[1] + b * plane.column[1] - element[1];
        const ez = plane.center[2] + a * plane.row[2] + b * plane.column[2] - element[2];
        map[iy * nx + ix] = loopSensitivityOfSquare(ex * ex + ey * ey + ez * ez, coil.elementRadius);
      }
    }
    return map;
  });
}

/** Elements spaced evenly on a ring of `radius` [m] around `center`, in the plane perpendicular to `axis` (x, y or z). */
export function ringOfElements(center: Vec3, radius: Meters, count: number, axis: 0 | 1 | 2): Vec3[] {
  return Array.from({ length: count }, (_, e) => {
    const angle = (2 * Math.PI * e) / count;
    const p: [number, number, number] = [center[0], center[1], center[2]];
    const u = (axis + 1) % 3;
    const v = (axis + 2) % 3;
    p[u] = (p[u] ?? 0) + radius * Math.cos(angle);
    p[v] = (p[v] ?? 0) + radius * Math.sin(angle);
    return p;
  });
}

/**
 * SNR gain of a coil at `point` [m] against one channel of unit sensitivity: √(Σ_c s_c²), s_c each element's
 * sensitivity there (`loopSensitivity`). An array's channels carry independent noise of equal σ, so the
 * sensitivity-weighted (or, at high SNR, sum-of-squares) combination has SNR √(Σ s_c²)·S/σ (Roemer et al., MRM
 * 1990;16:192), as the fast engine's receive does (simulate/fast/receive.ts); a coil of one element is received
 * as one unit channel (gain 1), as the engine does.
 */
export function coilSnrFactor(coil: Coil, point: Vec3): number {
  if (coil.elements.length < 2) return 1;
  let sum = 0;
  for (const e of coil.elements) {
    const s = loopSensitivity(
      Math.hypot(point[0] - e[0], point[1] - e[1], point[2] - e[2]),
      coil.elementRadius,
    );
    sum += s * s;
  }
  return Math.sqrt(sum);
}
