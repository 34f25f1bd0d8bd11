import { describe, expect, it } from 'vitest';
import { parameterDefinitions } from '@larmor/mri/sequence';
import type { Protocol } from '@larmor/mri';
import {
  clampToDefinition,
  edgeHandles,
  foldOverZones,
  resizeStack,
  rotateByHandle,
  rotationHandle,
} from './planning-handles.ts';
import { ROTATION_STEP_RAD, type Point, type ScoutPlane } from './planning.ts';
import { axial, axialStack, coronal, sagittal, scanner } from './planning.test-support.ts';

/** Distances compared to 1e-9 viewBox units (pixels) and parameters to 1e-12 SI: the formulas are exact. */
const TOL = 9;
const SI = 12;
/** Mm per pixel of the test scouts. */
const PIXEL_M = 0.001;

const definitions = (protocol: Protocol) => parameterDefinitions(protocol, scanner);
const resize = (
  protocol: Protocol,
  scout: ScoutPlane,
  handle: Parameters<typeof resizeStack>[2],
  dx: number,
  dy: number,
) => resizeStack(protocol, scout, handle, dx, dy, definitions(protocol));

/** The bounding box of a polygon (viewBox units). */
function bounds(polygon: readonly Point[]) {
  const xs = polygon.map((p) => p.x);
  const ys = polygon.map((p) => p.y);
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
}

describe('edge handles of the stack on a localiser', () => {
  it('on the localiser parallel to the slices: the read and phase edges, at the middles of the FOV edges', () => {
    const handles = edgeHandles(axialStack(), axial);
    expect(handles.map((h) => `${h.axis}${h.side}`).sort()).toEqual(['phase-1', 'phase1', 'read-1', 'read1']);
    const phaseBottom = handles.find((h) => h.axis === 'phase' && h.side === 1);
    // Phase runs A → P, down the axial image; the FOV is 200 px around the centre (128, 128).
    expect(phaseBottom?.at).toEqual({ x: expect.closeTo(128, TOL), y: expect.closeTo(228, TOL) });
    expect(phaseBottom?.outward).toEqual({ x: expect.closeTo(0, TOL), y: expect.closeTo(1, TOL) });
    const readRight = handles.find((h) => h.axis === 'read' && h.side === 1);
    expect(readRight?.at.x).toBeCloseTo(228, TOL);
  });

  it('on localisers across the slices: the in-plane FOV edge and the coverage edges', () => {
    const onSagittal = edgeHandles(axialStack(), sagittal);
    expect(onSagittal.map((h) => h.axis).sort()).toEqual(['phase', 'phase', 'slice', 'slice']);
    // Coverage 24 mm around 10 mm above the isocentre: the top edge at y = 128 − 10 − 12.
    expect(onSagittal.find((h) => h.axis === 'slice' && h.side === 1)?.at.y).toBeCloseTo(106, TOL);
    expect(
      edgeHandles(axialStack(), coronal)
        .map((h) => h.axis)
        .sort(),
    ).toEqual(['read', 'read', 'slice', 'slice']);
  });
});

describe('dragging an edge resizes the stack symmetrically about its centre', () => {
  it('the phase edge dragged N pixels of spacing s outwards makes fovPhase 2·N·s larger, from either side', () => {
    const N = 10;
    expect(resize(axialStack(), axial, { axis: 'phase', side: 1 }, 0, N)).toEqual({
      key: 'fovPhase',
      value: expect.closeTo(0.2 + 2 * N * PIXEL_M, SI),
      limit: undefined,
    });
    expect(resize(axialStack(), axial, { axis: 'phase', side: -1 }, 0, -N)?.value).toBeCloseTo(0.22, SI);
    // Inwards shrinks it; a drag along the edge changes nothing.
    expect(resize(axialStack(), axial, { axis: 'phase', side: 1 }, 0, -N)?.value).toBeCloseTo(0.18, SI);
    expect(resize(axialStack(), axial, { axis: 'phase', side: 1 }, 7, 0)?.value).toBeCloseTo(0.2, SI);
  });

  it('the read edge on the coronal localiser changes fovRead, rounded to the 1 mm step', () => {
    expect(resize(axialStack(), coronal, { axis: 'read', side: 1 }, 15.3, 0)).toEqual({
      key: 'fovRead',
      value: expect.closeTo(0.231, SI),
      limit: undefined,
    });
  });

  it("clamps to the editor's range and says which limit it reached", () => {
    const wide = resize(axialStack(), axial, { axis: 'phase', side: 1 }, 0, 200);
    expect(wide).toEqual({ key: 'fovPhase', value: 0.5, limit: 'maximum' });
    const narrow = resize(axialStack(), axial, { axis: 'phase', side: 1 }, 0, -60);
    expect(narrow).toEqual({ key: 'fovPhase', value: 0.1, limit: 'minimum' });
    const minRead = definitions(axialStack()).find((d) => d.key === 'fovRead')?.min;
    expect(resize(axialStack(), axial, { axis: 'read', side: 1 }, -99, 0)).toEqual({
      key: 'fovRead',
      value: minRead,
      limit: 'minimum',
    });
  });

  it('the coverage edge changes the slice count, keeping thickness and gap: n = round((coverage − t)/spacing) + 1', () => {
    // 5 slices, thickness 4 mm, spacing 5 mm: coverage 24 mm. Up 5 px on the sagittal: 34 mm → 7 slices.
    expect(resize(axialStack(), sagittal, { axis: 'slice', side: 1 }, 0, -5)).toEqual({
      key: 'sliceCount',
      value: 7,
      limit: undefined,
    });
    // 2 px: 28 mm → 5.8 → 6 slices; the bottom edge dragged down works the same.
    expect(resize(axialStack(), sagittal, { axis: 'slice', side: 1 }, 0, -2)?.value).toBe(6);
    expect(resize(axialStack(), sagittal, { axis: 'slice', side: -1 }, 0, 2)?.value).toBe(6);
    expect(resize(axialStack(), sagittal, { axis: 'slice', side: 1 }, 0, 100)).toEqual({
      key: 'sliceCount',
      value: 1,
      limit: 'minimum',
    });
    expect(resize(axialStack(), sagittal, { axis: 'slice', side: 1 }, 0, -500)?.limit).toBe('maximum');
  });

  it('rounds a value to its step without float noise', () => {
    expect(clampToDefinition(0.2304, { min: 0.1, max: 0.5, step: 0.001 }).value).toBe(0.23);
  });
});

