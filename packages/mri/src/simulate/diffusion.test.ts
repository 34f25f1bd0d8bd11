import { describe, expect, it } from 'vitest';
import type { AnatomicalModel } from '../anatomy/types.ts';
import type { Scanner } from '../sequence/protocol.ts';
import { defaultProtocol } from '../sequence/defaults.ts';
import { tissueAtField } from '../tissue/library.ts';
import { adcMap, geometricMean } from './diffusion.ts';
import { testVolume } from './fast/phantom.testing.ts';
import { simulateSlice, type SimulateOptions } from './simulate.ts';
import { TEST_SCANNER } from '../scanner.testing.ts';

/** The default DWI protocol's first slice of `model` at b = 0 and b = 1000 s/mm² (1e9 s/m²), without noise. */
function dwiSlices(model: AnatomicalModel, scanner: Scanner) {
  const options: SimulateOptions = { tissueAt: (k) => tissueAtField(k, 1.5), noiseLevel: 0, seed: 1 };
  const base = { ...defaultProtocol('DWI', scanner), sliceCount: 1 };
  const bValues = [0, 1e9];
  const images = bValues.map(
    (b) => simulateSlice(model, { ...base, bValues: [b] }, scanner, options, 0).image,
  );
  return { base, bValues, images };
}

describe('DWI trace and ADC map', () => {
  it('geometric mean of directional images: S0·exp(−b·mean(D)) for directional decays (1e-6 relative)', () => {
    const d = [0.5e-9, 1e-9, 1.5e-9];
    const b = 1e9;
    const images = d.map((di) => Float32Array.of(100 * Math.exp(-b * di), 50 * Math.exp(-b * di)));
    const trace = geometricMean(images);
    expect(trace[0]).toBeCloseTo(100 * Math.exp(-b * 1e-9), 4);
    expect(trace[1]).toBeCloseTo(50 * Math.exp(-b * 1e-9), 4);
  });

  it('ADC is the log-linear slope over b (exact data: 1e-6 relative), 0 in the background and never negative', () => {
    const bValues = [0, 5e8, 1e9, 2e9];
    const adc = [0.7e-9, 3e-9, 0];
    const images = bValues.map((b) => Float32Array.from([...adc.map((a) => 200 * Math.exp(-b * a)), 0.1]));
    const map = adcMap(images, bValues, 0.2);
    expect((map[0] as number) / 0.7e-9).toBeCloseTo(1, 5);
    expect((map[1] as number) / 3e-9).toBeCloseTo(1, 5);
    expect(map[2]).toBe(0);
    expect(map[3]).toBe(0);
    expect(() => adcMap(images.slice(0, 1), [0], 1)).toThrow(/two distinct/);
  });

  it("the fast engine's DWI images at b = 0 and 1000 s/mm² give the tissue's library ADC at the centre of a uniform disc (1 %)", () => {
    const scanner = { ...TEST_SCANNER, coil: 'body' };
    for (const key of ['whiteMatter', 'csf']) {
      const model: AnatomicalModel = {
        id: 0,
        name: key,
        volume: testVolume(160, (x, y) => (Math.hypot(x, y) < 0.07 ? 1 : 0)),
        tissues: ['air', key],
        regions: [],
        features: [],
        coils: [],
      };
      const { bValues, images } = dwiSlices(model, scanner);
      const map = adcMap(
        images.map((i) => i.magnitude),
        bValues,
        0.001,
      );
      const { columns, rows } = images[0] ?? { columns: 0, rows: 0 };
      const value = map[(rows / 2) * columns + columns / 2] as number;
      expect(value / tissueAtField(key, 1.5).adc, key).toBeCloseTo(1, 2);
    }
  });

  it('masks on the b = 0 image only (issue 23.7): CSF in white matter, floor 5 % of the b = 0 maximum, no CSF pixel zeroed and CSF ADC 3.0e-9 m²/s within 2 %', () => {
    const scanner = { ...TEST_SCANNER, coil: 'body' };
    const model: AnatomicalModel = {
      id: 0,
      name: 'ventricle',
      volume: testVolume(160, (x, y) => {
        const r = Math.hypot(x, y);
        return r < 0.025 ? 2 : r < 0.07 ? 1 : 0;
      }),
      tissues: ['air', 'whiteMatter', 'csf'],
      regions: [],
      features: [],
      coils: [],
    };
    const { base, bValues, images } = dwiSlices(model, scanner);
    const b0 = images[0]?.magnitude ?? new Float32Array();
    const peak = b0.reduce((max, v) => Math.max(max, v), 0);
    const map = adcMap(
      images.map((i) => i.magnitude),
      bValues,
      0.05 * peak,
    );
    const { columns, rows } = images[0] ?? { columns: 0, rows: 0 };
    const pixel = base.fovRead / columns;
    const csf: number[] = [];
    for (let v = 0; v < rows; v++)
      for (let u = 0; u < columns; u++)
        if (Math.hypot((u - columns / 2 + 0.5) * pixel, (v - rows / 2 + 0.5) * pixel) < 0.015)
          csf.push(map[v * columns + u] as number);
    expect(csf.length).toBeGreaterThan(20);
    expect(csf.filter((adc) => adc === 0)).toEqual([]);
    const mean = csf.reduce((sum, adc) => sum + adc, 0) / csf.length;
    expect(Math.abs(mean / tissueAtField('csf', 1.5).adc - 1)).toBeLessThan(0.02);
    expect(Math.abs(tissueAtField('csf', 1.5).adc / 3e-9 - 1)).toBeLessThan(0.05);
  });
});
