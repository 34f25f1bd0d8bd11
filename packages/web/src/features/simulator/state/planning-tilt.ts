/**
 * Tilting the stack on a localiser, pure (STYLE.md §6), in the coordinates of planning.ts (patient LPS [m]; viewBox
 * units are image pixels). The stack's SliceGeometry turns its orientation's plane by `rotation` about the normal,
 * then tilts it by `tiltAboutRow` and `tiltAboutColumn` (@larmor/mri `stackDirections`, docs/conventions.md
 * "Oblique stacks"). On a localiser perpendicular to the stack's orientation the slices show as lines, and a tilt
 * handle turns the whole stack about that localiser's normal, so the lines follow the pointer (an axial brain stack
 * laid along the AC–PC line on the sagittal localiser; a sagittal knee stack along the ACL on the axial one): the
 * turned directions are decomposed back into rotation and tilts (`stackAngles`), each tilt kept within ±45°.
 * Keyboard: the handle is a slider over the tilt this localiser shows (about the stack's row or its column, the one
 * whose untilted direction lies nearer this localiser's normal), 1° per arrow.
 */
import type { Protocol, SliceGeometry, Vec3 } from '@larmor/mri';
import { SLICE_TILT_MAX } from '@larmor/mri';
import { add, cross, dot, scale, scanGeometry, stackAngles, stackDirections } from '@larmor/mri/simulate';
import { scoutAxes, toImage, type Point, type ScoutPlane } from './planning.ts';

/** The tilt keys of SliceGeometry. */
export type TiltKey = 'tiltAboutRow' | 'tiltAboutColumn';
/** One arrow key on the tilt handle, and the Shift snap of a drag [rad] (1°). */
export const TILT_STEP_RAD = Math.PI / 180;
/** A localiser is perpendicular to the stack's orientation when their normals' cosine is below this. */
const PERPENDICULAR_COS = 0.01;
/** Angles closer than this to their start are the start (no float noise from the decomposition) [rad]. */
const SAME_ANGLE = 1e-9;

/** The stack's orientation without rotation or tilt: its plane's normal (an axis, as the localisers' are). */
export function orientationNormal(geometry: SliceGeometry): Vec3 {
  return stackDirections({ orientation: geometry.orientation, center: geometry.center }).normal;
}

/**
 * The tilt a localiser shows, or undefined on a localiser not perpendicular to the stack's orientation: about the
 * stack's row when its rotated, untilted row lies nearer the localiser's normal than its column, else about its
 * column.
 */
export function tiltKeyOn(geometry: SliceGeometry, scout: ScoutPlane): TiltKey | undefined {
  const normal = scoutAxes(scout).normal;
  if (Math.abs(dot(orientationNormal(geometry), normal)) > PERPENDICULAR_COS) return undefined;
  const untilted = stackDirections({ ...geometry, tiltAboutRow: 0, tiltAboutColumn: 0 });
  return Math.abs(dot(untilted.row, normal)) >= Math.abs(dot(untilted.column, normal))
    ? 'tiltAboutRow'
    : 'tiltAboutColumn';
}

/** A geometry whose tilts were kept within ±45°, and the limit a tilt reached, if any. */
export interface TiltResult {
  geometry: SliceGeometry;
  limit: 'minimum' | 'maximum' | undefined;
}

/** `value` within ±SLICE_TILT_MAX, saying which limit it reached. */
function clampTilt(value: number): { value: number; limit: TiltResult['limit'] } {
  if (value > SLICE_TILT_MAX) return { value: SLICE_TILT_MAX, limit: 'maximum' };
  if (value < -SLICE_TILT_MAX) return { value: -SLICE_TILT_MAX, limit: 'minimum' };
  return { value, limit: undefined };
}

/** `v` turned right-handedly about the unit `axis` by `angle` (Rodrigues' rotation formula). */
function turn(v: Vec3, axis: Vec3, angle: number): Vec3 {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return add(add(scale(v, c), scale(cross(axis, v), s)), scale(axis, dot(axis, v) * (1 - c)));
}

/** `geometry` with `key` set to `value` unless it is within SAME_ANGLE of what it was (absent counts as 0). */
function withAngle(geometry: SliceGeometry, key: 'rotation' | TiltKey, value: number): SliceGeometry {
  const was = geometry[key] ?? 0;
  return Math.abs(value - was) < SAME_ANGLE ? geometry : { ...geometry, [key]: value };
}

