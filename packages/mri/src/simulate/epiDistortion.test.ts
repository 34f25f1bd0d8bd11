import { describe, expect, it } from 'vitest';
import { displaceAlongPhase, epiLineIntervalS, epiPhaseBandwidthHzPerPixel } from './epiDistortion.ts';
import { LABEL, testProtocol, testTissues, testVolume } from './fast/phantom.testing.ts';
import { prepareSlice } from './fast/prepare.ts';
import { renderContrast } from './fast/render.ts';
import { TEST_SCANNER } from '../scanner.testing.ts';
import type { SliceFieldMap } from './fieldMap.ts';
import { centroidRow } from './susceptibility.testing.ts';
import { firstSliceFrame } from './geometry.testing.ts';

const uniform = (n: number, hz: number): SliceFieldMap => ({
  hz: new Float32Array(n).fill(hz),
  gradRead: new Float32Array(n),
  gradPhase: new Float32Array(n),
  gradSlice: new Float32Array(n),
});

describe('EPI line interval and phase bandwidth (Jezzard & Balaban 1995)', () => {
  it('is ESP/shots, signed by the reading order, and BW_phase = 1/(N·ESP/shots)', () => {
    const single = testProtocol({ family: 'GRE-EPI', echoSpacing: 0.001, echoTrainLength: 64 });
    expect(epiLineIntervalS(single, 64)).toBeCloseTo(0.001, 12);
    expect(epiPhaseBandwidthHzPerPixel(single, 64)).toBeCloseTo(15.625, 9);
    const fourShots = { ...single, echoTrainLength: 16 };
    expect(epiLineIntervalS(fourShots, 64)).toBeCloseTo(0.00025, 12);
    expect(epiLineIntervalS({ ...single, partialFourier: 0.75 }, 64)).toBeCloseTo(-0.001, 12);
  });
});

describe('displaceAlongPhase', () => {
  it('moves a uniform offset by Δf·τ·N lines, keeping the integral (within 1e-9)', () => {
    const nu = 4;
    const nv = 32;
    const re = new Float64Array(nu * nv);
    const im = new Float64Array(nu * nv);
    for (let u = 0; u < nu; u++) re[10 * nu + u] = 1;
    // Δf·τ·N = 50 Hz · 1 ms · 32 = 1.6 lines: 0.4 to line 11, 0.6 to line 12.
    displaceAlongPhase(re, im, uniform(nu * nv, 50), nu, 0.001);
    expect(re[11 * nu]).toBeCloseTo(0.4, 9);
    expect(re[12 * nu]).toBeCloseTo(0.6, 9);
    expect(re.reduce((a, b) => a + b, 0)).toBeCloseTo(nu, 9);
  });
});

describe('EPI distortion in the fast engine (uniform field offset on a disc phantom)', () => {
  const volume = testVolume(120, (x, y) => (Math.hypot(x, y + 0.01) < 0.03 ? LABEL.greyMatter : 0));
  const tissues = testTissues();
  // Homodyne partial-Fourier reconstruction blurs the disc's edges a little (measured 0.10 pixel).
  for (const [partialFourier, tolerance] of [
    [1, 0.1],
    [0.75, 0.25],
  ] as const) {
    it(`moves the disc by Δf/BW_phase pixels, sign by reading order, within ${tolerance} pixel (partial Fourier ${partialFourier})`, () => {
      const epi = testProtocol({
        family: 'GRE-EPI',
        repetitionTime: 2,
        echoTime: 0.04,
        matrixRead: 64,
        matrixPhase: 64,
        echoTrainLength: partialFourier < 1 ? 48 : 64,
        echoSpacing: 0.001,
        bandwidthPerPixel: 1500,
        partialFourier,
      });
      const frame = firstSliceFrame(epi);
      const prepared = prepareSlice(volume, frame);
      const bandwidth = epiPhaseBandwidthHzPerPixel(epi, frame.phaseCount);
      const n = frame.readCount * frame.phaseCount;
      const plain = renderContrast(prepared, epi, TEST_SCANNER, { tissues });
      const moved = renderContrast(prepared, epi, TEST_SCANNER, {
        tissues,
        fieldMap: uniform(n, 3 * bandwidth),
      });
      const shift =
        centroidRow(moved.magnitude, frame.readCount) - centroidRow(plain.magnitude, frame.readCount);
      expect(Math.abs(shift - (partialFourier < 1 ? -3 : 3))).toBeLessThan(tolerance);
    });
  }
  it('moves a spin-echo EPI as well (the train is not refocused), within 0.1 pixel', () => {
    const se = testProtocol({
      family: 'SE-EPI',
      repetitionTime: 2,
      echoTime: 0.06,
      matrixRead: 64,
      matrixPhase: 64,
      echoTrainLength: 64,
      echoSpacing: 0.001,
      bandwidthPerPixel: 1500,
    });
    const frame = firstSliceFrame(se);
    const prepared = prepareSlice(volume, frame);
    const n = frame.readCount * frame.phaseCount;
    const plain = renderContrast(prepared, se, TEST_SCANNER, { tissues });
    const moved = renderContrast(prepared, se, TEST_SCANNER, {
      tissues,
      fieldMap: uniform(n, -2 * epiPhaseBandwidthHzPerPixel(se, frame.phaseCount)),
    });
    const shift =
      centroidRow(moved.magnitude, frame.readCount) - centroidRow(plain.magnitude, frame.readCount);
    expect(Math.abs(shift + 2)).toBeLessThan(0.1);
  });
});
