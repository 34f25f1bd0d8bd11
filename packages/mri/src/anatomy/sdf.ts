import type { Meters, Vec3 } from '../units.ts';
import { valueNoise3 } from './noise.ts';

/**
 * Signed-distance shapes for the procedural models. A shape's `distance` is negative inside, positive outside,
 * in metres; combinators follow Inigo Quilez, "Distance functions" (iquilezles.org/articles/distfunctions)
 * and "Smooth minimum" (iquilezles.org/articles/smin). Some primitives (ellipsoid, tapered capsule) give a
 * bound rather than an exact distance; the rasteriser only needs the sign and a distance that is exact near the
 * surface to a few percent. Every shape carries an axis-aligned bounding box in patient coordinates (LPS) [m],
 * so the rasteriser evaluates it only where it can be inside.
 */
export interface Shape {
  /** Signed distance [m] at patient position (x, y, z) [m]. */
  distance: (x: number, y: number, z: number) => number;
  /** Bounding box corners [m]; the shape is empty outside. */
  min: Vec3;
  max: Vec3;
}

type Mat3 = readonly [Vec3, Vec3, Vec3];

const IDENTITY: Mat3 = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];

/** `v` scaled to unit length. */
export function normalise(v: Vec3): Vec3 {
  const n = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  return [v[0] / n, v[1] / n, v[2] / n];
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/**
 * Orthonormal local axes whose third axis points along `axis` (any length); the first axis is the component of
 * `hint` (default +x) perpendicular to it.
 */
export function axesAlong(axis: Vec3, hint: Vec3 = [1, 0, 0]): Mat3 {
  const w = normalise(axis);
  let h = hint;
  if (Math.abs(h[0] * w[0] + h[1] * w[1] + h[2] * w[2]) > 0.99) h = [0, 1, 0];
  const v = normalise(cross(w, h));
  const u = cross(v, w);
  return [u, v, w];
}

/** Half-extent of a rotated box along each patient axis, for bounding boxes. */
function rotatedExtent(axes: Mat3, half: Vec3): Vec3 {
  const e = [0, 1, 2].map(
    (k) =>
      Math.abs(axes[0][k] ?? 0) * half[0] +
      Math.abs(axes[1][k] ?? 0) * half[1] +
      Math.abs(axes[2][k] ?? 0) * half[2],
  );
  return [e[0] ?? 0, e[1] ?? 0, e[2] ?? 0];
}

function boxAround(center: Vec3, extent: Vec3): Pick<Shape, 'min' | 'max'> {
  return {
    min: [center[0] - extent[0], center[1] - extent[1], center[2] - extent[2]],
    max: [center[0] + extent[0], center[1] + extent[1], center[2] + extent[2]],
  };
}

/**
 * Ellipsoid with semi-axes `radii` [m] along local `axes` (default patient axes). Distance is IQ's bound
 * k0·(k0 − 1)/k1, exact on the surface and within a few percent near it.
 */
export function ellipsoid(center: Vec3, radii: Vec3, axes: Mat3 = IDENTITY): Shape {
  const [a0, a1, a2] = axes;
  const [rx, ry, rz] = radii;
  const distance = (x: number, y: number, z: number): number => {
    const dx = x - center[0];
    const dy = y - center[1];
    const dz = z - center[2];
    const lx = dx * a0[0] + dy * a0[1] + dz * a0[2];
    const ly = dx * a1[0] + dy * a1[1] + dz * a1[2];
    const lz = dx * a2[0] + dy * a2[1] + dz * a2[2];
    const ux = lx / rx;
    const uy = ly / ry;
    const uz = lz / rz;
    const k0 = Math.sqrt(ux * ux + uy * uy + uz * uz);
    const vx = ux / rx;
    const vy = uy / ry;
    const vz = uz / rz;
    const k1 = Math.sqrt(vx * vx + vy * vy + vz * vz);
    if (k1 === 0) return -Math.min(rx, ry, rz);
    return (k0 * (k0 - 1)) / k1;
  };
  return { distance, ...boxAround(center, rotatedExtent(axes, radii)) };
}

/** Sphere of `radius` [m]. */
export function sphere(center: Vec3, radius: Meters): Shape {
  return ellipsoid(center, [radius, radius, radius]);
}

/**
 * Capsule (a segment a→b swept by a radius that goes linearly from `ra` at a to `rb` at b) [m].
 * With ra ≠ rb this is a cone-sphere whose distance is a bound; with ra = rb it is exact.
 */
export function capsule(a: Vec3, b: Vec3, ra: Meters, rb: Meters = ra): Shape {
  const bx = b[0] - a[0];
  const by = b[1] - a[1];
  const bz = b[2] - a[2];
  const len2 = bx * bx + by * by + bz * bz;
  const distance = (x: number, y: number, z: number): number => {
    const px = x - a[0];
    const py = y - a[1];
    const pz = z - a[2];
    const t = Math.min(1, Math.max(0, (px * bx + py * by + pz * bz) / len2));
    const qx = px - bx * t;
    const qy = py - by * t;
    const qz = pz - bz * t;
    return Math.sqrt(qx * qx + qy * qy + qz * qz) - (ra + (rb - ra) * t);
  };
  const r = Math.max(ra, rb);
  return {
    distance,
    min: [Math.min(a[0], b[0]) - r, Math.min(a[1], b[1]) - r, Math.min(a[2], b[2]) - r],
    max: [Math.max(a[0], b[0]) + r, Math.max(a[1], b[1]) + r, Math.max(a[2], b[2]) + r],
  };
}

/** Box with half-extents `half` [m] along local `axes`, edges rounded by `rounding` [m] (exact distance). */
export function box(center: Vec3, half: Vec3, rounding: Meters = 0, axes: Mat3 = IDENTITY): Shape {
  const [a0, a1, a2] = axes;
  const hx = half[0] - rounding;
  const hy = half[1] - rounding;
  const hz = half[2] - rounding;
  const distance = (x: number, y: number, z: number): number => {
    const dx = x - center[0];
    const dy = y - center[1];
    const dz = z - center[2];
    const qx = Math.abs(dx * a0[0] + dy * a0[1] + dz * a0[2]) - hx;
    const qy = Math.abs(dx * a1[0] + dy * a1[1] + dz * a1[2]) - hy;
    const qz = Math.abs(dx * a2[0] + dy * a2[1] + dz * a2[2]) - hz;
    const ox = Math.max(qx, 0);
    const oy = Math.max(qy, 0);
    const oz = Math.max(qz, 0);
    const outside = Math.sqrt(ox * ox + oy * oy + oz * oz);
    return outside + Math.min(Math.max(qx, qy, qz), 0) - rounding;
  };
  return { distance, ...boxAround(center, rotatedExtent(axes, half)) };
}

/** Capped cylinder from a to b with `radius` [m] (exact distance). */
export function cylinder(a: Vec3, b: Vec3, radius: Meters): Shape {
  const axis: Vec3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const halfLength = Math.sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]) / 2;
  const center: Vec3 = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
  const [, , w] = axesAlong(axis);
  const distance = (x: number, y: number, z: number): number => {
    const dx = x - center[0];
    const dy = y - center[1];
    const dz = z - center[2];
    const along = dx * w[0] + dy * w[1] + dz * w[2];
    const radial = Math.sqrt(Math.max(0, dx * dx + dy * dy + dz * dz - along * along));
    const qr = radial - radius;
    const qa = Math.abs(along) - halfLength;
    const or = Math.max(qr, 0);
    const oa = Math.max(qa, 0);
    return Math.min(Math.max(qr, qa), 0) + Math.sqrt(or * or + oa * oa);
  };
  return capsuleBounds(distance, a, b, radius);
}

