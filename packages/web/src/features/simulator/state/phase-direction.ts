/**
 * The phase-encoding direction in a console's words ("A >> P"): the anatomical letters of the display axis that
 * phase encoding runs along, in patient coordinates LPS (+x left, +y posterior, +z head; docs/conventions.md).
 */
import type { PhaseDirection, Protocol, Vec3 } from '@larmor/mri';
import { scanGeometry } from '@larmor/mri/simulate';

const POSITIVE = ['L', 'P', 'H'] as const;
const NEGATIVE = ['R', 'A', 'F'] as const;

/** "A >> P" for a unit direction: from the letter it points away from to the one it points to. */
export function directionLetters(direction: Vec3): string {
  const magnitudes = direction.map(Math.abs);
  const axis = magnitudes.indexOf(Math.max(...magnitudes)) as 0 | 1 | 2;
  const positive = direction[axis] > 0;
  const to = positive ? POSITIVE[axis] : NEGATIVE[axis];
  const from = positive ? NEGATIVE[axis] : POSITIVE[axis];
  return `${from} >> ${to}`;
}

/** The letters of each phase-direction choice for this protocol's slice orientation. */
export function phaseDirectionLabel(protocol: Protocol, direction: PhaseDirection): string {
  const plane = scanGeometry({ ...protocol, phaseDirection: direction }).slices[0];
  if (!plane) return direction;
  return directionLetters(direction === 'column' ? plane.columnDirection : plane.rowDirection);
}
