/**
 * Planning on the localisers, pure (STYLE.md §6): the selected sequence's slice stack projected onto a scout
 * image's plane, and pointer or keyboard moves on that image turned back into patient coordinates.
 *
 * Coordinates: patient LPS [m] (docs/conventions.md); a scout's pixel (r, c) has its centre at
 *   imagePositionPatient + c·Δc·rowDirection + r·Δr·columnDirection   (DICOM PS3.3 C.7.6.2.1.1)
 * with pixelSpacing = [Δr, Δc]. Drawings use an SVG viewBox in image pixels, "0 0 columns rows", so pixel (r, c)
 * spans [c, c + 1] × [r, r + 1] and its centre is at (c + ½, r + ½).
 */
import type { Protocol, SliceGeometry, Vec3 } from '@larmor/mri';
import { acquisitionFrame, add, cross, dot, scale, scanGeometry } from '@larmor/mri/simulate';

/** What the planning overlay needs of a scout image (contracts `scoutImageSchema`). */
export interface ScoutPlane {
  rows: number;
  columns: number;
  /** [Δr, Δc]: between rows, between columns [m]. */
  pixelSpacing: readonly [number, number];
  imagePositionPatient: readonly [number, number, number];
  imageOrientationPatient: readonly [number, number, number, number, number, number];
}

/** A point in SVG viewBox units (image pixels). */
export interface Point {
  x: number;
  y: number;
}

export interface StackProjection {
  /** Box View: the outline of the whole stack's volume seen on this plane (convex, in drawing order). */
  outline: readonly Point[];
  /** Slice View: where each slice cuts this plane; empty when the slices lie parallel to it. */
  sliceLines: readonly (readonly [Point, Point])[];
  /** The stack's centre on this plane. */
  center: Point;
  /** The phase-encoding direction seen on this plane (unit, viewBox units), or undefined when through-plane. */
  phaseArrow: Point | undefined;
}

/** The scout's row and column directions, its normal (row × column) and its first pixel's centre, patient [m]. */
export function scoutAxes(scout: ScoutPlane): { row: Vec3; column: Vec3; normal: Vec3; origin: Vec3 } {
  const o = scout.imageOrientationPatient;
  const row: Vec3 = [o[0], o[1], o[2]];
  const column: Vec3 = [o[3], o[4], o[5]];
  const p = scout.imagePositionPatient;
  return { row, column, normal: cross(row, column), origin: [p[0], p[1], p[2]] };
}

/** A patient point [m] orthogonally projected onto the scout, in viewBox units. */
export function toImage(scout: ScoutPlane, point: Vec3): Point {
  const { row, column, origin } = scoutAxes(scout);
  const d = add(point, scale(origin, -1));
  return {
    x: dot(d, row) / scout.pixelSpacing[1] + 0.5,
    y: dot(d, column) / scout.pixelSpacing[0] + 0.5,
  };
}

/** A displacement in viewBox units turned into one in patient coordinates [m] (in the scout's plane). */
export function toPatientDelta(scout: ScoutPlane, dx: number, dy: number): Vec3 {
  const { row, column } = scoutAxes(scout);
  return add(scale(row, dx * scout.pixelSpacing[1]), scale(column, dy * scout.pixelSpacing[0]));
}

