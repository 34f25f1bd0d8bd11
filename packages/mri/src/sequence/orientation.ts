/**
 * Directions of a slice stack in patient coordinates (LPS, docs/conventions.md "Patient axes and image planes"
 * and "Oblique stacks"): the display axes of each base plane, then the in-plane rotation and the two tilts. Kept
 * below the timing and geometry modules so that the gradient limits (gradient-share.ts) and the images
 * (simulate/geometry.ts) turn the same frame.
 */
import type { Protocol } from './protocol.ts';
import type { Vec3 } from '../units.ts';

/** Unit row and column directions of the display planes before any in-plane rotation (DICOM PS3.3 C.7.6.2.1.1). */
export const PLANE_AXES: Record<Protocol['geometry']['orientation'], { row: Vec3; column: Vec3 }> = {
  // Axial: left→right of the screen is patient right→left (+x), top→bottom is anterior→posterior (+y).
  axial: { row: [1, 0, 0], column: [0, 1, 0] },
  // Coronal: screen right is patient left (+x), down is foot (−z).
  coronal: { row: [1, 0, 0], column: [0, 0, -1] },
  // Sagittal: screen right is posterior (+y), down is foot (−z).
  sagittal: { row: [0, 1, 0], column: [0, 0, -1] },
};

export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/** The unit row, column and normal directions of a stack: orientation, in-plane rotation, then the two tilts. */
export function stackDirections(geometry: Protocol['geometry']): { row: Vec3; column: Vec3; normal: Vec3 } {
  const axes = PLANE_AXES[geometry.orientation];
  const rotation = geometry.rotation ?? 0;
  const n0 = cross(axes.row, axes.column);
  // Rotate row and column about the normal by `rotation` (right-handed).
  const c = Math.cos(rotation);
  const s = Math.sin(rotation);
  const r0 = add(scale(axes.row, c), scale(axes.column, s));
  const c0 = add(scale(axes.column, c), scale(axes.row, -s));
  const a = geometry.tiltAboutRow ?? 0;
  const b = geometry.tiltAboutColumn ?? 0;
  // Untilted (every stored protocol before oblique stacks): the very same vectors, bit for bit.
  if (a === 0 && b === 0) return { row: r0, column: c0, normal: n0 };
  // Right-handed turn by a about the row: column → column·cos a + normal·sin a (the frame is R·Rx(a)).
  const c1 = add(scale(c0, Math.cos(a)), scale(n0, Math.sin(a)));
  const n1 = add(scale(n0, Math.cos(a)), scale(c0, -Math.sin(a)));
  // Then by b about the tilted column: normal → normal·cos b + row·sin b (R·Rx(a)·Ry(b)).
  const r2 = add(scale(r0, Math.cos(b)), scale(n1, -Math.sin(b)));
  const n2 = add(scale(n1, Math.cos(b)), scale(r0, Math.sin(b)));
  return { row: r2, column: c1, normal: n2 };
}