function capsuleBounds(distance: Shape['distance'], a: Vec3, b: Vec3, r: Meters): Shape {
  return {
    distance,
    min: [Math.min(a[0], b[0]) - r, Math.min(a[1], b[1]) - r, Math.min(a[2], b[2]) - r],
    max: [Math.max(a[0], b[0]) + r, Math.max(a[1], b[1]) + r, Math.max(a[2], b[2]) + r],
  };
}

function unionBounds(shapes: readonly Shape[], pad: Meters): Pick<Shape, 'min' | 'max'> {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (const s of shapes) {
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k] ?? 0, (s.min[k] ?? 0) - pad);
      max[k] = Math.max(max[k] ?? 0, (s.max[k] ?? 0) + pad);
    }
  }
  return { min, max };
}

/** The half-space on the side of `point` opposite to `normal` (unit) [m]; unbounded, so intersect it with a bounded shape. */
export function halfSpace(point: Vec3, normal: Vec3): Shape {
  return {
    distance: (x, y, z) =>
      (x - point[0]) * normal[0] + (y - point[1]) * normal[1] + (z - point[2]) * normal[2],
    min: [-Infinity, -Infinity, -Infinity],
    max: [Infinity, Infinity, Infinity],
  };
}

/** Hard union of shapes. */
export function union(...shapes: Shape[]): Shape {
  const distance = (x: number, y: number, z: number): number => {
    let d = Infinity;
    for (const s of shapes) d = Math.min(d, s.distance(x, y, z));
    return d;
  };
  return { distance, ...unionBounds(shapes, 0) };
}

