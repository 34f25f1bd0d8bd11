import { describe, expect, it } from 'vitest';
import { scanGeometry } from '../../simulate/geometry.ts';
import type { Protocol, SliceOrientation } from '../protocol.ts';
import { axesOf, buildContext } from './context.ts';
import { buildTimeline } from './index.ts';
import { pixelPosition, pointImage } from './pointImage.testing.ts';
import { readSeq } from '../../io/pulseq/read.ts';
import { expectSameTimeline } from '../../io/pulseq/timeline-compare.test-support.ts';
import { writeSeq } from '../../io/pulseq/write.ts';
import { FAMILY_PROTOCOLS, smallProtocol } from './protocols.testing.ts';
import { GRADIENT_LIMITED_SCANNER as scanner } from '../../scanner.testing.ts';

/** A stack of three 5 mm slices 10 mm apart, centred off the isocentre on every axis [m]. */
const stack = (orientation: SliceOrientation, overrides: Partial<Protocol> = {}): Protocol =>
  smallProtocol({
    sliceCount: 3,
    sliceGap: 0.005,
    geometry: { orientation, center: [0.012, -0.009, 0.015] },
    ...overrides,
  });

/**
 * One geometry for both engines and the Pulseq writer: the timeline builder excites the slices of
 * `scanGeometry` (simulate/geometry.ts), offsets along the plane normal, and its images come out in the fast
 * engine's display orientation (phase areas projected on the frame's phase direction; issue 9, items 2 and 3).
 */
describe('the timeline builder and the Bloch image follow scanGeometry on every orientation', () => {
  for (const orientation of ['axial', 'sagittal', 'coronal'] as const)
    it(`${orientation}: the builder's slice centres are scanGeometry's, along the plane normal (1e-12 m)`, () => {
      const p = stack(orientation);
      scanGeometry(p).slices.forEach((plane, slice) => {
        const ctx = buildContext(p, scanner, { slice });
        const n = plane.normal;
        const along = plane.center[0] * n[0] + plane.center[1] * n[1] + plane.center[2] * n[2];
        expect(ctx.sliceCenter).toBeCloseTo(along, 12);
      });
    });

  for (const orientation of ['axial', 'sagittal', 'coronal'] as const)
    for (const phaseDirection of ['column', 'row'] as const)
      it(`${orientation}, phase along ${phaseDirection}: a spin in the first slice of a stack appears at its pixel, right way up, and not in the last slice`, () => {
        const p = stack(orientation, { phaseDirection });
        const pixel: [number, number] = [3, 11];
        const at = pixelPosition(p, pixel, 0);
        const first = pointImage(p, at, 0.08, { slice: 0 });
        expect(first.peak).toEqual(pixel);
        expect(Math.abs(first.centroid[0] - pixel[0])).toBeLessThan(0.5);
        expect(Math.abs(first.centroid[1] - pixel[1])).toBeLessThan(0.5);
        expect(first.concentration).toBeGreaterThan(0.95);
        // 20 mm away from the last slice's centre (4 slice thicknesses): below 1 % of the in-slice signal.
        const last = pointImage(p, at, 0.08, { slice: 2 });
        expect(last.peakValue).toBeLessThan(0.01 * first.peakValue);
      });

  it('an in-plane rotation by 90° (an oblique stack on the axes) keeps the slice positions and the pixel', () => {
    const p = stack('coronal', {
      geometry: { orientation: 'coronal', center: [0.012, -0.009, 0.015], rotation: Math.PI / 2 },
    });
    const pixel: [number, number] = [4, 10];
    const at = pixelPosition(p, pixel, 2);
    expect(pointImage(p, at, 0.08, { slice: 2 }).peak).toEqual(pixel);
  });

  for (const rotation of [Math.PI / 6, -Math.PI / 4])
    for (const phaseDirection of ['column', 'row'] as const)
      it(`an oblique stack (coronal, in-plane ${Math.round((rotation * 180) / Math.PI)}°, phase along ${phaseDirection}): read and phase spread over two channels, the spin at its pixel`, () => {
        const p = stack('coronal', {
          phaseDirection,
          geometry: { orientation: 'coronal', center: [0.012, -0.009, 0.015], rotation },
        });
        const timeline = buildTimeline(p, scanner, { slice: 1 });
        // The readout plays on both in-plane channels (x and z) at once.
        const readout = timeline.blocks.find((b) => b.adc);
        expect(readout?.gx && readout.gz).toBeTruthy();
        const pixel: [number, number] = [5, 12];
        const at = pixelPosition(p, pixel, 1);
        const image = pointImage(p, at, 0.08, { slice: 1 });
        expect(image.peak).toEqual(pixel);
        expect(image.concentration).toBeGreaterThan(0.95);
        const ctx = buildContext(p, scanner, { slice: 1 });
        const plane = scanGeometry(p).slices[1];
        const n = plane?.normal ?? [0, 0, 0];
        const c = plane?.center ?? [0, 0, 0];
        expect(ctx.sliceCenter).toBeCloseTo(c[0] * n[0] + c[1] * n[1] + c[2] * n[2], 12);
      });

  for (const phaseDirection of ['column', 'row'] as const)
    it(`a double-oblique stack (sagittal, tilted 20° about its row, −15° about its column, phase along ${phaseDirection}): the slice gradient on all three channels, the spin at its pixel and not in the last slice`, () => {
      const p = stack('sagittal', {
        phaseDirection,
        geometry: {
          orientation: 'sagittal',
          center: [0.012, -0.009, 0.015],
          tiltAboutRow: (20 * Math.PI) / 180,
          tiltAboutColumn: (-15 * Math.PI) / 180,
        },
      });
      const excitation = buildTimeline(p, scanner, { slice: 0 }).blocks.find((b) => b.rf);
      expect(excitation?.gx && excitation.gy && excitation.gz).toBeTruthy();
      const pixel: [number, number] = [5, 12];
      const at = pixelPosition(p, pixel, 0);
      const first = pointImage(p, at, 0.08, { slice: 0 });
      expect(first.peak).toEqual(pixel);
      expect(first.concentration).toBeGreaterThan(0.95);
      expect(pointImage(p, at, 0.08, { slice: 2 }).peakValue).toBeLessThan(0.01 * first.peakValue);
    });

  it('the axial, sagittal and coronal timelines keep one trapezoid per role on one channel', () => {
    for (const orientation of ['axial', 'sagittal', 'coronal'] as const) {
      const axes = axesOf(stack(orientation));
      expect(new Set([axes.read, axes.phase, axes.slice]).size).toBe(3);
      const readout = buildTimeline(stack(orientation), scanner).blocks.find((b) => b.adc);
      expect(readout?.[axes.read]?.times).toHaveLength(4);
    }
  });

  it('an oblique stack (axial, 30°, SE and GRE-EPI) writes a Pulseq file that reads back as the same timeline', () => {
    for (const family of ['SE', 'GRE-EPI'] as const) {
      const p = stack('axial', {
        family,
        ...FAMILY_PROTOCOLS[family],
        geometry: { orientation: 'axial', center: [0.01, 0.02, 0], rotation: Math.PI / 6 },
      });
      const timeline = buildTimeline(p, scanner);
      const seq = readSeq(writeSeq(timeline), { strictSignature: true });
      expect(seq.warnings).toEqual([]);
      expectSameTimeline(timeline, seq);
    }
  });
});
