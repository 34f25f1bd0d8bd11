import { describe, expect, it } from 'vitest';
import { imageNoiseSigma } from '../noise.ts';
import { LABEL, testProtocol, testTissues, testVolume } from './phantom.testing.ts';
import { testCoilArray } from './coilArray.testing.ts';
import { firstSliceFrame } from '../geometry.testing.ts';
import { prepareSlice } from './prepare.ts';
import { prescanNormalisationGain } from '../prescan.ts';
import { createContrastWorkspace, renderContrast } from './render.ts';
import { TEST_SCANNER } from '../../scanner.testing.ts';

describe('fast engine: coil-array receive', () => {
  const protocol = testProtocol({ matrixRead: 64, matrixPhase: 64 });
  const frame = firstSliceFrame(protocol);
  // Grey matter in a disc, CSF in a smaller one off centre.
  const volume = testVolume(200, (x, y) =>
    Math.hypot(x - 0.02, y) < 0.02 ? LABEL.csf : Math.hypot(x, y) < 0.07 ? LABEL.greyMatter : 0,
  );
  const prepared = prepareSlice(volume, frame);
  const tissues = testTissues();
  const n = frame.readCount * frame.phaseCount;
  const { maps, noise } = testCoilArray(frame, { step: 0.2, seed: 21 });

  it.each([
    ['k-space path', undefined],
    ['image-domain pass on a workspace', createContrastWorkspace(frame)],
  ])(
    'sum of squares and sensitivity combination equal Σ|s_c·x + σ·n_c|² and x + Σs_c·σn_c/Σs_c² built from the single-channel image x (1e-6 of the peak): %s',
    (_, workspace) => {
      expect(frame.transposed).toBe(false);
      const x = renderContrast(prepared, protocol, TEST_SCANNER, { tissues });
      const array = renderContrast(prepared, protocol, TEST_SCANNER, {
        tissues,
        coilMaps: maps,
        noiseLevel: 2,
        noise,
        ...(workspace ? { workspace } : {}),
      });
      const sigma = imageNoiseSigma(protocol, TEST_SCANNER, 2);
      let peak = 0;
      let worst = 0;
      for (let i = 0; i < n; i++) {
        let sos = 0;
        let combRe = 0;
        let combIm = 0;
        let norm = 0;
        maps.forEach((map, c) => {
          const s = map[i] as number;
          const yr = s * (x.re[i] as number) + sigma * (noise[c]?.re[i] as number);
          const yi = s * (x.im[i] as number) + sigma * (noise[c]?.im[i] as number);
          sos += yr * yr + yi * yi;
          combRe += s * yr;
          combIm += s * yi;
          norm += s * s;
        });
        peak = Math.max(peak, Math.sqrt(sos));
        worst = Math.max(
          worst,
          Math.abs(Math.sqrt(sos) - (array.magnitude[i] as number)),
          Math.abs(combRe / norm - (array.re[i] as number)),
          Math.abs(combIm / norm - (array.im[i] as number)),
        );
      }
      expect(peak).toBeGreaterThan(0.1);
      expect(worst).toBeLessThan(1e-6 * peak);
    },
  );

  it.each([
    ['k-space path', undefined],
    ['image-domain pass on a workspace', createContrastWorkspace(frame)],
    ['k-space kept (simulate.ts)', 'keep' as const],
  ])(
    'applies the prescan gain in the receive pass exactly as a pass over the finished image would (bit for bit): %s',
    (_, workspace) => {
      const options = {
        tissues,
        coilMaps: maps,
        noiseLevel: 2 as const,
        noise,
        ...(workspace === 'keep' ? { keepKSpace: true } : workspace ? { workspace } : {}),
      };
      const raw = renderContrast(prepared, protocol, TEST_SCANNER, options);
      const normalised = renderContrast(prepared, protocol, TEST_SCANNER, {
        ...options,
        prescanNormalize: true,
      });
      const gain = prescanNormalisationGain(maps, frame);
      const bits = (a: Float32Array) => Array.from(new Uint32Array(a.slice().buffer));
      for (const key of ['magnitude', 're', 'im'] as const) {
        const expected = raw[key].map((v, i) => v * (gain[i] as number));
        expect(bits(normalised[key])).toEqual(bits(expected));
      }
      // The gain is not 1 everywhere: the test can fail.
      expect(Math.max(...gain) / Math.min(...gain)).toBeGreaterThan(1.5);
    },
  );
});
