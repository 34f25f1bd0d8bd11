import { describe, expect, it } from 'vitest';
import type { Protocol } from '../protocol.ts';
import { pixelPosition, pointImage } from './pointImage.testing.ts';
import { FAMILY_PROTOCOLS, smallProtocol } from './protocols.testing.ts';

/** FOV centre off the isocentre by a non-integer number of pixels (12.5 mm) along x and y, slice at z = 4 mm. */
const CENTER: [number, number, number] = [0.0331, -0.0217, 0.004];

describe('off-centre field of view: ADC frequency and phase offsets follow geometry.center in-plane', () => {
  // T2 [s] of the spin: 4 ms ≪ TR for the spoiled GRE (one isochromat is not spoiled by the gradients).
  const families: [string, Partial<Protocol>, number, number?][] = [
    ['SE', FAMILY_PROTOCOLS.SE, 0.08],
    ['TSE', FAMILY_PROTOCOLS.TSE, 0.08],
    ['GRE', FAMILY_PROTOCOLS.GRE, 0.004],
    // The default dummy scans: with 10, the α/2 catalysation's transient at this off-centre slice (z = 4 mm) left
    // 13 % of the energy outside the pixel once the excitation became validation's 1 ms pulse (2 ms: 1 %).
    ['bSSFP', FAMILY_PROTOCOLS.bSSFP, 0.08],
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
          const { peak, centroid, concentration } = pointImage(
            p,
            pixelPosition(p, pixel),
            t2,
            dummies === undefined ? {} : { dummyScans: dummies },
          );
          expect(peak).toEqual(pixel);
          expect(Math.abs((centroid[0] ?? 0) - pixel[0])).toBeLessThan(0.5);
          expect(Math.abs((centroid[1] ?? 0) - pixel[1])).toBeLessThan(0.5);
          // EPI lines read in the wrong direction leave half the signal in an N/2 ghost (¼ of the energy near).
          expect(concentration).toBeGreaterThan(0.95);
        }
      });
});
