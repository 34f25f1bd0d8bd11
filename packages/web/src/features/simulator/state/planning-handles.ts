/**
 * Planning handles on a localiser, pure (STYLE.md §6): the stack's edges that change its FOV or coverage, the
 * rotation handle, and the fold-over zone, in the coordinates of planning.ts (patient LPS [m]; viewBox units are
 * image pixels).
 *
 * Console behaviour chosen here (as on the consoles' graphic slice positioning, the centre is kept):
 * - an FOV edge (readout or phase) resizes the stack symmetrically about its centre: the dragged edge follows the
 *   pointer, the opposite edge moves the other way, so the Geometry card's position does not change;
 * - an edge across the slices changes the coverage symmetrically by changing the slice count (rounded to the
 *   nearest whole slice), keeping the slice thickness and gap;
 * - every new value is rounded to the parameter's step and clamped to the editor's own range
 *   (@larmor/mri `parameterDefinitions`), and the result says which limit it reached, so none is silent.
 * The rotation handle turns the stack about its orientation's normal (SliceGeometry `rotation`, applied before the
 * tilts, so it turns a tilted stack rigidly about that axis) and shows on the localiser parallel to the orientation;
 * on the two localisers perpendicular to it the tilt handle (planning-tilt.ts) tilts the stack.
 */
import type { ParameterDefinition } from '@larmor/mri/sequence';
import type { Protocol, SliceGeometry, Vec3 } from '@larmor/mri';
import { acquisitionFrame, add, dot, scale, scanGeometry } from '@larmor/mri/simulate';
import { orientationNormal } from './planning-tilt.ts';
import {
  convexHull,
  rotateStack,
  scoutAxes,
  toImage,
  toPatientDelta,
  type Point,
  type ScoutPlane,
} from './planning.ts';

/** The three directions of a stack's box: readout, phase encoding, across the slices. */
export type StackAxis = 'read' | 'phase' | 'slice';
export const STACK_AXES: readonly StackAxis[] = ['read', 'phase', 'slice'];

/** An edge of the box needs this much of its direction in the localiser's plane (cosine) to get a handle. */
const MIN_EDGE_IN_PLANE = 0.5;
/** The phase direction needs this much in plane (cosine) for a fold-over zone (as for the phase arrow). */
const MIN_PHASE_IN_PLANE = 0.1;
/** The orientation is parallel to a localiser when their normals agree to this cosine (rotation handle). */
const PARALLEL_COS = 0.999;

/** The stack as a box in patient coordinates: centre [m], unit directions, half extents [m]. */
export interface StackBox {
  center: Vec3;
  direction: Record<StackAxis, Vec3>;
  half: Record<StackAxis, number>;
  /** Centre-to-centre distance of neighbouring slices [m]. */
  spacing: number;
}

/** The protocol's slice stack as a box: read and phase FOV (without oversampling) and its coverage. */
export function stackBox(protocol: Protocol): StackBox | undefined {
  const geometry = scanGeometry(protocol);
  const first = geometry.slices[0];
  if (!first) return undefined;
  const frame = acquisitionFrame(protocol, first);
  const coverage = (geometry.slices.length - 1) * geometry.spacingBetweenSlices + first.sliceThickness;
  return {
    center: protocol.geometry.center,
    direction: { read: frame.readDirection, phase: frame.phaseDirection, slice: first.normal },
    half: { read: protocol.fovRead / 2, phase: protocol.fovPhase / 2, slice: coverage / 2 },
    spacing: geometry.spacingBetweenSlices,
  };
}

/** How much of a unit direction lies in the scout's plane: |its projection| (1 in plane, 0 through it). */
function inPlaneFraction(scout: ScoutPlane, direction: Vec3): number {
  const along = dot(direction, scoutAxes(scout).normal);
  return Math.sqrt(Math.max(0, 1 - along * along));
}

function unit(p: Point): Point {
  const length = Math.hypot(p.x, p.y);
  return length > 0 ? { x: p.x / length, y: p.y / length } : { x: 0, y: 0 };
}

/** A draggable edge: the middle of one face of the stack's box, seen on the localiser. */
export interface EdgeHandle {
  axis: StackAxis;
  /** +1: the face along +direction[axis]; −1: the opposite face. */
  side: 1 | -1;
  /** Where it is drawn (viewBox units). */
  at: Point;
  /** The way the face moves outwards on the image (unit, viewBox units). */
  outward: Point;
}

