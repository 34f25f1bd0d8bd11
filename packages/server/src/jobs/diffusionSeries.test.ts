/**
 * The ADC mask of the DWI series that the render CLI and the session API both build with `diffusionSeries`
 * (issue 23.7): background is where the b = 0 image is below 5 % of its maximum, never where only the
 * diffusion-weighted image is. Free water (CSF, ADC 3.0e-3 mm²/s) keeps e⁻³ ≈ 5.0 % of its b = 0 signal at
 * b = 1000 s/mm², below 5 % of the b = 0 maximum here, and must still read its ADC. Synthetic scans: each pixel
 * S0·exp(−b·ADC) exactly, so the expected ADC is the pixel's own (float32 rounding: 0.1 %).
 */
import type { Protocol } from '@larmor/mri';
import { defaultProtocol } from '@larmor/mri/sequence';
import { testScanner } from '@larmor/mri/testing';
import { describe, expect, it } from 'vitest';
import { ADC_UNIT_M2_PER_S, diffusionSeries, type SeriesImage } from './diffusionSeries.ts';

/** Pixels: CSF, white matter, and background (2 % of the CSF b = 0 signal). S0 relative; ADC [m²/s]. */
const PIXELS = [
  { s0: 1, adc: 3.0e-9 },
  { s0: 0.35, adc: 0.7e-9 },
  { s0: 0.02, adc: 3.0e-9 },
];

/** One slice, a row of PIXELS, at the protocol's one b-value [s/m²]. */
async function syntheticScan(protocol: Protocol): Promise<readonly SeriesImage[]> {
  const b = protocol.bValues?.[0] ?? 0;
  const magnitude = Float32Array.from(PIXELS, (p) => p.s0 * Math.exp(-b * p.adc));
  return [{ rows: 1, columns: PIXELS.length, magnitude }];
}

describe('the ADC map of the CLI and session DWI series masks on the b = 0 image only (issue 23.7)', () => {
  for (const bValues of [
    [0, 1e9],
    [1e9, 0],
  ]) {
    it(`b-values ${bValues.join(', ')} s/m²: CSF reads 3000, white matter 700 (10⁻⁶ mm²/s), background 0`, async () => {
      const protocol = { ...defaultProtocol('DWI', testScanner()), bValues };
      const series = await diffusionSeries(protocol, 1, syntheticScan);
      expect(series.map((s) => s.name)).toEqual(['b0', 'b1000', 'adc']);
      const b1000 = series[1]?.images[0]?.magnitude ?? new Float32Array();
      // The premise: CSF at b = 1000 is below the 5 % floor of the b = 0 maximum.
      expect(b1000[0]).toBeLessThan(0.05 * (PIXELS[0]?.s0 ?? 0));
      const adc = Array.from(series[2]?.images[0]?.magnitude ?? []);
      const expected = [3.0e-9 / ADC_UNIT_M2_PER_S, 0.7e-9 / ADC_UNIT_M2_PER_S];
      expected.forEach((value, i) => expect(Math.abs((adc[i] ?? 0) / value - 1)).toBeLessThan(1e-3));
      expect(adc[2]).toBe(0);
    });
  }
});
