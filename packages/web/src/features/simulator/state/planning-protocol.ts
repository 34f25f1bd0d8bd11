/**
 * The protocol fields the planning draws and edits from: the slice stack's geometry, size and phase encoding.
 * planning.ts and planning-handles.ts read no others (planning-protocol.test.ts checks it by recording what they
 * read), so the localisers drawn for one protocol are those of any protocol with the same planning fields: a
 * contrast edit (TE, TR, flip) need not draw them again (issue 20, "Speed": input to paint).
 */
import type { Protocol } from '@larmor/mri';

export const PLANNING_KEYS = [
  'family',
  'is3d',
  'geometry',
  'phaseDirection',
  'matrixRead',
  'matrixPhase',
  'fovRead',
  'fovPhase',
  'sliceThickness',
  'sliceGap',
  'sliceCount',
  'phaseOversampling',
] as const satisfies readonly (keyof Protocol)[];

/** Whether `a` and `b` plan the same stack: the same planning fields (the geometry the same object). */
export function samePlanning(a: Protocol, b: Protocol): boolean {
  return a === b || PLANNING_KEYS.every((key) => Object.is(a[key], b[key]));
}