/** The edges of the stack that can be dragged on this localiser (those whose direction lies in its plane). */
export function edgeHandles(protocol: Protocol, scout: ScoutPlane): EdgeHandle[] {
  const box = stackBox(protocol);
  if (!box) return [];
  const center = toImage(scout, box.center);
  const handles: EdgeHandle[] = [];
  for (const axis of STACK_AXES) {
    const direction = box.direction[axis];
    if (inPlaneFraction(scout, direction) < MIN_EDGE_IN_PLANE) continue;
    for (const side of [1, -1] as const) {
      const at = toImage(scout, add(box.center, scale(direction, side * box.half[axis])));
      const tip = toImage(scout, add(box.center, scale(direction, side)));
      handles.push({ axis, side, at, outward: unit({ x: tip.x - center.x, y: tip.y - center.y }) });
    }
  }
  return handles;
}

/** A parameter set by dragging an edge, and the editor's limit it was clamped to, if any. */
export interface ResizeResult {
  key: 'fovRead' | 'fovPhase' | 'sliceCount';
  /** The new value [SI; slices: count]. */
  value: number;
  limit: 'minimum' | 'maximum' | undefined;
}

/** A value rounded to the definition's step and clamped to its range, saying which limit it hit. */
export function clampToDefinition(
  value: number,
  definition: Pick<ParameterDefinition, 'min' | 'max' | 'step'>,
): { value: number; limit: 'minimum' | 'maximum' | undefined } {
  const stepped = Number((Math.round(value / definition.step) * definition.step).toPrecision(12));
  if (stepped < definition.min) return { value: definition.min, limit: 'minimum' };
  if (stepped > definition.max) return { value: definition.max, limit: 'maximum' };
  return { value: stepped, limit: undefined };
}

/**
 * An edge of `start`'s stack dragged by (dx, dy) viewBox units on a scout: the new FOV read, FOV phase or slice
 * count, symmetric about the centre. The edge moves by the drag's component along its direction, scaled so that the
 * drawn edge follows the pointer when the direction is oblique to the plane: Δ = side·(D·a)/|a_plane|² [m].
 * FOV: 2·Δ more. Slices: n' = round((coverage + 2·Δ − thickness)/spacing) + 1. Undefined when the family has
 * no such parameter.
 */
export function resizeStack(
  start: Protocol,
  scout: ScoutPlane,
  handle: Pick<EdgeHandle, 'axis' | 'side'>,
  dx: number,
  dy: number,
  definitions: readonly ParameterDefinition[],
): ResizeResult | undefined {
  const box = stackBox(start);
  if (!box) return undefined;
  const direction = box.direction[handle.axis];
  const fraction = inPlaneFraction(scout, direction);
  if (fraction < MIN_EDGE_IN_PLANE) return undefined;
  const delta = (handle.side * dot(toPatientDelta(scout, dx, dy), direction)) / (fraction * fraction);
  const extent = 2 * (box.half[handle.axis] + delta);
  const key = handle.axis === 'read' ? 'fovRead' : handle.axis === 'phase' ? 'fovPhase' : 'sliceCount';
  const definition = definitions.find((d) => d.key === key);
  if (!definition) return undefined;
  const raw = key === 'sliceCount' ? Math.round((extent - start.sliceThickness) / box.spacing) + 1 : extent;
  return { key, ...clampToDefinition(raw, definition) };
}

/** The rotation handle: a stick from the middle of the stack's top edge out to a circle (viewBox units). */
export interface RotationHandle {
  base: Point;
  tip: Point;
}

/**
 * The rotation handle on a localiser parallel to the stack's orientation (where its rotation shows), `length` viewBox
 * units beyond the top edge (the edge towards −columnDirection, the top of the stack's own images); turned inwards
 * when it would leave the image, so it can always be grabbed.
 */
export function rotationHandle(
  protocol: Protocol,
  scout: ScoutPlane,
  length: number,
): RotationHandle | undefined {
  const first = scanGeometry(protocol).slices[0];
  if (!first) return undefined;
  if (Math.abs(dot(orientationNormal(protocol.geometry), scoutAxes(scout).normal)) < PARALLEL_COS)
    return undefined;
  const center = toImage(scout, protocol.geometry.center);
  const base = toImage(
    scout,
    add(protocol.geometry.center, scale(first.columnDirection, (-first.rows * first.rowSpacing) / 2)),
  );
  const up = unit({ x: base.x - center.x, y: base.y - center.y });
  const outside = { x: base.x + up.x * length, y: base.y + up.y * length };
  const inImage = outside.x >= 0 && outside.y >= 0 && outside.x <= scout.columns && outside.y <= scout.rows;
  return { base, tip: inImage ? outside : { x: base.x - up.x * length, y: base.y - up.y * length } };
}

