import { describe, expect, it } from 'vitest';
import type { Protocol } from '@larmor/mri';
import {
  keyboardPlan,
  moveStack,
  projectStack,
  rotateStack,
  ROTATION_STEP_RAD,
  toImage,
  type ScoutPlane,
} from './planning.ts';
import { axial, axialStack, sagittal } from './planning.test-support.ts';

/** Distances compared to 1e-9 viewBox units (pixels): the formulas are exact up to rounding. */
const TOL = 9;

describe('projecting a slice stack onto a localiser', () => {
  it('places the isocentre at the centre of the image and 1 mm one pixel further', () => {
    expect(toImage(sagittal, [0, 0, 0]).x).toBeCloseTo(128, TOL);
    expect(toImage(sagittal, [0, 0, 0]).y).toBeCloseTo(128, TOL);
    expect(toImage(sagittal, [0, 0.001, 0.001]).x).toBeCloseTo(129, TOL);
    expect(toImage(sagittal, [0, 0.001, 0.001]).y).toBeCloseTo(127, TOL);
  });

  it('an axial stack on a sagittal localiser is a FOV-wide, coverage-high box with one line per slice', () => {
    const projection = projectStack(axialStack(), sagittal);
    // Coverage: 4 gaps of 5 mm + one thickness 4 mm = 24 mm; FOV 200 mm; centre 10 mm above the isocentre.
    const xs = projection.outline.map((p) => p.x);
    const ys = projection.outline.map((p) => p.y);
    expect(projection.outline).toHaveLength(4);
    expect(Math.min(...xs)).toBeCloseTo(28, TOL);
    expect(Math.max(...xs)).toBeCloseTo(228, TOL);
    expect(Math.min(...ys)).toBeCloseTo(128 - 10 - 12, TOL);
    expect(Math.max(...ys)).toBeCloseTo(128 - 10 + 12, TOL);
    expect(projection.center).toEqual({ x: expect.closeTo(128, TOL), y: expect.closeTo(118, TOL) });
    // Slice centres at z = 10 mm + (i − 2)·5 mm: horizontal lines 5 px apart, each the FOV wide.
    expect(projection.sliceLines).toHaveLength(5);
    projection.sliceLines.forEach(([a, b], i) => {
      expect(a.y).toBeCloseTo(118 - (i - 2) * 5, TOL);
      expect(b.y).toBeCloseTo(a.y, TOL);
      expect(Math.abs(a.x - b.x)).toBeCloseTo(200, TOL);
    });
    // Phase along the axial image's columns: anterior → posterior, i.e. to the right on a sagittal view.
    expect(projection.phaseArrow?.x).toBeCloseTo(1, TOL);
    expect(projection.phaseArrow?.y).toBeCloseTo(0, TOL);
  });

  it('an axial stack on an axial localiser shows its square outline, no slice lines, and the phase arrow', () => {
    const projection = projectStack(axialStack(), axial);
    expect(projection.sliceLines).toHaveLength(0);
    const xs = projection.outline.map((p) => p.x);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(200, TOL);
    expect(projection.phaseArrow?.y).toBeCloseTo(1, TOL);
  });

  it('phase encoding through the localiser plane draws no arrow', () => {
    // Phase along an axial image's rows is R/L: through the sagittal plane.
    const projection = projectStack({ ...axialStack(), phaseDirection: 'row' }, sagittal);
    expect(projection.phaseArrow).toBeUndefined();
  });

  it('an oblique stack rotated 90° swaps its in-plane extents (rectangular FOV)', () => {
    const stack: Protocol = { ...axialStack(), fovRead: 0.2, fovPhase: 0.1 };
    const straight = projectStack(stack, axial).outline.map((p) => p.x);
    const turned = projectStack(
      { ...stack, geometry: { ...stack.geometry, rotation: Math.PI / 2 } },
      axial,
    ).outline.map((p) => p.x);
    expect(Math.max(...straight) - Math.min(...straight)).toBeCloseTo(200, TOL);
    expect(Math.max(...turned) - Math.min(...turned)).toBeCloseTo(100, TOL);
  });

  it('a slice that misses the localiser plane draws no line', () => {
    // A coronal localiser 150 mm anterior of a 100 mm FOV axial stack: the slices end 50 mm short of it.
    const coronal: ScoutPlane = {
      ...sagittal,
      imagePositionPatient: [-0.128 + 0.0005, -0.15, 0.128 - 0.0005],
      imageOrientationPatient: [1, 0, 0, 0, 0, -1],
    };
    const stack: Protocol = { ...axialStack(), fovRead: 0.1, fovPhase: 0.1 };
    expect(projectStack(stack, coronal).sliceLines).toHaveLength(0);
  });
});

describe('moving and rotating the stack on a localiser', () => {
  it('dragging 20 px up on a sagittal view raises the centre 20 mm (head is +z)', () => {
    const moved = moveStack(axialStack().geometry, sagittal, 0, -20);
    expect(moved.center[0]).toBeCloseTo(0, 12);
    expect(moved.center[1]).toBeCloseTo(0, 12);
    expect(moved.center[2]).toBeCloseTo(0.03, 12);
  });

  it('dragging right on an axial view moves towards the patient left (+x)', () => {
    const moved = moveStack(axialStack().geometry, axial, 5, 0);
    expect(moved.center[0]).toBeCloseTo(0.005, 12);
  });

  it('arrow keys move by the step, Shift+arrows rotate 5° and snap to 5°', () => {
    const geometry = axialStack().geometry;
    expect(keyboardPlan(geometry, sagittal, 'ArrowDown', false, 1)?.center[2]).toBeCloseTo(0.009, 12);
    expect(keyboardPlan(geometry, sagittal, 'ArrowRight', true, 1)?.rotation).toBeCloseTo(
      ROTATION_STEP_RAD,
      12,
    );
    expect(keyboardPlan(geometry, sagittal, 'Enter', false, 1)).toBeUndefined();
    const skew = { ...geometry, rotation: (7 * Math.PI) / 180 };
    expect(rotateStack(skew, 1).rotation).toBeCloseTo((10 * Math.PI) / 180, 12);
    expect(rotateStack({ ...geometry, rotation: Math.PI }, 1).rotation).toBeCloseTo(
      -Math.PI + ROTATION_STEP_RAD,
      12,
    );
  });
});
