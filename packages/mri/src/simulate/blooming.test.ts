import { describe, expect, it } from 'vitest';
import { cubeFieldMap, cubeImage, darkArea, haemorrhageCube } from './blooming.testing.ts';

/**
 * Blooming of a haemorrhage (issue 22.5) on a constructed case: a 5 mm sphere of chronic haemorrhage (library
 * `haemorrhage`, Δχ +1.5 ppm) in white matter, 1 mm pixels, 5 mm axial slice through it, noiseless. The dark area
 * is the pixels within 12 mm of the sphere below half the surrounding tissue's signal (blooming.testing.ts). A
 * gradient echo dephases in the dipole field around the focus (|sinc(g·w·TE)| per axis, fieldMap.ts), so the dark
 * area grows with TE and with B0 (the field offsets scale with B0) and exceeds the focus itself; a spin echo
 * refocuses the static field, leaving only the focus's own short T2 (Greenberg et al., Lancet Neurol 2009;8:165;
 * Liu et al., Radiology 2012;262:269).
 */
describe('haemorrhage blooming on gradient echo (fast engine, constructed case)', () => {
  const volume = haemorrhageCube();
  const maps = new Map([1.5, 3].map((b0) => [b0, cubeFieldMap(volume, b0)]));
  const dark = (family: 'GRE' | 'SE', te: number, b0: number): number =>
    darkArea(cubeImage(volume, family, te, b0, maps.get(b0))).dark;

  for (const b0 of [1.5, 3]) {
    it(`grows with TE at ${b0} T: the dark area at TE 30 ms exceeds TE 5 ms by 10 pixels and more`, () => {
      expect(dark('GRE', 0.03, b0)).toBeGreaterThan(dark('GRE', 0.005, b0) + 10);
    });
    it(`is smaller on a spin echo at ${b0} T: SE at TE 30 ms darkens at most half the GRE's area`, () => {
      expect(dark('SE', 0.03, b0)).toBeLessThanOrEqual(0.5 * dark('GRE', 0.03, b0));
    });
  }
  it('is larger at 3 T than at 1.5 T at the same TE (15 and 30 ms; ×1.5 at 30 ms)', () => {
    expect(dark('GRE', 0.015, 3)).toBeGreaterThan(dark('GRE', 0.015, 1.5));
    expect(dark('GRE', 0.03, 3)).toBeGreaterThan(1.5 * dark('GRE', 0.03, 1.5));
  });
  it('blooms beyond the focus at 3 T, TE 30 ms: darker than the focus itself and than the image without χ, ×1.5', () => {
    const image = cubeImage(volume, 'GRE', 0.03, 3, maps.get(3));
    const { dark: withField, own } = darkArea(image);
    const withoutField = darkArea(cubeImage(volume, 'GRE', 0.03, 3, undefined)).dark;
    expect(withField).toBeGreaterThan(1.5 * own);
    expect(withField).toBeGreaterThan(1.5 * withoutField);
  });
});