/** An angle brought into (−π, π] [rad]. */
function wrapAngle(angle: number): number {
  let wrapped = angle;
  while (wrapped > Math.PI + 1e-12) wrapped -= 2 * Math.PI;
  while (wrapped <= -Math.PI + 1e-12) wrapped += 2 * Math.PI;
  return wrapped;
}

/**
 * `start`'s stack turned about its normal by the angle the pointer swept around its centre from `from` to `to`
 * (viewBox units), measured in millimetres on the scout so non-square pixels do not skew it. The scout's image
 * angle turns from its row towards its column, a right-handed turn about its normal; the stack's rotation turns
 * about its orientation's normal (the whole stack, tilted or not), so the sign follows whether the two agree. `snap` (Shift) rounds to
 * ROTATION_STEP_RAD (5°).
 */
export function rotateByHandle(
  start: Protocol,
  scout: ScoutPlane,
  from: Point,
  to: Point,
  snap: boolean,
): SliceGeometry {
  const first = scanGeometry(start).slices[0];
  const geometry = start.geometry;
  if (!first) return geometry;
  const center = toImage(scout, geometry.center);
  const [dr, dc] = scout.pixelSpacing;
  const angle = (p: Point) => Math.atan2((p.y - center.y) * dr, (p.x - center.x) * dc);
  const sign = dot(orientationNormal(geometry), scoutAxes(scout).normal) >= 0 ? 1 : -1;
  const rotation = wrapAngle((geometry.rotation ?? 0) + sign * (angle(to) - angle(from)));
  return snap ? rotateStack({ ...geometry, rotation }, 0) : { ...geometry, rotation };
}

/** Sutherland–Hodgman: a convex polygon clipped to the image [0, columns] × [0, rows] (viewBox units). */
function clipToImage(polygon: readonly Point[], scout: ScoutPlane): Point[] {
  const edges: ((p: Point) => number)[] = [
    (p) => p.x,
    (p) => scout.columns - p.x,
    (p) => p.y,
    (p) => scout.rows - p.y,
  ];
  let out: Point[] = [...polygon];
  for (const inside of edges) {
    const input = out;
    out = [];
    input.forEach((current, i) => {
      const previous = input[(i + input.length - 1) % input.length] as Point;
      const a = inside(previous);
      const b = inside(current);
      if (b >= 0) {
        if (a < 0) out.push(cut(previous, current, a, b));
        out.push(current);
      } else if (a >= 0) out.push(cut(previous, current, a, b));
    });
  }
  return out;
}

function cut(p: Point, q: Point, a: number, b: number): Point {
  const t = a / (a - b);
  return { x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y) };
}

function area(polygon: readonly Point[]): number {
  let sum = 0;
  polygon.forEach((p, i) => {
    const q = polygon[(i + 1) % polygon.length] as Point;
    sum += p.x * q.y - q.x * p.y;
  });
  return Math.abs(sum) / 2;
}

/**
 * The fold-over zone on a scout: where anatomy lies beyond the unaliased phase extent and so wraps into the image
 * along the phase direction. The unaliased extent is the acquired phase FOV, fovPhase·(1 + phaseOversampling)
 * (the engine's `acquisitionFrame`, with its even line count); the zone is what the stack's readout and slice
 * extents cover beyond it on either side, projected onto the scout (as the Box View outline is) and out to the
 * image's edges. One polygon per side that shows (viewBox units); none when phase encoding runs through the plane.
 */
export function foldOverZones(protocol: Protocol, scout: ScoutPlane): Point[][] {
  const box = stackBox(protocol);
  const first = scanGeometry(protocol).slices[0];
  if (!box || !first) return [];
  const phase = box.direction.phase;
  if (inPlaneFraction(scout, phase) < MIN_PHASE_IN_PLANE) return [];
  const unaliased = acquisitionFrame(protocol, first).fovPhase;
  const center = toImage(scout, box.center);
  const far = 4 * (scout.rows + scout.columns);
  const zones: Point[][] = [];
  for (const side of [1, -1]) {
    const tip = toImage(scout, add(box.center, scale(phase, side)));
    const out = unit({ x: tip.x - center.x, y: tip.y - center.y });
    const face = add(box.center, scale(phase, (side * unaliased) / 2));
    const corners: Point[] = [];
    for (const a of [-1, 1])
      for (const b of [-1, 1]) {
        const corner = toImage(
          scout,
          add(
            face,
            add(scale(box.direction.read, a * box.half.read), scale(box.direction.slice, b * box.half.slice)),
          ),
        );
        corners.push(corner, { x: corner.x + out.x * far, y: corner.y + out.y * far });
      }
    const zone = clipToImage(convexHull(corners), scout);
    if (zone.length >= 3 && area(zone) > 1e-6) zones.push(zone);
  }
  return zones;
}
