/**
 * Every receive channel's k-space (ContrastOptions.keepCoilKSpaces), the k-space view per coil (issue 13): coil c
 * receives s_c·x, so with uniform sensitivities 1 and ½ and no noise the second channel's k-space is exactly half
 * the first's (FFT linearity), on the full-Fourier receive path and on the partial-Fourier one; the first
 * channel's k-space is the one a scan stores (keepKSpace), bit for bit.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom, unitComplexNoise } from '../noise.ts';
import { LABEL, testProtocol, testTissues, testVolume } from './phantom.testing.ts';
import { prepareSlice } from './prepare.ts';
import { renderContrast } from './render.ts';
import { TEST_SCANNER } from '../../scanner.testing.ts';
import { firstSliceFrame } from '../geometry.testing.ts';

/** Largest |a − b·factor| over two k-spaces, relative to the largest |a|. */
function worstRelative(
  a: { re: Float32Array; im: Float32Array },
  b: { re: Float32Array; im: Float32Array },
  factor: number,
): number {
  let worst = 0;
  let peak = 0;
  for (let i = 0; i < a.re.length; i++) {
    peak = Math.max(peak, Math.hypot(a.re[i] as number, a.im[i] as number));
    worst = Math.max(
      worst,
      Math.hypot(
        (a.re[i] as number) - factor * (b.re[i] as number),
        (a.im[i] as number) - factor * (b.im[i] as number),
      ),
    );
  }
  return worst / peak;
}

describe('the k-space of every receive channel', () => {
  const volume = testVolume(96, (x, y) => (Math.hypot(x, y) < 0.05 ? LABEL.greyMatter : 0));
  const tissues = testTissues();
  const protocol = testProtocol();
  const frame = firstSliceFrame(protocol);
  const prepared = prepareSlice(volume, frame);
  const n = frame.readCount * frame.phaseCount;
  const coilMaps = [new Float32Array(n).fill(1), new Float32Array(n).fill(0.5)];

  it.each([
    ['full Fourier', 1],
    ['5/8 partial Fourier', 5 / 8],
  ])('%s: one k-space per channel, the second half the first (1e-6 of the peak)', (_, partialFourier) => {
    const image = renderContrast(prepared, { ...protocol, partialFourier }, TEST_SCANNER, {
      tissues,
      coilMaps,
      keepKSpace: true,
      keepCoilKSpaces: true,
    });
    const [first, second] = image.coilKSpaces ?? [];
    expect(image.coilKSpaces).toHaveLength(2);
    if (!first || !second || !image.kspace) throw new Error('no k-spaces');
    expect(first.re.length).toBe(image.kspace.re.length);
    expect(worstRelative(second, first, 0.5)).toBeLessThan(1e-6);
    // The stored (first-channel) k-space is the first of them, unchanged.
    expect(Array.from(first.re)).toEqual(Array.from(image.kspace.re));
    expect(Array.from(first.im)).toEqual(Array.from(image.kspace.im));
  });

  it('gives none unless asked, and none for a single channel', () => {
    expect(
      renderContrast(prepared, protocol, TEST_SCANNER, { tissues, coilMaps, keepKSpace: true }).coilKSpaces,
    ).toBe(undefined);
    expect(
      renderContrast(prepared, protocol, TEST_SCANNER, { tissues, keepCoilKSpaces: true }).coilKSpaces,
    ).toBe(undefined);
  });

  it("adds each channel's own noise: with noise the two channels are no longer proportional", () => {
    const random = seededRandom(7);
    const noisy = renderContrast(prepared, protocol, TEST_SCANNER, {
      tissues,
      coilMaps,
      noiseLevel: 3,
      noise: [0, 1].map(() => unitComplexNoise(n, random)),
      keepCoilKSpaces: true,
    });
    const [first, second] = noisy.coilKSpaces ?? [];
    if (!first || !second) throw new Error('no k-spaces');
    expect(worstRelative(second, first, 0.5)).toBeGreaterThan(1e-3);
  });
});
