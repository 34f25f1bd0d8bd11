import type { Meters, Vec3 } from '../units.ts';
import { seededRandom } from '../simulate/noise.ts';
import { axesAlong, ellipsoid, normalise, roughen, smoothUnion, type Shape } from './sdf.ts';

/** Orthonormal local axes (rows), as `axesAlong` returns them. */
export type Axes = ReturnType<typeof axesAlong>;

/** An irregular lesion: a seeded cluster of ellipsoidal lobes with a rough surface. */
export interface BlobSpec {
  centre: Vec3;
  /** Semi-axes of the main lobe along the local axes [m]. */
  radii: Vec3;
  /** Local axes of the main lobe (default: patient axes). */
  axes?: Axes;
  /** Extra lobes budding off the main lobe (0 for a plain roughened ovoid). */
  lobes: number;
  /** Surface displacement amplitude as a fraction of the smallest semi-axis (0.1–0.4). */
  roughness: number;
  seed: number;
}

const PATIENT_AXES: Axes = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];

/**
 * A seeded irregular blob: the main ellipsoid smoothly united (IQ smooth minimum, sdf.ts) with `lobes` smaller
 * ellipsoids whose centres sit 35–65 % of the way to the main surface in random directions, then roughened with
 * value noise at about half the smallest semi-axis. Lesions grow along paths of least resistance and by
 * coalescing foci, so they are lobulated rather than spherical; the seed makes each the same on every build.
 */
export function irregularBlob(spec: BlobSpec): Shape {
  const random = seededRandom(spec.seed);
  const axes = spec.axes ?? PATIENT_AXES;
  const [rx, ry, rz] = spec.radii;
  const minRadius: Meters = Math.min(rx, ry, rz);
  const parts: Shape[] = [ellipsoid(spec.centre, spec.radii, axes)];
  for (let l = 0; l < spec.lobes; l++) {
    const d = normalise([random() * 2 - 1, random() * 2 - 1, random() * 2 - 1]);
    const reach = 0.35 + random() * 0.3;
    const local: Vec3 = [d[0] * rx * reach, d[1] * ry * reach, d[2] * rz * reach];
    const centre: Vec3 = [0, 1, 2].map(
      (k) =>
        spec.centre[k as 0 | 1 | 2] +
        local[0] * axes[0][k as 0 | 1 | 2] +
        local[1] * axes[1][k as 0 | 1 | 2] +
        local[2] * axes[2][k as 0 | 1 | 2],
    ) as unknown as Vec3;
    const scale = 0.4 + random() * 0.3;
    const lobeAxes = axesAlong([random() * 2 - 1, random() * 2 - 1, random() * 2 - 1]);
    parts.push(ellipsoid(centre, [rx * scale, ry * scale, rz * scale], lobeAxes));
  }
  const body = parts.length === 1 ? (parts[0] as Shape) : smoothUnion(0.4 * minRadius, ...parts);
  return roughen(body, spec.roughness * minRadius, 0.6 * minRadius, spec.seed ^ 0x5a5a);
}
