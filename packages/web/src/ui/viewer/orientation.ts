/**
 * Orientation letters on the edges of a 2D view, from the camera of the viewport (patient coordinates, LPS:
 * +x Left, +y Posterior, +z Superior; docs/conventions.md). Radiological display is the default DICOM display of
 * an axial slice whose rows run to the patient's left: the patient's left is on the viewer's right.
 */

export type Vector3 = readonly [number, number, number];

export interface EdgeLetters {
  top: string;
  bottom: string;
  left: string;
  right: string;
}

const POSITIVE = ['L', 'P', 'S'] as const;
const NEGATIVE = ['R', 'A', 'I'] as const;
/** A component under this share of the vector's largest one is left out of the letters (oblique views). */
const OBLIQUE_MINOR_FRACTION = 0.25;

/**
 * Letters of a direction in LPS, largest component first, e.g. [0.9, 0, -0.4] → "LI"; components under a quarter
 * of the largest are dropped, so an axis-aligned direction gives one letter.
 */
export function directionLetters(direction: Vector3): string {
  const magnitudes = direction.map(Math.abs);
  const largest = Math.max(...magnitudes);
  if (!(largest > 0)) return '';
  return [0, 1, 2]
    .filter((axis) => (magnitudes[axis] as number) >= OBLIQUE_MINOR_FRACTION * largest)
    .sort((a, b) => (magnitudes[b] as number) - (magnitudes[a] as number))
    .map((axis) => ((direction[axis] as number) >= 0 ? POSITIVE[axis] : NEGATIVE[axis]) as string)
    .join('');
}

function cross(a: Vector3, b: Vector3): Vector3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function negate(v: Vector3): Vector3 {
  return [-v[0], -v[1], -v[2]];
}

/**
 * The letters on a view's edges from its camera: `viewUp` points to the screen's top and `viewPlaneNormal` from
 * the image towards the viewer (Cornerstone3D's camera), so the screen's right is viewUp × viewPlaneNormal.
 * Flips and rotations change the camera, so letters from it follow them.
 */
export function edgeLetters(viewUp: Vector3, viewPlaneNormal: Vector3): EdgeLetters {
  const right = cross(viewUp, viewPlaneNormal);
  return {
    top: directionLetters(viewUp),
    bottom: directionLetters(negate(viewUp)),
    right: directionLetters(right),
    left: directionLetters(negate(right)),
  };
}

/**
 * The camera Cornerstone3D's StackViewport starts with for an image of the given orientation (its
 * `_getCameraOrientation`): up is against the column direction, the normal against row × column.
 */
export function initialCamera(imageOrientationPatient: readonly number[]): {
  viewUp: Vector3;
  viewPlaneNormal: Vector3;
} {
  const [r0, r1, r2, c0, c1, c2] = imageOrientationPatient as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const normal = cross([r0, r1, r2], [c0, c1, c2]);
  return { viewUp: [-c0, -c1, -c2], viewPlaneNormal: negate(normal) };
}
