import { describe, expect, it } from 'vitest';
import type { AnatomicalModel } from '../anatomy/types.ts';
import { acquisitionSnrPercent } from '../sequence/derived.ts';
import type { Protocol } from '../sequence/protocol.ts';
import { testProtocol, testTissueAt } from './fast/phantom.testing.ts';
import type { RenderedImage } from './fast/render.ts';
import { relativeSnr } from './noise.ts';
import { simulate, type SimulateOptions } from './simulate.ts';
import { slabProfile } from './slab.ts';
import { blobModel, imageChecksum } from './threeD.testing.ts';
import { TEST_SCANNER } from '../scanner.testing.ts';

const options = (noiseLevel: SimulateOptions['noiseLevel']): SimulateOptions => ({
  tissueAt: testTissueAt,
  noiseLevel,
  seed: 7,
});
const small = { matrixRead: 64, matrixPhase: 48, fovRead: 0.08, fovPhase: 0.06 } as const;

/** Largest |a − b| over two images' magnitudes. */
function maxDifference(a: RenderedImage, b: RenderedImage): number {
  let max = 0;
  for (let i = 0; i < a.magnitude.length; i++)
    max = Math.max(max, Math.abs((a.magnitude[i] as number) - (b.magnitude[i] as number)));
  return max;
}

/** Magnitude at position (x, y) [m] of an axial image of the `small` geometry (phase along columns = +y). */
function at(image: RenderedImage, x: number, y: number): number {
  const c = Math.round(image.columns / 2 + x / (small.fovRead / small.matrixRead));
  const r = Math.round(image.rows / 2 + y / (small.fovPhase / small.matrixPhase));
  return image.magnitude[r * image.columns + c] ?? NaN;
}

function scan(model: AnatomicalModel, protocol: Protocol, noise: SimulateOptions['noiseLevel'] = 0) {
  return simulate(model, protocol, TEST_SCANNER, options(noise));
}

describe('3D slabs in the fast engine', () => {
  it('leaves 2D scans bit for bit as they were before 3D slabs existed (checksums recorded beforehand)', () => {
    const model = blobModel([
      { label: 1, center: [0, 0, 0], half: [0.015, 0.012, 0.004] },
      { label: 4, center: [0.008, -0.01, 0.006], half: [0.006, 0.005, 0.003] },
      { label: 3, center: [-0.01, 0.01, -0.006], half: [0.005, 0.006, 0.004] },
    ]);
    const base = { ...small, sliceCount: 4, sliceThickness: 0.004, sliceGap: 0.001 };
    const clean = scan(model, testProtocol(base));
    const noisy = scan(model, testProtocol({ ...base, partialFourier: 0.75 }), 2);
    expect(imageChecksum(clean.images, clean.kspace)).toBe('9f86dd50');
    expect(imageChecksum(noisy.images, noisy.kspace)).toBe('9515e5e3');
  });

  // Slab: 8 partitions of 4 mm, centres −14…14 mm, edges ±16 mm; excited to ±24 mm (25 % transition bands).
  const slab = { ...small, sliceCount: 8, sliceThickness: 0.004, sliceGap: 0 };

  it('gives, partition by partition, the 2D stack of the same slices when the object fits inside the slab (max difference 1e-6 of the peak)', () => {
    const model = blobModel([
      { label: 1, center: [0, 0, 0], half: [0.015, 0.012, 0.0115] },
      { label: 4, center: [0.008, -0.01, 0.006], half: [0.006, 0.005, 0.005] },
      { label: 3, center: [-0.01, 0.01, -0.008], half: [0.005, 0.006, 0.0035] },
    ]);
    const threeD = scan(model, testProtocol({ ...slab, is3d: true }));
    const stack = scan(model, testProtocol(slab));
    expect(threeD.images).toHaveLength(8);
    const peak = Math.max(...stack.images.map((im) => Math.max(...im.magnitude)));
    expect(peak).toBeGreaterThan(0.1);
    threeD.images.forEach((image, p) => {
      expect(maxDifference(image, stack.images[p] as RenderedImage)).toBeLessThan(1e-6 * peak);
    });
  });

  it('folds an object beyond the slab but inside the excited region onto partition (m mod N), scaled by the slab profile (±1e-5), and drops what lies beyond it', () => {
    // A white-matter block filling position m = 8 (voxels 16…20 mm, profile 1 − 2 mm/8 mm = 0.75) at x = +15 mm, and a
    // fat block at 26…30 mm (beyond the excited region: never seen) at x = −15 mm.
    const model = blobModel([
      { label: 1, center: [0.015, 0, 0.018], half: [0.006, 0.006, 0.002] },
      { label: 4, center: [-0.015, 0, 0.028], half: [0.006, 0.006, 0.002] },
    ]);
    const threeD = scan(model, testProtocol({ ...slab, is3d: true }));
    const single = scan(
      model,
      testProtocol({
        ...small,
        sliceThickness: 0.004,
        geometry: { orientation: 'axial', center: [0, 0, 0.018] },
      }),
    );
    const truth = at(single.images[0] as RenderedImage, 0.015, 0);
    expect(truth).toBeGreaterThan(0.1);
    // Absent: below 1 % of the block's signal (the folded block's Gibbs ringing reaches 0.3 % at 30 mm).
    const absent = 0.01 * truth;
    expect(slabProfile(0.002, 0.032)).toBeCloseTo(0.75, 12);
    expect(at(threeD.images[0] as RenderedImage, 0.015, 0)).toBeCloseTo(0.75 * truth, 5);
    for (let p = 1; p < 8; p++) expect(at(threeD.images[p] as RenderedImage, 0.015, 0)).toBeLessThan(absent);
    for (const image of threeD.images) expect(at(image, -0.015, 0)).toBeLessThan(absent);
    // The 2D stack of the same slices sees neither block.
    for (const image of scan(model, testProtocol(slab)).images)
      expect(at(image, 0.015, 0)).toBeLessThan(absent);
  });

  it('lowers the image noise σ by 1/√N_partitions against the 2D slice of the same voxel (±5 %), as acquisitionSnrPercent counts', () => {
    const model = blobModel([{ label: 1, center: [0, 0, 0], half: [0.015, 0.012, 0.01] }]);
    const sigma = (protocol: Protocol): number => {
      const clean = scan(model, protocol).images[3] as RenderedImage;
      const noisy = scan(model, protocol, 3).images[3] as RenderedImage;
      let sum = 0;
      for (let i = 0; i < clean.re.length; i++) {
        sum += ((noisy.re[i] as number) - (clean.re[i] as number)) ** 2;
        sum += ((noisy.im[i] as number) - (clean.im[i] as number)) ** 2;
      }
      return Math.sqrt(sum / (2 * clean.re.length));
    };
    const twoD = testProtocol(slab);
    const threeD = testProtocol({ ...slab, is3d: true });
    expect(sigma(threeD) / sigma(twoD)).toBeGreaterThan(0.95 / Math.sqrt(8));
    expect(sigma(threeD) / sigma(twoD)).toBeLessThan(1.05 / Math.sqrt(8));
    expect(relativeSnr(threeD, TEST_SCANNER) / relativeSnr(twoD, TEST_SCANNER)).toBeCloseTo(
      acquisitionSnrPercent(threeD, TEST_SCANNER) / acquisitionSnrPercent(twoD, TEST_SCANNER),
      12,
    );
  });
});