/** Andrew's monotone chain: the convex hull of points, counter-clockwise in viewBox units. */
export function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length < 3) return sorted;
  const turn = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const half = (list: Point[]) => {
    const out: Point[] = [];
    for (const p of list) {
      while (out.length >= 2 && turn(out[out.length - 2] as Point, out[out.length - 1] as Point, p) <= 1e-9)
        out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

/**
 * Where the rectangle { s + a·u + b·v : |a| ≤ ha, |b| ≤ hb } meets the plane { x : (x − o)·n = 0 }: the segment's
 * ends, or undefined when they do not meet in a segment (parallel, or missing the rectangle).
 */
function cutRectangle(
  s: Vec3,
  u: Vec3,
  v: Vec3,
  half: readonly [number, number],
  o: Vec3,
  n: Vec3,
): [Vec3, Vec3] | undefined {
  const du = dot(u, n);
  const dv = dot(v, n);
  const ds = dot(add(s, scale(o, -1)), n);
  const [ha, hb] = half;
  const ends: Vec3[] = [];
  const at = (a: number, b: number) => add(s, add(scale(u, a), scale(v, b)));
  const eps = 1e-12;
  if (Math.abs(dv) > eps) {
    for (const a of [-ha, ha]) {
      const b = (-ds - a * du) / dv;
      if (Math.abs(b) <= hb + eps) ends.push(at(a, b));
    }
  }
  if (Math.abs(du) > eps) {
    for (const b of [-hb, hb]) {
      const a = (-ds - b * dv) / du;
      if (Math.abs(a) <= ha + eps) ends.push(at(a, b));
    }
  }
  if (ends.length < 2) return undefined;
  // The two ends farthest apart (a corner hit shows up twice).
  let best: [Vec3, Vec3] = [ends[0] as Vec3, ends[1] as Vec3];
  let bestLength = -1;
  for (const p of ends) {
    for (const q of ends) {
      const d = add(p, scale(q, -1));
      const length = dot(d, d);
      if (length > bestLength) {
        bestLength = length;
        best = [p, q];
      }
    }
  }
  return bestLength > eps * eps ? best : undefined;
}

/** The protocol's slice stack seen on a scout (Box View outline, Slice View lines, phase arrow). */
export function projectStack(protocol: Protocol, scout: ScoutPlane): StackProjection {
  const geometry = scanGeometry(protocol);
  const { normal: scoutNormal, origin } = scoutAxes(scout);
  const first = geometry.slices[0];
  const center = toImage(scout, protocol.geometry.center);
  if (!first) return { outline: [], sliceLines: [], center, phaseArrow: undefined };
  const halfU = (first.columns * first.columnSpacing) / 2;
  const halfV = (first.rows * first.rowSpacing) / 2;
  const coverage = (geometry.slices.length - 1) * geometry.spacingBetweenSlices + first.sliceThickness;
  const corners: Point[] = [];
  for (const a of [-halfU, halfU])
    for (const b of [-halfV, halfV])
      for (const c of [-coverage / 2, coverage / 2])
        corners.push(
          toImage(
            scout,
            add(
              protocol.geometry.center,
              add(scale(first.rowDirection, a), add(scale(first.columnDirection, b), scale(first.normal, c))),
            ),
          ),
        );
  const sliceLines: (readonly [Point, Point])[] = [];
  for (const slice of geometry.slices) {
    const cut = cutRectangle(
      slice.center,
      slice.rowDirection,
      slice.columnDirection,
      [halfU, halfV],
      origin,
      scoutNormal,
    );
    if (cut) sliceLines.push([toImage(scout, cut[0]), toImage(scout, cut[1])]);
  }
  const phase = acquisitionFrame(protocol, first).phaseDirection;
  const tip = toImage(scout, add(protocol.geometry.center, phase));
  const arrow = { x: tip.x - center.x, y: tip.y - center.y };
  const length = Math.hypot(arrow.x, arrow.y);
  // Through-plane (or nearly, under 1/10 of its length in plane): no arrow on this view.
  const inPlane = Math.hypot(...phase.map((p, i) => p - dot(phase, scoutNormal) * (scoutNormal[i] ?? 0)));
  return {
    outline: convexHull(corners),
    sliceLines,
    center,
    phaseArrow: inPlane > 0.1 && length > 0 ? { x: arrow.x / length, y: arrow.y / length } : undefined,
  };
}

/** The stack moved by a drag or arrow key on a scout: dx, dy in viewBox units. */
export function moveStack(geometry: SliceGeometry, scout: ScoutPlane, dx: number, dy: number): SliceGeometry {
  return { ...geometry, center: add(geometry.center, toPatientDelta(scout, dx, dy)) };
}

/** Shift+arrows rotate the stack in its plane by this step, and snap to it (issue 15) [rad]. */
export const ROTATION_STEP_RAD = (5 * Math.PI) / 180;

/** The stack turned by `steps` rotation steps, snapped to a multiple of the step, within (−π, π]. */
export function rotateStack(geometry: SliceGeometry, steps: number): SliceGeometry {
  const snapped = Math.round((geometry.rotation ?? 0) / ROTATION_STEP_RAD) + steps;
  let rotation = snapped * ROTATION_STEP_RAD;
  while (rotation > Math.PI + 1e-12) rotation -= 2 * Math.PI;
  while (rotation <= -Math.PI + 1e-12) rotation += 2 * Math.PI;
  return { ...geometry, rotation };
}

/** An arrow key pressed on a focused stack: a move of `step` viewBox units, or a rotation with Shift. */
export function keyboardPlan(
  geometry: SliceGeometry,
  scout: ScoutPlane,
  key: string,
  shift: boolean,
  step: number,
): SliceGeometry | undefined {
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [-1, 0],
    ArrowRight: [1, 0],
    ArrowUp: [0, -1],
    ArrowDown: [0, 1],
  };
  const move = moves[key];
  if (!move) return undefined;
  if (shift) return rotateStack(geometry, move[0] !== 0 ? move[0] : -move[1]);
  return moveStack(geometry, scout, move[0] * step, move[1] * step);
}