describe('the rotation handle', () => {
  it('stands beyond the top edge on the localiser parallel to the slices only', () => {
    const handle = rotationHandle(axialStack(), axial, 20);
    expect(handle?.base).toEqual({ x: expect.closeTo(128, TOL), y: expect.closeTo(28, TOL) });
    expect(handle?.tip).toEqual({ x: expect.closeTo(128, TOL), y: expect.closeTo(8, TOL) });
    // A 250 mm FOV leaves 3 px above the top edge: the stick turns inwards to stay on the image.
    const wide = rotationHandle(axialStack({ fovPhase: 0.25 }), axial, 20);
    expect(wide?.base.y).toBeCloseTo(3, TOL);
    expect(wide?.tip.y).toBeCloseTo(23, TOL);
    expect(rotationHandle(axialStack(), sagittal, 20)).toBeUndefined();
    expect(rotationHandle(axialStack(), coronal, 20)).toBeUndefined();
  });

  it('turns the stack by the angle swept about its centre, so the handle follows the pointer', () => {
    const start = axialStack();
    const tip = rotationHandle(start, axial, 20)?.tip ?? { x: 0, y: 0 };
    // From straight up to the right of the centre (128, 128): a quarter turn.
    const turned = rotateByHandle(start, axial, tip, { x: 228, y: 128 }, false);
    expect(turned.rotation).toBeCloseTo(Math.PI / 2, SI);
    const after = rotationHandle({ ...start, geometry: turned }, axial, 20);
    expect(after?.tip.x).toBeGreaterThan(228);
    expect(after?.tip.y).toBeCloseTo(128, TOL);
  });

  it('Shift snaps to 5° steps', () => {
    const start = axialStack();
    const center = { x: 128, y: 128 };
    const degrees = 7;
    const to = {
      x: center.x + 100 * Math.sin((degrees * Math.PI) / 180),
      y: center.y - 100 * Math.cos((degrees * Math.PI) / 180),
    };
    const from = { x: 128, y: 8 };
    expect(rotateByHandle(start, axial, from, to, false).rotation).toBeCloseTo((7 * Math.PI) / 180, SI);
    expect(rotateByHandle(start, axial, from, to, true).rotation).toBeCloseTo(ROTATION_STEP_RAD, SI);
    const skewed = { ...start, geometry: { ...start.geometry, rotation: (178 * Math.PI) / 180 } };
    // 178° + 7° wraps to −175°, a multiple of 5°.
    expect(rotateByHandle(skewed, axial, from, to, true).rotation).toBeCloseTo((-175 * Math.PI) / 180, SI);
  });
});

describe('the fold-over zone', () => {
  // fovPhase 160 mm with 25 % oversampling (256 → 320 lines): 200 mm unaliased, 100 mm either side of the centre.
  const oversampled = axialStack({ fovPhase: 0.16, phaseOversampling: 0.25 });

  it('on the axial localiser: the strips beyond the unaliased phase extent, within the readout FOV', () => {
    const zones = foldOverZones(oversampled, axial).map(bounds);
    expect(zones).toHaveLength(2);
    const [after, before] = zones;
    expect(after).toEqual({
      x0: expect.closeTo(28, TOL),
      x1: expect.closeTo(228, TOL),
      y0: expect.closeTo(228, TOL),
      y1: 256,
    });
    expect(before).toEqual({
      x0: expect.closeTo(28, TOL),
      x1: expect.closeTo(228, TOL),
      y0: 0,
      y1: expect.closeTo(28, TOL),
    });
  });

  it('on the sagittal localiser: anterior and posterior of the phase extent, within the coverage', () => {
    const zones = foldOverZones(oversampled, sagittal).map(bounds);
    expect(zones).toHaveLength(2);
    for (const zone of zones) {
      expect(zone.y0).toBeCloseTo(106, TOL);
      expect(zone.y1).toBeCloseTo(130, TOL);
    }
    expect(zones.map((z) => (z.x0 === 0 ? z.x1 : z.x0))).toEqual([
      expect.closeTo(228, TOL),
      expect.closeTo(28, TOL),
    ]);
  });

  it('none where phase encoding runs through the plane, or where the unaliased extent covers the localiser', () => {
    expect(foldOverZones(oversampled, coronal)).toEqual([]);
    expect(foldOverZones(axialStack({ fovPhase: 0.3 }), axial)).toEqual([]);
  });

  it('oversampling widens the unaliased extent: without it the strips start at the phase FOV', () => {
    const plain = foldOverZones(axialStack({ fovPhase: 0.16 }), axial).map(bounds);
    expect(plain[0]?.y0).toBeCloseTo(128 + 80, TOL);
    expect(plain[1]?.y1).toBeCloseTo(128 - 80, TOL);
  });
});
