import { describe, expect, it } from 'vitest';
import { blochMagnitudeImage } from '../../simulate/agreement/blochImage.ts';
import { simulateFast } from '../../simulate/bloch/fast.ts';
import { createSpinSet } from '../../simulate/bloch/spins.ts';
import { createWasmKernels } from '../../simulate/bloch/wasmKernels.ts';
import { acquisitionFrame, add, scale, scanGeometry } from '../../simulate/geometry.ts';
import type { Protocol } from '../protocol.ts';
import { axesOf } from './context.ts';
import { buildTimeline } from './index.ts';
import { FAMILY_PROTOCOLS, smallProtocol, TEST_SCANNER as scanner } from './protocols.testing.ts';

/**
 * Where a point spin at `pixel` (row, column) of an off-centre slice lands in the Bloch image reconstructed by
 * `blochMagnitudeImage`: the brightest pixel, the magnitude-weighted centroid of its 3×3 neighbourhood and the
 * fraction of the image's energy (Σ|m|²) in that neighbourhood.
 * Pixel (r, c) lies at centre + (c − M/2)·Δc·row + (r − N/2)·Δr·column (docs/conventions.md).
 */
function pointImage(p: Protocol, pixel: [number, number], t2: number, dummyScans?: number) {
  const plane = scanGeometry(p).slices[0];
  if (!plane) throw new Error('no slice');
  const frame = acquisitionFrame(p, plane);
  const [r, c] = pixel;
  const at = add(
    plane.center,
    add(
      scale(plane.rowDirection, (c - plane.columns / 2) * plane.columnSpacing),
      scale(plane.columnDirection, (r - plane.rows / 2) * plane.rowSpacing),
    ),
  );
  const timeline = buildTimeline(p, scanner, dummyScans === undefined ? {} : { dummyScans });
  const spins = createSpinSet({ x: [at[0]], y: [at[1]], z: [at[2]], rho: [1], t1: [0.6], t2: [t2] });
  const signal = simulateFast({ timeline, spins }, { kernels: createWasmKernels });
  const image = blochMagnitudeImage(signal, timeline, axesOf(p).phase, frame);
  let peak = 0;
  for (let i = 1; i < image.magnitude.length; i++)
    if ((image.magnitude[i] ?? 0) > (image.magnitude[peak] ?? 0)) peak = i;
  const [pr, pc] = [Math.floor(peak / image.columns), peak % image.columns];
  let [sum, sr, sc, near] = [0, 0, 0, 0];
  for (let dr = -1; dr <= 1; dr++)
    for (let dc = -1; dc <= 1; dc++) {
      const [rr, cc] = [pr + dr, pc + dc];
      if (rr < 0 || cc < 0 || rr >= image.rows || cc >= image.columns) continue;
      const m = image.magnitude[rr * image.columns + cc] ?? 0;
      [sum, sr, sc, near] = [sum + m, sr + m * rr, sc + m * cc, near + m * m];
    }
  let energy = 0;
  for (const m of image.magnitude) energy += m * m;
  return { peak: [pr, pc], centroid: [sr / sum, sc / sum], concentration: near / energy };
}

/** FOV centre off the isocentre by a non-integer number of pixels (12.5 mm) along x and y, slice at z = 4 mm. */
const CENTER: [number, number, number] = [0.0331, -0.0217, 0.004];

describe('off-centre field of view: ADC frequency and phase offsets follow geometry.center in-plane', () => {
  // T2 [s] of the spin: 4 ms ≪ TR for the spoiled GRE (one isochromat is not spoiled by the gradients).
  const families: [string, Partial<Protocol>, number, number?][] = [
    ['SE', FAMILY_PROTOCOLS.SE, 0.08],
    ['TSE', FAMILY_PROTOCOLS.TSE, 0.08],
    ['GRE', FAMILY_PROTOCOLS.GRE, 0.004],
    ['bSSFP', FAMILY_PROTOCOLS.bSSFP, 0.08, 10],
    // Single-shot EPI: alternate-polarity lines, so the read offset's frequency alternates in sign too.
    ['GRE-EPI', FAMILY_PROTOCOLS['GRE-EPI'], 0.08],
    ['SE-EPI', FAMILY_PROTOCOLS['SE-EPI'], 0.08],
  ];
  for (const [family, overrides, t2, dummies] of families)
    for (const phaseDirection of ['column', 'row'] as const)
      it(`${family}, phase along ${phaseDirection}: a point spin appears at its pixel (centroid within 0.5 pixel, > 95 % of the energy within 1 pixel)`, () => {
        const p = smallProtocol({
          family: family as Protocol['family'],
          ...overrides,
          phaseDirection,
          geometry: { orientation: 'axial', center: CENTER },
        });
        for (const pixel of [
          [5, 11],
          [12, 3],
        ] as [number, number][]) {
          const { peak, centroid, concentration } = pointImage(p, pixel, t2, dummies);
          expect(peak).toEqual(pixel);
          expect(Math.abs((centroid[0] ?? 0) - pixel[0])).toBeLessThan(0.5);
          expect(Math.abs((centroid[1] ?? 0) - pixel[1])).toBeLessThan(0.5);
          // EPI lines read in the wrong direction leave half the signal in an N/2 ghost (¼ of the energy near).
          expect(concentration).toBeGreaterThan(0.95);
        }
      });
});
