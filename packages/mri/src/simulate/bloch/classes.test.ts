import { describe, expect, it } from 'vitest';
import { standardPlane } from '../../anatomy/resample.ts';
import { modelTexture } from '../../anatomy/texture.ts';
import { tissueAtField } from '../../tissue/library.ts';
import { testHeadModel } from '../fast/phantom.testing.ts';
import { spinsFromSlice } from './phantom.ts';
import { classifySpins } from './rfmap.ts';
import { CLASS_RELAXATION_BITS, roundToClassResolution } from './spins.ts';

const B0 = 1.5;

/** The test head with the texture every registry model carries (anatomy/texture.ts, ±3 %). */
function texturedHead() {
  const head = testHeadModel();
  return { ...head, volume: { ...head.volume, texture: modelTexture(1) } };
}

describe('a textured tissue in the Bloch engine keeps few spin classes (spins.ts CLASS_RELAXATION_BITS)', () => {
  it('rounds to 2⁻⁶ of the value at most half a step away, idempotent, keeping 0, infinity and NaN', () => {
    for (const v of [1e-3, 0.0637, 0.08, 0.5, 1.234, 3.9]) {
      const r = roundToClassResolution(v);
      expect(Math.abs(r - v) / v).toBeLessThanOrEqual(2 ** -(CLASS_RELAXATION_BITS + 1));
      expect(roundToClassResolution(r)).toBe(r);
      expect(Math.fround(r)).toBe(r); // a Float32 spin set stores it exactly
    }
    expect(roundToClassResolution(0)).toBe(0);
    expect(roundToClassResolution(Infinity)).toBe(Infinity);
    expect(roundToClassResolution(NaN)).toBeNaN();
  });

  it('gives a textured slice a handful of T1, T2 values per tissue and, with T2* isochromats, of frequencies', () => {
    const head = texturedHead();
    const tissues = head.tissues.map((k, label) => (label === 0 ? undefined : tissueAtField(k, B0)));
    const grid = { nx: 96, ny: 96, pixelSpacing: [0.0015, 0.0015] as const, sliceThickness: 0.005 };
    const spins = spinsFromSlice(head, standardPlane('axial', [0, 0, 0]), grid, tissues, { isochromats: 2 });
    const plain = spinsFromSlice(testHeadModel(), standardPlane('axial', [0, 0, 0]), grid, tissues);
    const distinct = (a: Float32Array) => new Set(a).size;
    // ±3 % in steps of 2⁻⁷ to 2⁻⁶ of the value (a binade's two ends): at most 9 values of each per tissue.
    const perTissue = 9 * distinct(plain.t1);
    expect(spins.count).toBeGreaterThan(5000);
    expect(distinct(spins.t1)).toBeLessThanOrEqual(perTissue);
    expect(distinct(spins.t2)).toBeLessThanOrEqual(perTissue);
    expect(distinct(spins.dw)).toBeLessThanOrEqual(2 * 9 * perTissue);
    // Slice-selective pulses (gradient on z) and readouts (on x; T1 plays no part in them, engine.ts) take the
    // class path, at most a quarter of the spins in classes; before the rounding every spin was a class of its own.
    expect(classifySpins(spins, spins.count, 4).representatives.length).toBeLessThanOrEqual(spins.count / 20);
    const single = spinsFromSlice(head, standardPlane('axial', [0, 0, 0]), grid, tissues);
    expect(classifySpins(single, single.count, 1, false).representatives.length).toBeLessThanOrEqual(
      single.count / 4,
    );
  });
});
