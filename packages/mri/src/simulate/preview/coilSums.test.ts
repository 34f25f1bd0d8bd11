/**
 * The live preview's coil sums (./coilSums.ts): Σ s² is the sum of the elements' squared maps (../coilMaps.ts
 * `sumOfSquares`, to the maps' Float32 rounding), and the array's noise has the law of the element-wise sums a
 * scan draws (../fast/coilSums.ts `coilSumsOf`): mean, variance and the coupling of Σ s·n with Σ |n|².
 */
import { describe, expect, it } from 'vitest';
import { modelCoils } from '../../anatomy/modelCoils.ts';
import { testProtocol } from '../../sequence/protocol.testing.ts';
import type { Protocol } from '../../sequence/protocol.ts';
import { frameCoilMapSource, frameCoilMaps } from '../coilMaps.ts';
import { coilSumsOf, createCoilSumsBuffers } from '../fast/coilSums.ts';
import { acquisitionFrame, scanGeometry } from '../geometry.ts';
import { seededRandom, unitComplexNoise } from '../noise.ts';
import { previewCoilSums, previewGrain } from './coilSums.ts';

const HEAD = modelCoils(1).find((c) => c.uniqueName === 'head16');

function frameOf(protocol: Protocol) {
  const plane = scanGeometry(protocol).slices[0];
  if (!plane) throw new Error('no slice');
  return acquisitionFrame(protocol, plane);
}

/** An oblique, non-square frame off the centre, phase along rows with oversampling. */
const oblique = () =>
  frameOf(
    testProtocol({
      matrixRead: 160,
      matrixPhase: 96,
      fovPhase: 0.16,
      phaseOversampling: 0.3,
      phaseDirection: 'row',
      geometry: { orientation: 'sagittal', center: [0.01, -0.02, 0.03], rotation: 0.3 },
    }),
  );

const mean = (values: ArrayLike<number>): number => {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] as number;
  return sum / values.length;
};

describe('preview coil sums', () => {
  it('Σ s² from the coarse maps is the sum of the squared fine maps (relative 1e-6: their Float32 rounding)', () => {
    for (const frame of [frameOf(testProtocol()), oblique()]) {
      const source = frameCoilMapSource(HEAD, frame);
      const maps = frameCoilMaps(HEAD, frame);
      if (!source || !maps) throw new Error('no head array');
      const s2 = source.sumOfSquares(new Float64Array(frame.readCount * frame.phaseCount));
      let worst = 0;
      for (let p = 0; p < s2.length; p++) {
        let direct = 0;
        for (const map of maps) direct += (map[p] as number) ** 2;
        worst = Math.max(worst, Math.abs((s2[p] as number) - direct) / direct);
      }
      expect(worst).toBeLessThan(1e-6);
    }
  });

  it('its noise has the law of the element-wise sums: E Σ|n|² = 2C, Σ s·n/√Σs² unit, their coupling (within 3 %)', () => {
    const frame = frameOf(testProtocol());
    const source = frameCoilMapSource(HEAD, frame);
    if (!source) throw new Error('no head array');
    const n = frame.readCount * frame.phaseCount;
    const random = seededRandom(3);
    const noise = Array.from({ length: source.count }, () => unitComplexNoise(n, random));
    const elementWise = coilSumsOf(source, frame, noise, createCoilSumsBuffers(n)).stats;
    const other = Array.from({ length: source.count }, () => unitComplexNoise(n, random));
    const preview = previewCoilSums(source, frame, previewGrain(other), createCoilSumsBuffers(n)).stats;
    /** Per pixel: |a|²/s2 (χ² with 2 degrees of freedom, mean 2) and n2; their covariance is Var |m|² = 4. */
    const law = (stats: typeof preview) => {
      const q = new Float64Array(n);
      for (let p = 0; p < n; p++)
        q[p] = ((stats.aRe[p] as number) ** 2 + (stats.aIm[p] as number) ** 2) / (stats.s2[p] as number);
      const qMean = mean(q);
      const n2Mean = mean(stats.n2);
      const coupling = new Float64Array(n);
      for (let p = 0; p < n; p++)
        coupling[p] = ((q[p] as number) - qMean) * ((stats.n2[p] as number) - n2Mean);
      return { qMean, n2Mean, coupling: mean(coupling) };
    };
    const a = law(elementWise);
    const b = law(preview);
    expect(b.n2Mean / (2 * source.count)).toBeCloseTo(1, 1);
    expect(Math.abs(b.n2Mean / a.n2Mean - 1)).toBeLessThan(0.03);
    expect(Math.abs(b.qMean / a.qMean - 1)).toBeLessThan(0.03);
    expect(Math.abs(b.qMean / 2 - 1)).toBeLessThan(0.03);
    expect(Math.abs(b.coupling / a.coupling - 1)).toBeLessThan(0.1);
    expect(Math.abs(b.coupling / 4 - 1)).toBeLessThan(0.1);
    // The sensitivities are the scan's.
    for (let p = 0; p < n; p += 97) expect(preview.s2[p]).toBeCloseTo(elementWise.s2[p] as number, 5);
  });
});
