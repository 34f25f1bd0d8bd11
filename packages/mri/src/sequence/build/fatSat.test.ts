import { describe, expect, it } from 'vitest';
import { FAT_WATER_SHIFT_PPM } from '../../constants.ts';
import { simulateReference } from '../../simulate/bloch/reference.ts';
import { createSpinSet } from '../../simulate/bloch/spins.ts';
import { testProtocol } from '../../simulate/fast/phantom.testing.ts';
import { chemicalShiftHz } from '../../tissue/field.ts';
import type { Scanner } from '../protocol.ts';
import { buildContext } from './context.ts';
import { fatNullFlip, fatSaturation } from './fatSat.ts';
import { buildTimeline } from './index.ts';
import { TimelineBuilder } from './timelineBuilder.ts';
import { GRADIENT_LIMITED_SCANNER } from '../../scanner.testing.ts';

const scanner: Scanner = GRADIENT_LIMITED_SCANNER;

/** |M⊥| right after the fat-saturation pulse of a spin at `hz` off resonance, from M0 = 1 (no relaxation). */
function transverseAfterPulse(hz: number, b0 = 1.5): number {
  const ctx = buildContext(testProtocol({ fatSaturation: true }), { ...scanner, b0 });
  const fs = fatSaturation(ctx, 0);
  if (!fs) throw new Error('no fat saturation');
  const b = new TimelineBuilder(ctx.raster);
  b.add(fs.pulse);
  b.add({ adc: { numSamples: 1, dwell: 2e-6, delay: 0, freqOffset: 0, phaseOffset: 0 } });
  const spins = createSpinSet({
    x: [0],
    y: [0],
    z: [0],
    rho: [1],
    t1: [Infinity],
    t2: [Infinity],
    dw: [2 * Math.PI * hz],
  });
  const s = simulateReference({ timeline: b.build(), spins });
  return Math.hypot(s.coils[0]?.re[0] ?? 0, s.coils[0]?.im[0] ?? 0);
}

describe('spectral fat saturation (issue 23, item 3)', () => {
  for (const b0 of [1.5, 3]) {
    const fat = chemicalShiftHz(FAT_WATER_SHIFT_PPM, b0);
    it(`at ${b0} T tips fat (±20 Hz) into the transverse plane and leaves water under 2° (Mz within 0.1 %)`, () => {
      for (const offset of [-20, 0, 20]) expect(transverseAfterPulse(fat + offset, b0)).toBeGreaterThan(0.97);
      expect(transverseAfterPulse(0, b0)).toBeLessThan(Math.sin((2 * Math.PI) / 180));
    });
  }

  it('flips just past 90° so that fat recovers to zero at the excitation: cos θ = −(1 − E1)/E1', () => {
    const flip = fatNullFlip(0.01, 0.26);
    const e1 = Math.exp(-0.01 / 0.26);
    expect(Math.cos(flip) * e1 + (1 - e1)).toBeCloseTo(0, 12);
    expect(flip).toBeGreaterThan(Math.PI / 2);
  });

  it('is played before every excitation of SE, GRE and EPI when the protocol asks, and not otherwise', () => {
    for (const family of ['SE', 'GRE', 'SE-EPI'] as const) {
      const base = testProtocol({
        family,
        ...(family === 'SE-EPI'
          ? { echoTime: 0.08, repetitionTime: 3, matrixRead: 32, matrixPhase: 32, bandwidthPerPixel: 1500 }
          : { repetitionTime: 0.5 }),
      });
      const count = (fatSaturationOn: boolean, use: string): number =>
        buildTimeline({ ...base, fatSaturation: fatSaturationOn }, scanner).blocks.filter(
          (b) => b.rf?.use === use,
        ).length;
      expect(count(true, 'saturation'), family).toBe(count(true, 'excitation'));
      expect(count(false, 'saturation'), family).toBe(0);
    }
  });
});
