import { describe, expect, it } from 'vitest';
import { seededRandom } from './noise.ts';
import { absSincPiProductInto, scaledCosSinInto } from './trig.ts';
import { wasmFieldFactor, type FieldFactorInputs } from './wasmField.ts';

/**
 * Inputs over and beyond a field map's range: offsets to kHz (and one far beyond the reduction's range), g·w from 0
 * to past the sinc polynomial's π/4 (one lane of a pair beyond it), signed zeros, NaN; an odd count (a last
 * pixel alone).
 */
function inputs(count: number, seed: number): FieldFactorInputs {
  const random = seededRandom(seed);
  const pick = (p: number, scale: number): number => {
    if (p % 97 === 0) return p % 2 ? -0 : 0;
    if (p === 501) return NaN;
    return (random() - 0.5) * 2 * scale * 10 ** (random() * 2 - 1);
  };
  return {
    radPerS: Float64Array.from({ length: count }, (_, p) => (p === 77 ? 1e12 : -2 * Math.PI * pick(p, 400))),
    gwRead: Float64Array.from({ length: count }, (_, p) => pick(p, 20)),
    gwPhase: Float64Array.from({ length: count }, (_, p) => pick(p + 1, 8)),
    gwSlice: Float64Array.from({ length: count }, (_, p) => pick(p + 2, 30)),
  };
}

function javascriptFactor(field: FieldFactorInputs, te: number): { cos: Float64Array; sin: Float64Array } {
  const cos = new Float64Array(field.radPerS.length);
  const sin = new Float64Array(field.radPerS.length);
  absSincPiProductInto(cos, field.gwRead, field.gwPhase, field.gwSlice, te);
  scaledCosSinInto(cos, sin, field.radPerS, te);
  return { cos, sin };
}

const sameBits = (a: Float64Array, b: Float64Array): boolean => a.every((v, i) => Object.is(v, b[i]));

describe('wasmField.ts: the field-map factor on WebAssembly SIMD is trig.ts’s to the bit', () => {
  it('at TEs 0, 5, 30 and 200 ms, −0, −5 ms and NaN, for two slices of other sizes in turn (memory reloaded)', () => {
    const slices = [inputs(4097, 3), inputs(65_535, 4), inputs(4097, 5)];
    for (const field of slices) {
      for (const te of [0, 0.005, 0.03, 0.2, -0, -0.005, NaN]) {
        const cos = new Float64Array(field.radPerS.length);
        const sin = new Float64Array(field.radPerS.length);
        expect(wasmFieldFactor(field, te, cos, sin)).toBe(true);
        const reference = javascriptFactor(field, te);
        expect(sameBits(cos, reference.cos) && sameBits(sin, reference.sin)).toBe(true);
      }
    }
  });

  it('where every lane is in the reduction’s range (the vector path), the sinc’s polynomial and its sine mixed', () => {
    const count = 20_000;
    const random = seededRandom(8);
    const small = (): Float64Array => Float64Array.from({ length: count }, () => (random() - 0.5) * 60);
    const field = {
      radPerS: Float64Array.from({ length: count }, () => (random() - 0.5) * 2e4),
      gwRead: small(),
      gwPhase: small(),
      gwSlice: small(),
    };
    const cos = new Float64Array(count);
    const sin = new Float64Array(count);
    wasmFieldFactor(field, 0.02, cos, sin);
    const reference = javascriptFactor(field, 0.02);
    expect(sameBits(cos, reference.cos) && sameBits(sin, reference.sin)).toBe(true);
  });
});