/**
 * The stack turned about the localiser's normal by `angle` [rad] (right-handed about the normal, i.e. on the
 * image from its row towards its column), as rotation and tilts; each tilt clamped to ±45°, and with `snap`
 * rounded to whole degrees.
 */
export function tiltAboutScout(
  geometry: SliceGeometry,
  scout: ScoutPlane,
  angle: number,
  snap = false,
): TiltResult {
  const axis = scoutAxes(scout).normal;
  const { row, column } = stackDirections(geometry);
  const angles = stackAngles(geometry.orientation, turn(row, axis, angle), turn(column, axis, angle));
  const a = clampTilt(
    snap ? Math.round(angles.tiltAboutRow / TILT_STEP_RAD) * TILT_STEP_RAD : angles.tiltAboutRow,
  );
  const b = clampTilt(
    snap ? Math.round(angles.tiltAboutColumn / TILT_STEP_RAD) * TILT_STEP_RAD : angles.tiltAboutColumn,
  );
  const turned = withAngle(
    withAngle(withAngle(geometry, 'rotation', angles.rotation), 'tiltAboutRow', a.value),
    'tiltAboutColumn',
    b.value,
  );
  return { geometry: turned, limit: a.limit ?? b.limit };
}

/** The tilt handle: a stick from the stack's centre along its slices to a knob (viewBox units). */
export interface TiltHandle {
  key: TiltKey;
  base: Point;
  tip: Point;
}

/**
 * The tilt handle on a localiser perpendicular to the stack's orientation: from the stack's centre along the cut
 * of its slices with the localiser, `length` viewBox units beyond the box's edge on the side of +row (or +column,
 * whichever runs more in the localiser's plane); turned back when it would leave the image.
 */
export function tiltHandle(protocol: Protocol, scout: ScoutPlane, length: number): TiltHandle | undefined {
  const key = tiltKeyOn(protocol.geometry, scout);
  if (!key) return undefined;
  const first = scanGeometry(protocol).slices[0];
  if (!first) return undefined;
  const normal = scoutAxes(scout).normal;
  const alongRow = Math.abs(dot(first.rowDirection, normal)) <= Math.abs(dot(first.columnDirection, normal));
  const direction = alongRow ? first.rowDirection : first.columnDirection;
  const extent = alongRow ? (first.columns * first.columnSpacing) / 2 : (first.rows * first.rowSpacing) / 2;
  const center = toImage(scout, protocol.geometry.center);
  const base = toImage(scout, add(protocol.geometry.center, scale(direction, extent)));
  const dx = base.x - center.x;
  const dy = base.y - center.y;
  const norm = Math.hypot(dx, dy);
  if (norm === 0) return undefined;
  const out = { x: base.x + (dx / norm) * length, y: base.y + (dy / norm) * length };
  const inImage = out.x >= 0 && out.y >= 0 && out.x <= scout.columns && out.y <= scout.rows;
  return {
    key,
    base,
    tip: inImage ? out : { x: base.x - (dx / norm) * length, y: base.y - (dy / norm) * length },
  };
}

/**
 * `start`'s stack tilted by the angle the pointer swept about its centre from `from` to `to` (viewBox units),
 * measured in millimetres on the localiser so non-square pixels do not skew it; `snap` (Shift) rounds the tilts to
 * whole degrees. The image angle turns from the localiser's row towards its column: right-handed about its normal.
 */
export function tiltByHandle(
  start: SliceGeometry,
  scout: ScoutPlane,
  from: Point,
  to: Point,
  snap: boolean,
): TiltResult {
  const center = toImage(scout, start.center);
  const [dr, dc] = scout.pixelSpacing;
  const angle = (p: Point) => Math.atan2((p.y - center.y) * dr, (p.x - center.x) * dc);
  return tiltAboutScout(start, scout, angle(to) - angle(from), snap);
}

/** An arrow key on the focused tilt handle: the tilt this localiser shows one step up (→, ↑) or down (←, ↓). */
export function keyboardTilt(
  geometry: SliceGeometry,
  scout: ScoutPlane,
  key: string,
): TiltResult | undefined {
  const tiltKey = tiltKeyOn(geometry, scout);
  const steps: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 };
  const step = steps[key];
  if (!tiltKey || step === undefined) return undefined;
  const now = Math.round((geometry[tiltKey] ?? 0) / TILT_STEP_RAD);
  const { value, limit } = clampTilt((now + step) * TILT_STEP_RAD);
  return { geometry: { ...geometry, [tiltKey]: value }, limit };
}