/** Polynomial smooth minimum (IQ "smin", quadratic) of shapes, blending over `k` [m]. */
export function smoothUnion(k: Meters, ...shapes: Shape[]): Shape {
  const distance = (x: number, y: number, z: number): number => {
    let d = Infinity;
    for (const s of shapes) {
      const e = s.distance(x, y, z);
      if (d === Infinity) {
        d = e;
        continue;
      }
      const h = Math.max(k - Math.abs(d - e), 0) / k;
      d = Math.min(d, e) - h * h * k * 0.25;
    }
    return d;
  };
  return { distance, ...unionBounds(shapes, k) };
}

/** `a` with `b` removed. */
export function subtract(a: Shape, b: Shape): Shape {
  return {
    distance: (x, y, z) => Math.max(a.distance(x, y, z), -b.distance(x, y, z)),
    min: a.min,
    max: a.max,
  };
}

/** Where both shapes are inside. */
export function intersect(a: Shape, b: Shape): Shape {
  return {
    distance: (x, y, z) => Math.max(a.distance(x, y, z), b.distance(x, y, z)),
    min: [Math.max(a.min[0], b.min[0]), Math.max(a.min[1], b.min[1]), Math.max(a.min[2], b.min[2])],
    max: [Math.min(a.max[0], b.max[0]), Math.min(a.max[1], b.max[1]), Math.min(a.max[2], b.max[2])],
  };
}

/** The shape grown outward by `amount` [m] (negative shrinks). */
export function offset(shape: Shape, amount: Meters): Shape {
  const pad = Math.max(0, amount);
  return {
    distance: (x, y, z) => shape.distance(x, y, z) - amount,
    ...unionBounds([shape], pad),
  };
}

/** The shape translated by `shift` [m]. */
export function translate(shape: Shape, shift: Vec3): Shape {
  return {
    distance: (x, y, z) => shape.distance(x - shift[0], y - shift[1], z - shift[2]),
    min: [shape.min[0] + shift[0], shape.min[1] + shift[1], shape.min[2] + shift[2]],
    max: [shape.max[0] + shift[0], shape.max[1] + shift[1], shape.max[2] + shift[2]],
  };
}

/**
 * The shape with a smooth, deterministic surface displacement of up to `amplitude` [m] whose features are about
 * `featureSize` [m] across (value noise, see noise.ts).
 */
export function roughen(shape: Shape, amplitude: Meters, featureSize: Meters, seed: number): Shape {
  const f = 1 / featureSize;
  return {
    distance: (x, y, z) => shape.distance(x, y, z) + amplitude * valueNoise3(x * f, y * f, z * f, seed),
    ...unionBounds([shape], amplitude),
  };
}
