import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compressShape, decompressShape, SHAPE_QUANTUM, ShapeDecodeError } from './shapes.ts';

// The three worked examples of the specification (reference/pulseq-specification.tex, "Compression").
const RAMP_PLATEAU = [0, 0.1, 0.25, 0.5, 1, 1, 1, 1, 1, 1, 1, 0.75, 0.5, 0.25, 0];
const RAMP_PLATEAU_STORED = [0, 0.1, 0.15, 0.25, 0.5, 0, 0, 4, -0.25, -0.25, 2];

describe('decompressShape', () => {
  it('expands the specification examples exactly', () => {
    const ramp = decompressShape(RAMP_PLATEAU_STORED, 15);
    RAMP_PLATEAU.forEach((v, i) => expect(ramp[i]).toBeCloseTo(v, 14));
    expect([...decompressShape([0, 0, 98], 100)]).toEqual(new Array(100).fill(0));
    expect([...decompressShape([1, 0, 0, 97], 100)]).toEqual(new Array(100).fill(1));
  });

  it('takes a stored shape as uncompressed when its length equals num_samples', () => {
    expect([...decompressShape([0.5, 0.5, 3], 3)]).toEqual([0.5, 0.5, 3]);
  });

  it('rejects a shape whose decompressed length differs from num_samples', () => {
    expect(() => decompressShape([0, 0, 98], 99)).toThrow(ShapeDecodeError);
    expect(() => decompressShape([0, 0, 5], 10)).toThrow(/decompresses to 7 samples but declares 10/);
  });
});

describe('compressShape', () => {
  it('reproduces the specification examples', () => {
    const stored = compressShape(RAMP_PLATEAU);
    expect(stored).toHaveLength(RAMP_PLATEAU_STORED.length);
    stored.forEach((v, i) => expect(v).toBeCloseTo(RAMP_PLATEAU_STORED[i] ?? NaN, 12));
    expect(compressShape(new Array(100).fill(0))).toEqual([0, 0, 98]);
    expect(compressShape(new Array(100).fill(1))).toEqual([1, 0, 0, 97]);
  });

  it('keeps a shape uncompressed when compression would not shorten it', () => {
    expect(compressShape([0.1, 0.7, 0.2])).toEqual([0.1, 0.7, 0.2]);
  });

  it('round-trips any shape to within half a quantum', () => {
    const shape = Array.from({ length: 1000 }, (_, i) => Math.sin(i / 37) * Math.exp(-i / 400));
    const back = decompressShape(compressShape(shape), shape.length);
    shape.forEach((v, i) =>
      expect(Math.abs((back[i] ?? NaN) - v)).toBeLessThanOrEqual(SHAPE_QUANTUM / 2 + 1e-15),
    );
  });
});

describe('shape compression, for any shape', () => {
  it('decompress(compress(s)) stays within half a quantum of s and never lengthens it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 200 }),
        (s) => {
          const stored = compressShape(s);
          expect(stored.length).toBeLessThanOrEqual(s.length);
          const back = decompressShape(stored, s.length);
          s.forEach((v, i) =>
            expect(Math.abs((back[i] ?? NaN) - v)).toBeLessThanOrEqual(SHAPE_QUANTUM / 2 + 1e-12),
          );
        },
      ),
    );
  });
});
