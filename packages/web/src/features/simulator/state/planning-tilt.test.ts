import { describe, expect, it } from 'vitest';
import type { Protocol, SliceGeometry, Vec3 } from '@larmor/mri';
import { stackDirections } from '@larmor/mri/simulate';
import { projectStack, type Point } from './planning.ts';
import { rotationHandle } from './planning-handles.ts';
import { keyboardTilt, tiltByHandle, tiltHandle, tiltKeyOn, TILT_STEP_RAD } from './planning-tilt.ts';
import { axial, axialStack, coronal, sagittal } from './planning.test-support.ts';

const DEG = Math.PI / 180;
const SI = 9;

/** The pointer swept `degrees` about the stack's centre on a scout of square pixels: from east, to the turned point. */
function sweep(protocol: Protocol, scout: typeof axial, degrees: number): [Point, Point] {
  const c = projectStack(protocol, scout).center;
  const r = 40;
  return [
    { x: c.x + r, y: c.y },
    { x: c.x + r * Math.cos(degrees * DEG), y: c.y + r * Math.sin(degrees * DEG) },
  ];
}

/** The image angle of the middle slice's line on a scout [°]. */
function lineAngle(protocol: Protocol, scout: typeof axial): number {
  const lines = projectStack(protocol, scout).sliceLines;
  const [a, b] = lines[Math.floor(lines.length / 2)] ?? [];
  if (!a || !b) throw new Error('no slice line');
  return (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
}

/** The difference of two line angles, modulo 180° into (−90°, 90°]. */
const turnOf = (from: number, to: number) => ((((to - from + 90) % 180) + 180) % 180) - 90;

describe('which tilt a localiser shows', () => {
  it('an axial stack: about its row (L–R) on the sagittal localiser, about its column (A–P) on the coronal, none on the axial', () => {
    const geometry = axialStack().geometry;
    expect(tiltKeyOn(geometry, sagittal)).toBe('tiltAboutRow');
    expect(tiltKeyOn(geometry, coronal)).toBe('tiltAboutColumn');
    expect(tiltKeyOn(geometry, axial)).toBeUndefined();
  });

  it('a sagittal stack (knee along the ACL): about its column (H–F) on the axial localiser', () => {
    const geometry: SliceGeometry = { orientation: 'sagittal', center: [0, 0, 0] };
    expect(tiltKeyOn(geometry, axial)).toBe('tiltAboutColumn');
    expect(tiltKeyOn(geometry, coronal)).toBe('tiltAboutRow');
    expect(tiltKeyOn(geometry, sagittal)).toBeUndefined();
  });
});

describe('the tilt handle', () => {
  it('stands on the localisers perpendicular to the orientation, the rotation handle on the parallel one, tilted or not', () => {
    const tilted = axialStack({
      geometry: { orientation: 'axial', center: [0, 0, 0.01], tiltAboutRow: 20 * DEG },
    });
    for (const protocol of [axialStack(), tilted]) {
      expect(tiltHandle(protocol, sagittal, 20)?.key).toBe('tiltAboutRow');
      expect(tiltHandle(protocol, coronal, 20)?.key).toBe('tiltAboutColumn');
      expect(tiltHandle(protocol, axial, 20)).toBeUndefined();
      expect(rotationHandle(protocol, axial, 20)).toBeDefined();
      expect(rotationHandle(protocol, sagittal, 20)).toBeUndefined();
    }
    // On the sagittal localiser the knob is 20 px beyond the stack's posterior edge (FOV 200 mm: 100 mm behind the
    // centre, at 1 mm per pixel), along the slices.
    const handle = tiltHandle(axialStack(), sagittal, 20);
    const center = projectStack(axialStack(), sagittal).center;
    expect(handle?.base.x).toBeCloseTo(center.x + 100, SI);
    expect(handle?.tip.x).toBeCloseTo(center.x + 120, SI);
    expect(handle?.tip.y).toBeCloseTo(center.y, SI);
  });

  it('dragged on the sagittal localiser, it tilts an axial stack about its row: the slice lines turn with the pointer', () => {
    const start = axialStack();
    const [from, to] = sweep(start, sagittal, 15);
    const { geometry, limit } = tiltByHandle(start.geometry, sagittal, from, to, false);
    expect(limit).toBeUndefined();
    // The sagittal localiser's normal is −x: a right-handed 15° turn about it is −15° about the row (+x).
    expect(geometry.tiltAboutRow).toBeCloseTo(-15 * DEG, SI);
    expect(geometry.tiltAboutColumn).toBeUndefined();
    expect(geometry.rotation).toBeUndefined();
    expect(geometry.center).toEqual(start.geometry.center);
    const turned = { ...start, geometry };
    expect(turnOf(lineAngle(start, sagittal), lineAngle(turned, sagittal))).toBeCloseTo(15, 6);
  });

  it('dragged on the axial localiser, it tilts a sagittal stack about its column (the ACL plane)', () => {
    const start = axialStack({
      geometry: { orientation: 'sagittal', center: [0.02, 0, 0] },
      phaseDirection: 'row',
    });
    const [from, to] = sweep(start, axial, -12);
    const { geometry } = tiltByHandle(start.geometry, axial, from, to, false);
    expect(geometry.tiltAboutColumn).toBeCloseTo(12 * DEG, SI);
    expect(geometry.tiltAboutRow).toBeUndefined();
    expect(turnOf(lineAngle(start, axial), lineAngle({ ...start, geometry }, axial))).toBeCloseTo(-12, 6);
  });

  it('on a stack rotated in-plane, the turn about the localiser’s normal is exact: the normal turns by the sweep about it (1e-9)', () => {
    const start = axialStack({
      geometry: { orientation: 'axial', center: [0, 0, 0.01], rotation: 30 * DEG, tiltAboutColumn: 10 * DEG },
    });
    const [from, to] = sweep(start, sagittal, 20);
    const { geometry } = tiltByHandle(start.geometry, sagittal, from, to, false);
    const before = stackDirections(start.geometry).normal;
    const after = stackDirections(geometry).normal;
    // About −x by 20°: (x, y, z) → (x, y·cos 20° + z·sin 20°, −y·sin 20° + z·cos 20°).
    const c = Math.cos(20 * DEG);
    const s = Math.sin(20 * DEG);
    const expected: Vec3 = [before[0], before[1] * c + before[2] * s, -before[1] * s + before[2] * c];
    expected.forEach((v, i) => expect(after[i]).toBeCloseTo(v, SI));
  });

  it('keeps each tilt within ±45° and says which limit it reached; Shift snaps to whole degrees', () => {
    const start = axialStack();
    const [from, to] = sweep(start, sagittal, -60);
    expect(tiltByHandle(start.geometry, sagittal, from, to, false)).toMatchObject({
      geometry: { tiltAboutRow: Math.PI / 4 },
      limit: 'maximum',
    });
    const [a, b] = sweep(start, sagittal, 7.4);
    expect(tiltByHandle(start.geometry, sagittal, a, b, true).geometry.tiltAboutRow).toBeCloseTo(
      -7 * DEG,
      SI,
    );
    expect(tiltByHandle(start.geometry, sagittal, a, b, false).geometry.tiltAboutRow).toBeCloseTo(
      -7.4 * DEG,
      SI,
    );
  });
});

describe('the tilt by keyboard', () => {
  it('arrows on the focused tilt handle step the tilt this localiser shows by 1°, up to 45°', () => {
    const geometry = axialStack().geometry;
    expect(keyboardTilt(geometry, sagittal, 'ArrowRight')?.geometry.tiltAboutRow).toBeCloseTo(
      TILT_STEP_RAD,
      SI,
    );
    expect(keyboardTilt(geometry, sagittal, 'ArrowDown')?.geometry.tiltAboutRow).toBeCloseTo(
      -TILT_STEP_RAD,
      SI,
    );
    expect(keyboardTilt(geometry, coronal, 'ArrowUp')?.geometry.tiltAboutColumn).toBeCloseTo(
      TILT_STEP_RAD,
      SI,
    );
    expect(keyboardTilt({ ...geometry, tiltAboutRow: Math.PI / 4 }, sagittal, 'ArrowRight')).toEqual({
      geometry: { ...geometry, tiltAboutRow: Math.PI / 4 },
      limit: 'maximum',
    });
    expect(keyboardTilt(geometry, sagittal, 'Enter')).toBeUndefined();
    expect(keyboardTilt(geometry, axial, 'ArrowRight')).toBeUndefined();
  });
});
