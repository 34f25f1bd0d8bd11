import { describe, expect, it } from 'vitest';
import { TEST_SCANNER } from '../../scanner.testing.ts';
import { prepareContrastSlice, renderContrastSlice } from './contrastSlice.ts';
import { LABEL, testProtocol, testTissues, testVolume } from './phantom.testing.ts';
import { testCoilArray } from './coilArray.testing.ts';
import { firstSliceFrame } from '../geometry.testing.ts';
import { prepareSlice } from './prepare.ts';
import { compareRendered as compare } from './rendered.testing.ts';
import { createContrastWorkspace, renderContrast, type ContrastOptions } from './render.ts';

// White matter, CSF and fat rings off centre, grey matter outside: four tissues, one chemically shifted.
const volume = testVolume(160, (x, y) => {
  const r = Math.hypot(x - 0.01, y + 0.005);
  return r < 0.03
    ? LABEL.whiteMatter
    : r < 0.04
      ? LABEL.csf
      : r < 0.05
        ? LABEL.fat
        : r < 0.06
          ? LABEL.greyMatter
          : 0;
});
const tissues = testTissues();

describe('fast engine: one contrast of a new slice without its tissues (issue 26, slice moved)', () => {
  it.each([
    ['SE', {}],
    [
      'spoiled GRE at 80 Hz/px (fat shifted 2.7 px)',
      { family: 'GRE' as const, echoTime: 0.005, flipAngle: 0.5 },
    ],
    ['IR', { family: 'IR' as const, repetitionTime: 2, inversionTime: 0.4 }],
    [
      'SE, phase along rows, 50 % phase oversampling',
      { phaseDirection: 'row' as const, phaseOversampling: 0.5 },
    ],
  ])(
    'gives the per-tissue image, one channel and three coils with noise, with and without a workspace (1e-5 of the peak): %s',
    (_, change) => {
      const protocol = testProtocol({ bandwidthPerPixel: 80, repetitionTime: 0.5, ...change });
      const frame = firstSliceFrame(protocol);
      const { maps, noise } = testCoilArray(frame);
      const slice = prepareContrastSlice(volume, frame, protocol, TEST_SCANNER, tissues);
      expect(slice).toBeDefined();
      if (!slice) return;
      // Water and fat: two images, one FFT each way, instead of four tissues.
      expect(slice.prepared.labels.length).toBe(2);
      const prepared = prepareSlice(volume, frame);
      expect(prepared.labels.length).toBe(4);
      for (const receive of [{ noise: noise.slice(0, 1) }, { noise, coilMaps: maps }] as const) {
        for (const workspace of [undefined, createContrastWorkspace(frame)]) {
          const options: ContrastOptions = {
            tissues,
            noiseLevel: 2,
            prescanNormalize: true,
            ...receive,
            ...(workspace ? { workspace } : {}),
          };
          const perTissue = renderContrast(prepared, protocol, TEST_SCANNER, options);
          const contrast = renderContrastSlice(slice, protocol, TEST_SCANNER, options);
          const { worst, peak } = compare(perTissue, contrast);
          expect(peak).toBeGreaterThan(0.1);
          expect(worst).toBeLessThan(1e-5 * peak);
        }
      }
    },
  );

  it.each([
    ['TSE (weights vary over the lines)', { family: 'TSE' as const, echoTime: 0.09, echoTrainLength: 8 }],
    ['partial Fourier 5/8', { partialFourier: 0.625 }],
  ])('is refused where one image per tissue is needed: %s', (_, change) => {
    const protocol = testProtocol({ repetitionTime: 3, ...change });
    expect(
      prepareContrastSlice(volume, firstSliceFrame(protocol), protocol, TEST_SCANNER, tissues),
    ).toBeUndefined();
  });

  it('a slice with no tissue giving signal renders black', () => {
    const protocol = testProtocol();
    const frame = firstSliceFrame(protocol);
    const slice = prepareContrastSlice(
      volume,
      frame,
      protocol,
      TEST_SCANNER,
      tissues.map(() => undefined),
    );
    expect(slice?.prepared.labels).toEqual([]);
    if (!slice) return;
    const image = renderContrastSlice(slice, protocol, TEST_SCANNER, {
      tissues,
      workspace: createContrastWorkspace(frame),
    });
    expect(Math.max(...image.magnitude)).toBe(0);
  });
});
